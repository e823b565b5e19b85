import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionUser } from '../../domain/auth';
import { api } from './api-client';

export const sessionQueryKey = ['session'] as const;

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: async () => (await api.get<{ user: SessionUser | null }>('/auth/session')).user,
  staleTime: 60_000,
});

/** The signed-in user, `null` for a visitor, `undefined` while the first answer is on its way. */
export function useSession() {
  return useQuery(sessionQueryOptions);
}
