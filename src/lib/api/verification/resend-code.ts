import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Verification } from '../../../../domain/account';
import { api } from '../../api-client';
import { received, verificationPath, verificationQueryKey } from './verification-cache';

export const resendCode = async (id: string) => received(await api.post<Verification>(`${verificationPath(id)}/resend`));

/** Sends a new code for the same verification; its answer carries the new expiry and waits. */
export function useResendCode(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resendCode(id),
    onSuccess: (verification) => queryClient.setQueryData(verificationQueryKey(id), verification),
    onError: () => queryClient.invalidateQueries({ queryKey: verificationQueryKey(id), exact: true }),
  });
}
