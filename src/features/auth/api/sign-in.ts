import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInResult } from '../../../../domain/account';
import type { SignInInput } from '../../../../domain/auth-schemas';
import { api } from '../../../lib/api-client';
import { startSession } from '../../../lib/session';
import { rememberVerification } from '../../../lib/api/verification/verification-cache';

export const signIn = (input: SignInInput) => api.post<SignInResult>('/auth/sign-in', { body: input });

/** Signs in; an account that was never verified answers with a fresh code to enter instead. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (result) => {
      if ('user' in result) startSession(queryClient, result.user);
      else rememberVerification(queryClient, result.verification);
    },
  });
}
