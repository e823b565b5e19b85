import { useMutation } from '@tanstack/react-query';
import type { Order } from '../../../../domain/orders';
import { api } from '../../../lib/api-client';
import { useCommandAttempt } from '../../../lib/command-attempt';

const buyAd = (adSlug: string, idempotencyKey: string) => api.post<Order>('/orders', { body: { adSlug, idempotencyKey }, idempotencyKey });

/** Buys an instant sale outright; a retry after a lost answer is the same purchase. */
export function useBuyAd(adSlug: string) {
  const attempt = useCommandAttempt<null>();
  return useMutation({ mutationFn: () => buyAd(adSlug, attempt.keyFor(null)), onSettled: (_result, error) => attempt.settle(error) });
}
