import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdList } from '../../../../domain/ad-schemas';
import { api } from '../../../lib/api-client';
import type { AdListFilters } from '../listing-query';

export const listAds = (filters: AdListFilters) => api.get<AdList>('/ads', { query: { ...filters } });

export const adListQueryOptions = (filters: AdListFilters) =>
  queryOptions({ queryKey: ['ads', 'list', filters], queryFn: () => listAds(filters), placeholderData: keepPreviousData });

export const useAdList = (filters: AdListFilters, { enabled = true } = {}) => useQuery({ ...adListQueryOptions(filters), enabled });
