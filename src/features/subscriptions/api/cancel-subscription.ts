import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Subscription } from '../../../../domain/subscriptions';
import { api } from '../../../lib/api-client';
import { mySubscriptionsQueryKey } from './get-my-subscriptions';

export const cancelSubscription = (subscriptionId: string) => api.post<Subscription>(`/subscriptions/${encodeURIComponent(subscriptionId)}/cancel`);

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelSubscription, onSettled: () => queryClient.invalidateQueries({ queryKey: mySubscriptionsQueryKey }) });
}
