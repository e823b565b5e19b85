import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuctionCommandResult, PlaceBidInput } from '../../../../domain/auction';
import { api } from '../../../lib/api-client';
import { receiveAuctionChange } from './get-auction';
import { useCommandAttempt } from './use-command-attempt';

export const placeBid = (slug: string, input: PlaceBidInput) =>
  api.post<AuctionCommandResult>(`/ads/${encodeURIComponent(slug)}/bids`, { body: input, idempotencyKey: input.idempotencyKey });

/** Places a bid of `amount` minor units; the page shows it as soon as it is committed, before the broadcast arrives. */
export function usePlaceBid(slug: string) {
  const queryClient = useQueryClient();
  const attempt = useCommandAttempt<number>();
  return useMutation({
    mutationFn: (amount: number) => placeBid(slug, { amount, idempotencyKey: attempt.keyFor(amount) }),
    onSuccess: (result) => receiveAuctionChange(queryClient, slug, result),
    onSettled: (_result, error) => attempt.settle(error),
  });
}
