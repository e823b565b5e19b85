import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdSummary } from '../../../../domain/ad-schemas';
import { api } from '../../../lib/api-client';

export const favoritesQueryKey = ['favorites'] as const;

export const listFavorites = () => api.get<{ items: AdSummary[] }>('/favorites');

export const favoritesQueryOptions = queryOptions({ queryKey: [...favoritesQueryKey, 'list'], queryFn: listFavorites });

export const useFavorites = () => useQuery(favoritesQueryOptions);
