import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnedAd } from '../../../../domain/ad-form';
import { api } from '../../../lib/api-client';
import { myAdsQueryKey } from './get-my-ads';

export const ownedAdQueryKey = (slug: string) => [...myAdsQueryKey, slug] as const;

export const getOwnedAd = (slug: string) => api.get<OwnedAd>(`/my/ads/${encodeURIComponent(slug)}`);

export const ownedAdQueryOptions = (slug: string) => queryOptions({ queryKey: ownedAdQueryKey(slug), queryFn: () => getOwnedAd(slug) });

/** `enabled: false` asks nothing: a visitor who is not signed in owns no ad. */
export const useOwnedAd = (slug: string, { enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...ownedAdQueryOptions(slug), enabled });
