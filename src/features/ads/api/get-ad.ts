import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdDetail } from '../../../../domain/ad-schemas';
import { api } from '../../../lib/api-client';
import { useChosenCountry } from '../../../lib/country';

export const getAd = (slug: string) => api.get<AdDetail>(`/ads/${encodeURIComponent(slug)}`);

/** The ad's page in every country it was asked for. */
export const adQueryKeyPrefix = (slug: string) => ['ads', 'detail', slug] as const;

/** The server decides with the country cookie whether the ad is offered here, so a new country asks again. */
export const adQueryOptions = (slug: string, country: string | null) =>
  queryOptions({ queryKey: [...adQueryKeyPrefix(slug), country], queryFn: () => getAd(slug) });

export const useAd = (slug: string) => useQuery(adQueryOptions(slug, useChosenCountry()));
