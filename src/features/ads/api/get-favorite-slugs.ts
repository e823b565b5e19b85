import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { favoritesQueryKey } from './list-favorites';

const NO_FAVORITES: ReadonlySet<string> = new Set();

export const getFavoriteSlugs = () => api.get<{ slugs: string[] }>('/favorites/slugs');

export const favoriteSlugsQueryOptions = queryOptions({
  queryKey: [...favoritesQueryKey, 'slugs'],
  queryFn: getFavoriteSlugs,
  select: (data): ReadonlySet<string> => new Set(data.slugs),
});

/** The ads the signed-in person keeps as favourites; a visitor has none. */
export function useFavoriteSlugs(): ReadonlySet<string> {
  const signedIn = Boolean(useSession().data);
  const slugs = useQuery({ ...favoriteSlugsQueryOptions, enabled: signedIn }).data;
  return (signedIn && slugs) || NO_FAVORITES;
}
