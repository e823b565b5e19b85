import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionUser, SignInInput } from '../../../../domain/auth';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';

export const signIn = (input: SignInInput) => api.post<SessionUser>('/auth/sign-in', { body: input });

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (user) => queryClient.setQueryData(sessionQueryKey, user),
  });
}
