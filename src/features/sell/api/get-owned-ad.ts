import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdDetail } from '../../../../domain/ad';
import { api } from '../../../lib/api-client';

export const getOwnedAd = (slug: string) => api.get<AdDetail>(`/my/ads/${encodeURIComponent(slug)}`);

export const ownedAdQueryOptions = (slug: string) => queryOptions({ queryKey: ['my-ads', slug], queryFn: () => getOwnedAd(slug) });

export const useOwnedAd = (slug: string) => useQuery(ownedAdQueryOptions(slug));
