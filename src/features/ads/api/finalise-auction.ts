import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuctionCommandResult, RoundDecisionInput } from '../../../../domain/auction';
import { api } from '../../../lib/api-client';
import { receiveAuctionChange } from './get-auction';
import { useCommandAttempt } from './use-command-attempt';

export const finaliseAuction = (slug: string, input: RoundDecisionInput) =>
  api.post<AuctionCommandResult>(`/ads/${encodeURIComponent(slug)}/finalise`, { body: input, idempotencyKey: input.idempotencyKey });

/**
 * The owner closes the round: the highest bid sells, or, below the reserve, sells only with
 * `acceptBelowReserve` and otherwise ends unsold.
 */
export function useFinaliseAuction(slug: string) {
  const queryClient = useQueryClient();
  const attempt = useCommandAttempt<boolean>();
  return useMutation({
    mutationFn: (acceptBelowReserve: boolean) => finaliseAuction(slug, { acceptBelowReserve, idempotencyKey: attempt.keyFor(acceptBelowReserve) }),
    onSuccess: (result) => receiveAuctionChange(queryClient, slug, result),
    onSettled: (_result, error) => attempt.settle(error),
  });
}
