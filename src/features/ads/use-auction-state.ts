import type { AuctionSnapshot } from '../../../domain/auction';
import { type AuctionView, auctionViewAt } from '../../../machines/auction-view';
import { useServerNow } from '../../lib/realtime/server-clock';

/** Often enough that a countdown's second and a phase change show on time. */
const TICK_MS = 250;

/** The viewer's view of the auction (`auctionViewAt`), placed again as the server's clock ticks. */
export function useAuctionState(snapshot: AuctionSnapshot, viewerId: string | null): AuctionView {
  // Never before a time the server has already stamped, however the offset estimate moves.
  const now = Math.max(useServerNow(TICK_MS), snapshot.auction.serverTime);
  return auctionViewAt(snapshot, viewerId, now);
}
