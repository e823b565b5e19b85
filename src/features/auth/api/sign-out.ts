import { useMutation } from '@tanstack/react-query';
import { ROUTES } from '../../../../domain/routes';
import { api } from '../../../lib/api-client';

export const signOut = () => api.post<void>('/auth/sign-out');

/**
 * Signs out, then loads the home page afresh: nothing the signed-in person had cached (their
 * session, their messages, their orders) survives in memory for the next person at this screen.
 */
export function useSignOut() {
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => window.location.assign(ROUTES.home),
  });
}
