import type { AuctionChange, PlaceBidInput } from '../../../../domain/auction';
import { api } from '../../../lib/api-client';
import { useAuctionCommand } from './use-command-attempt';

export const placeBid = (slug: string, input: PlaceBidInput) =>
  api.post<AuctionChange>(`/ads/${encodeURIComponent(slug)}/bids`, { body: input, idempotencyKey: input.idempotencyKey });

/** Places a bid of `amount` minor units; the page shows it as soon as it is committed, whether its answer or the room's broadcast comes first. */
export const usePlaceBid = (slug: string) => useAuctionCommand((amount: number, idempotencyKey) => placeBid(slug, { amount, idempotencyKey }));
