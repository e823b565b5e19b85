import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuctionCommandResult } from '../../../../domain/auction';
import { api } from '../../../lib/api-client';
import { receiveAuctionChange } from './get-auction';
import { useCommandAttempt } from './use-command-attempt';

export const buyNow = (slug: string, idempotencyKey: string) =>
  api.post<AuctionCommandResult>(`/ads/${encodeURIComponent(slug)}/buy-now`, { body: { idempotencyKey }, idempotencyKey });

/** Buys the item at the instant purchase amount, which ends the auction at once. */
export function useBuyNow(slug: string) {
  const queryClient = useQueryClient();
  const attempt = useCommandAttempt<null>();
  return useMutation({
    mutationFn: () => buyNow(slug, attempt.keyFor(null)),
    onSuccess: (result) => receiveAuctionChange(queryClient, slug, result),
    onSettled: (_result, error) => attempt.settle(error),
  });
}
