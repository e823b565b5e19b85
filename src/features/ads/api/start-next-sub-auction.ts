import type { AuctionChange, RoundDecisionInput } from '../../../../domain/auction';
import { api } from '../../../lib/api-client';
import { useAuctionCommand } from './use-command-attempt';

export const startNextSubAuction = (slug: string, input: RoundDecisionInput) =>
  api.post<AuctionChange>(`/ads/${encodeURIComponent(slug)}/sub-auctions`, { body: input, idempotencyKey: input.idempotencyKey });

/** The owner of a live auction opens the next sub-auction; a round not yet decided closes with it, as finalising would. */
export const useStartNextSubAuction = (slug: string) =>
  useAuctionCommand((acceptBelowReserve: boolean, idempotencyKey) => startNextSubAuction(slug, { acceptBelowReserve, idempotencyKey }));
