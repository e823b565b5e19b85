import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionPackage } from '../../../../domain/subscriptions';
import { api } from '../../../lib/api-client';
import { useChosenCountry } from '../../../lib/country';

/** The packages on sale where the buyer is, priced in that country's currency; a country chosen on the site asks again. */
export const packagesQueryOptions = (country: string | null) =>
  queryOptions({ queryKey: ['subscription-packages', country], queryFn: () => api.get<SubscriptionPackage[]>('/subscriptions/packages', { query: { country } }) });

export const usePackages = () => useQuery(packagesQueryOptions(useChosenCountry()));
