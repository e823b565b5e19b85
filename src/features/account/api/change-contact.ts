import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeContactInput, Verification } from '../../../../domain/account';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';
import { rememberVerification } from '../../../lib/api/verification/verification-cache';
import { profileQueryKey } from './get-profile';

/** Sends a code to the new email or phone; nothing changes until that code is entered. */
export const changeContact = (input: ChangeContactInput) => api.post<{ verification: Verification }>('/me/contact', { body: input });

export function useChangeContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeContact,
    // The code-entry screen that follows reads the verification from the cache instead of asking again.
    onSuccess: ({ verification }) => rememberVerification(queryClient, verification),
  });
}

/**
 * The new address takes effect when its code is verified, which happens outside this mutation;
 * the caller runs this then so the profile and the header (which shows the email) catch up.
 */
export function useRefreshAfterContactChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: profileQueryKey }), queryClient.invalidateQueries({ queryKey: sessionQueryKey })]);
}
