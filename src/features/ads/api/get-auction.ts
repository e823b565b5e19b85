import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { AuctionSnapshot } from '../../../../domain/auction';
import { api } from '../../../lib/api-client';
import { recordClockSample } from '../../../lib/realtime/server-clock';

export const auctionQueryKey = (slug: string) => ['ads', 'auction', slug] as const;

/** The snapshot is stamped with the server's time, so it doubles as a clock sample before the socket's first ping. */
export async function getAuction(slug: string): Promise<AuctionSnapshot> {
  const sentAt = Date.now();
  const snapshot = await api.get<AuctionSnapshot>(`/ads/${encodeURIComponent(slug)}/auction`);
  recordClockSample({ sentAt, receivedAt: Date.now(), serverTime: snapshot.auction.serverTime });
  return snapshot;
}

/**
 * The ad's live snapshot as the server answers it. The page's live actor (`LiveAuctionProvider`) takes
 * each answer and keeps it whole with the room's changes; views read the actor, not this query.
 */
export const auctionQueryOptions = (slug: string) => queryOptions({ queryKey: auctionQueryKey(slug), queryFn: () => getAuction(slug) });

/** Asks for the snapshot again, for when the page's one can no longer be trusted to be whole. */
export function refetchAuction(queryClient: QueryClient, slug: string) {
  return queryClient.invalidateQueries({ queryKey: auctionQueryKey(slug), exact: true });
}
