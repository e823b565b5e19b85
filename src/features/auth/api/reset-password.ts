import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { resetPasswordSchema } from '../../../../domain/account';
import type { SessionUser } from '../../../../domain/auth-schemas';
import { api } from '../../../lib/api-client';
import { startSession } from '../../../lib/session';

export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

export const resetPassword = (input: ResetPasswordInput) => api.post<{ user: SessionUser }>('/auth/recovery/reset', { body: input });

/** Sets the new password; the server ends the account's other sessions and signs this browser in. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: ({ user }) => startSession(queryClient, user),
  });
}
