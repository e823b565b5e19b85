import type { QueryClient } from '@tanstack/react-query';
import type { Verification } from '../../../../domain/account';

/** A verification as received, with when it arrived by this device's clock: with `serverNow` that gives the clock offset. */
export type ReceivedVerification = Verification & { receivedAt: number };

export function received(verification: Verification): ReceivedVerification {
  return { ...verification, receivedAt: Date.now() };
}

/** The root of every verification's cache entry. */
export const verificationsQueryKey = ['verification'] as const;
export const verificationQueryKey = (id: string) => [...verificationsQueryKey, id] as const;

export const verificationPath = (id: string) => `/auth/verifications/${encodeURIComponent(id)}`;

/** Keeps a verification that arrived with another answer (registration, sign-in, recovery) so its screen needs no second call. */
export function rememberVerification(queryClient: QueryClient, verification: Verification) {
  queryClient.setQueryData(verificationQueryKey(verification.id), received(verification));
}
