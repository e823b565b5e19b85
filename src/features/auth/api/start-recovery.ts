import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecoveryStartInput, Verification } from '../../../../domain/account';
import { api } from '../../../lib/api-client';
import { rememberVerification } from '../../../lib/api/verification/verification-cache';

export const startRecovery = (input: RecoveryStartInput) => api.post<{ verification: Verification }>('/auth/recovery', { body: input });

/** Sends a recovery code to the account's email or phone. */
export function useStartRecovery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startRecovery,
    onSuccess: ({ verification }) => rememberVerification(queryClient, verification),
  });
}
