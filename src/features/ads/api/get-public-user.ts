import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicUser } from '../../../../domain/ad-schemas';
import { api } from '../../../lib/api-client';

export const getPublicUser = (slug: string) => api.get<PublicUser>(`/users/${encodeURIComponent(slug)}`);

export const publicUserQueryOptions = (slug: string) => queryOptions({ queryKey: ['users', slug], queryFn: () => getPublicUser(slug) });

export const usePublicUser = (slug: string) => useQuery(publicUserQueryOptions(slug));
