import { partialMatchKey, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionUser } from '../../domain/auth-schemas';
import { verificationsQueryKey } from './api/verification/verification-cache';
import { api } from './api-client';
import { categoriesQueryOptions, countriesQueryOptions } from './catalog';

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

/**
 * Puts a newly signed-in person in the session. The sign-in pages stay reachable without a reload, so
 * when the person changes, whatever was cached for the previous one (a profile, owned ads) goes first
 * and none of it shows to the next. Kept: what is the same for everyone (the catalog), and the code
 * entries, since a registration code signs its owner in while its screen is still open.
 */
export function startSession(queryClient: QueryClient, user: SessionUser) {
  const previous = queryClient.getQueryData(sessionQueryOptions.queryKey);
  if (previous?.id !== user.id) {
    const kept = [sessionQueryKey, categoriesQueryOptions.queryKey, countriesQueryOptions.queryKey, verificationsQueryKey];
    queryClient.removeQueries({ predicate: (query) => !kept.some((key) => partialMatchKey(query.queryKey, key)) });
  }
  queryClient.setQueryData(sessionQueryKey, user);
}
