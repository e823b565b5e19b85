import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuctionCommandResult, RoundDecisionInput } from '../../../../domain/auction';
import { api } from '../../../lib/api-client';
import { receiveAuctionChange } from './get-auction';
import { useCommandAttempt } from './use-command-attempt';

export const startNextSubAuction = (slug: string, input: RoundDecisionInput) =>
  api.post<AuctionCommandResult>(`/ads/${encodeURIComponent(slug)}/sub-auctions`, { body: input, idempotencyKey: input.idempotencyKey });

/** The owner of a live auction opens the next sub-auction; a round not yet decided closes with it, as finalising would. */
export function useStartNextSubAuction(slug: string) {
  const queryClient = useQueryClient();
  const attempt = useCommandAttempt<boolean>();
  return useMutation({
    mutationFn: (acceptBelowReserve: boolean) => startNextSubAuction(slug, { acceptBelowReserve, idempotencyKey: attempt.keyFor(acceptBelowReserve) }),
    onSuccess: (result) => receiveAuctionChange(queryClient, slug, result),
    onSettled: (_result, error) => attempt.settle(error),
  });
}
