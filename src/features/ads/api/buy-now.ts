import type { AuctionChange } from '../../../../domain/auction';
import { api } from '../../../lib/api-client';
import { useAuctionCommand } from './use-command-attempt';

export const buyNow = (slug: string, idempotencyKey: string) =>
  api.post<AuctionChange>(`/ads/${encodeURIComponent(slug)}/buy-now`, { body: { idempotencyKey }, idempotencyKey });

/** Buys the item at the instant purchase amount, which ends the auction at once. */
export const useBuyNow = (slug: string) => useAuctionCommand((_: null, idempotencyKey) => buyNow(slug, idempotencyKey));
