import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdDetail } from '../../../../domain/ad';
import { api } from '../../../lib/api-client';

export const getAd = (slug: string) => api.get<AdDetail>(`/ads/${encodeURIComponent(slug)}`);

export const adQueryOptions = (slug: string) => queryOptions({ queryKey: ['ads', 'detail', slug], queryFn: () => getAd(slug) });

export const useAd = (slug: string) => useQuery(adQueryOptions(slug));
