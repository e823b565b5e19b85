import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category, Country } from '../../domain/catalog';
import { api } from './api-client';

const CATALOG_STALE_MS = 5 * 60_000;

export const categoriesQueryOptions = queryOptions({
  queryKey: ['categories'],
  queryFn: () => api.get<Category[]>('/categories'),
  staleTime: CATALOG_STALE_MS,
});

export const countriesQueryOptions = queryOptions({
  queryKey: ['countries'],
  queryFn: () => api.get<Country[]>('/countries'),
  staleTime: CATALOG_STALE_MS,
});

export const useCategories = () => useQuery(categoriesQueryOptions);
export const useCountries = () => useQuery(countriesQueryOptions);
