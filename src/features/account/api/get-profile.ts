import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '../../../../domain/account';
import { api } from '../../../lib/api-client';

export const profileQueryKey = ['me', 'profile'] as const;

export const getProfile = () => api.get<Profile>('/me/profile');

export const profileQueryOptions = queryOptions({ queryKey: profileQueryKey, queryFn: getProfile });

export const useProfile = () => useQuery(profileQueryOptions);
