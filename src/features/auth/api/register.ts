import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterInput, Verification } from '../../../../domain/account';
import { api } from '../../../lib/api-client';
import { rememberVerification } from '../../../lib/api/verification/verification-cache';

export const register = (input: RegisterInput) => api.post<{ verification: Verification }>('/auth/register', { body: input });

/** Creates the account, inactive until the code sent by the chosen channel is entered. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: ({ verification }) => rememberVerification(queryClient, verification),
  });
}
