import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Verification } from '../../../../domain/account';
import { api } from '../../api-client';
import { received, verificationPath, verificationQueryKey } from './verification-cache';

export const getVerification = async (id: string) => received(await api.get<Verification>(verificationPath(id)));

export const verificationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: verificationQueryKey(id),
    queryFn: () => getVerification(id),
    // Only its code screen changes it (a resend, a refusal), and that screen refreshes the entry itself then.
    staleTime: Infinity,
  });

export const useVerification = (id: string) => useQuery(verificationQueryOptions(id));
