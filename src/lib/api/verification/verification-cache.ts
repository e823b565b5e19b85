import type { QueryClient } from '@tanstack/react-query';
import type { Verification } from '../../../../domain/account';

/** A verification as received: when, by this device's clock, and how far the server clock ran ahead of it then. */
export type ReceivedVerification = Verification & { clockOffsetMs: number; receivedAt: number };

export function received(verification: Verification): ReceivedVerification {
  const receivedAt = Date.now();
  return { ...verification, clockOffsetMs: verification.serverNow - receivedAt, receivedAt };
}

/** The root of every verification's cache entry. */
export const verificationsQueryKey = ['verification'] as const;
export const verificationQueryKey = (id: string) => [...verificationsQueryKey, id] as const;

export const verificationPath = (id: string) => `/auth/verifications/${encodeURIComponent(id)}`;

/** Keeps a verification that arrived with another answer (registration, sign-in, recovery) so its screen needs no second call. */
export function rememberVerification(queryClient: QueryClient, verification: Verification) {
  queryClient.setQueryData(verificationQueryKey(verification.id), received(verification));
}
