import { useMutation } from '@tanstack/react-query';
import { ROUTES } from '../../../../domain/routes';
import { api } from '../../../lib/api-client';

export const deleteAccount = () => api.delete<void>('/me');

/**
 * The server has already ended the session; loading the home page afresh leaves nothing of the
 * deleted account (profile, session, messages) cached in memory.
 */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => window.location.assign(ROUTES.home),
  });
}
