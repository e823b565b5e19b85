import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, UpdateProfileInput } from '../../../../domain/account';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';
import { profileQueryKey } from './get-profile';

export const updateProfile = (input: UpdateProfileInput) => api.put<Profile>('/me/profile', { body: input });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // The header greets the person by name, so the session is asked again along with the profile.
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryKey, profile);
      return queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
