import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdList, AdType, SaleKind } from '../../../../domain/ad';
import { api } from '../../../lib/api-client';

export interface AdListFilters {
  q?: string;
  country?: string | null;
  type?: AdType;
  kind?: SaleKind;
  category?: string;
  page?: number;
  pageSize?: number;
}

export const listAds = (filters: AdListFilters) => api.get<AdList>('/ads', { query: { ...filters } });

export const adListQueryOptions = (filters: AdListFilters) =>
  queryOptions({ queryKey: ['ads', 'list', filters], queryFn: () => listAds(filters), placeholderData: keepPreviousData });

export const useAdList = (filters: AdListFilters) => useQuery(adListQueryOptions(filters));
