import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Subscription } from '../../../../domain/subscriptions';
import { api } from '../../../lib/api-client';

export const mySubscriptionsQueryKey = ['my-subscriptions'] as const;

export const mySubscriptionsQueryOptions = queryOptions({ queryKey: mySubscriptionsQueryKey, queryFn: () => api.get<Subscription[]>('/subscriptions/mine') });

export const useMySubscriptions = () => useQuery(mySubscriptionsQueryOptions);
