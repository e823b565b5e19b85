import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyAds } from '../../../../domain/ad-form';
import { api } from '../../../lib/api-client';

/** The list and each owned ad live under this key, so one invalidation refreshes them all. */
export const myAdsQueryKey = ['my-ads'] as const;

export const getMyAds = () => api.get<MyAds>('/my/ads');

export const myAdsQueryOptions = queryOptions({ queryKey: myAdsQueryKey, queryFn: getMyAds });

export const useMyAds = () => useQuery(myAdsQueryOptions);
