import type { AuctionChange, RoundDecisionInput } from '../../../../domain/auction';
import { api } from '../../../lib/api-client';
import { useAuctionCommand } from './use-command-attempt';

export const finaliseAuction = (slug: string, input: RoundDecisionInput) =>
  api.post<AuctionChange>(`/ads/${encodeURIComponent(slug)}/finalise`, { body: input, idempotencyKey: input.idempotencyKey });

/**
 * The owner closes the round: the highest bid sells, or, below the reserve, sells only with
 * `acceptBelowReserve` and otherwise ends unsold.
 */
export const useFinaliseAuction = (slug: string) =>
  useAuctionCommand((acceptBelowReserve: boolean, idempotencyKey) => finaliseAuction(slug, { acceptBelowReserve, idempotencyKey }));
