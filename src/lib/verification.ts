import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Verification, VerifyCodeResult } from '../../domain/account';
import { api } from './api-client';
import { HttpError } from './http';
import { sessionQueryKey } from './session';

/** The query parameter that keeps a code-entry screen open across a reload. */
export const VERIFICATION_PARAM = 'verification';

/** A verification as received: when, by this device's clock, and how far the server clock ran ahead of it then. */
export type ReceivedVerification = Verification & { clockOffsetMs: number; receivedAt: number };

export function received(verification: Verification): ReceivedVerification {
  const receivedAt = Date.now();
  return { ...verification, clockOffsetMs: verification.serverNow - receivedAt, receivedAt };
}

export const verificationQueryKey = (id: string) => ['verification', id] as const;

const verificationPath = (id: string) => `/auth/verifications/${encodeURIComponent(id)}`;

export const getVerification = async (id: string) => received(await api.get<Verification>(verificationPath(id)));
export const verifyCode = (id: string, code: string) => api.post<VerifyCodeResult>(`${verificationPath(id)}/verify`, { body: { code } });
export const resendCode = async (id: string) => received(await api.post<Verification>(`${verificationPath(id)}/resend`));

export const verificationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: verificationQueryKey(id),
    queryFn: () => getVerification(id),
    // Only this screen changes it (a resend, a refusal), and it refreshes the entry itself then.
    staleTime: Infinity,
  });

export const useVerification = (id: string) => useQuery(verificationQueryOptions(id));

/** Keeps a verification that arrived with another answer (registration, sign-in, recovery) so its screen needs no second call. */
export function rememberVerification(queryClient: QueryClient, verification: Verification) {
  queryClient.setQueryData(verificationQueryKey(verification.id), received(verification));
}

/** Takes a code; a code that signs someone in (registration, a contact change) updates the session at once. */
export function useVerifyCode(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => verifyCode(id, code),
    onSuccess: (result) => {
      if (result.user) queryClient.setQueryData(sessionQueryKey, result.user);
    },
    onError: (error) => {
      // A refused code used up an attempt or found the code expired: show the server's count.
      if (error instanceof HttpError && error.status !== 404) void queryClient.invalidateQueries({ queryKey: verificationQueryKey(id), exact: true });
    },
  });
}

export function useResendCode(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resendCode(id),
    onSuccess: (verification) => queryClient.setQueryData(verificationQueryKey(id), verification),
    onError: () => queryClient.invalidateQueries({ queryKey: verificationQueryKey(id), exact: true }),
  });
}
