import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerifyCodeResult } from '../../../../domain/account';
import { api } from '../../api-client';
import { HttpError } from '../../http';
import { startSession } from '../../session';
import { verificationPath, verificationQueryKey } from './verification-cache';

export const verifyCode = (id: string, code: string) => api.post<VerifyCodeResult>(`${verificationPath(id)}/verify`, { body: { code } });

/** Takes a code; a code that signs someone in (registration, a contact change) updates the session at once. */
export function useVerifyCode(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => verifyCode(id, code),
    onSuccess: (result) => {
      if (result.user) startSession(queryClient, result.user);
    },
    onError: (error) => {
      // A refused code used up an attempt or found the code expired, and a code that is gone (used in
      // another tab, replaced) must show as gone: either way the server's own account of it is wanted.
      if (error instanceof HttpError) void queryClient.invalidateQueries({ queryKey: verificationQueryKey(id), exact: true });
    },
  });
}
