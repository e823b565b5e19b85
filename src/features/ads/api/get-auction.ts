import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { applyAuctionChange, type AuctionChange, type AuctionSnapshot } from '../../../../domain/auction';
import { ERROR_CODES } from '../../../../domain/errors';
import { SOCKET_EVENTS } from '../../../../domain/realtime-events';
import { api } from '../../../lib/api-client';
import { recordClockSample } from '../../../lib/realtime/server-clock';
import { adQueryKeyPrefix } from './get-ad';
import { useRealtimeSocket } from '../../../lib/realtime/socket';

export const auctionQueryKey = (slug: string) => ['ads', 'auction', slug] as const;

/**
 * LIVE_VIEWS_STALE reaches every watcher of every auction at once; each page waits a random moment up
 * to this before watching again, so a node's thousands of watchers do not all ask for the snapshot in
 * one instant.
 */
export const STALE_REFETCH_SPREAD_MS = 2_000;

/** The snapshot is stamped with the server's time, so it doubles as a clock sample before the socket's first ping. */
export async function getAuction(slug: string): Promise<AuctionSnapshot> {
  const sentAt = Date.now();
  const snapshot = await api.get<AuctionSnapshot>(`/ads/${encodeURIComponent(slug)}/auction`);
  recordClockSample({ sentAt, receivedAt: Date.now(), serverTime: snapshot.auction.serverTime });
  return snapshot;
}

export const auctionQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: auctionQueryKey(slug),
    queryFn: async ({ client }) => {
      const fresh = await getAuction(slug);
      // A change that arrived over the socket while this request was on its way is newer: keep it. Who
      // the viewer is (signed in, let in) is never in a change, so it always comes from the fresh answer.
      const known = client.getQueryData<AuctionSnapshot>(auctionQueryKey(slug));
      return known && known.auction.adId === fresh.auction.adId && known.auction.seq > fresh.auction.seq ? { ...known, viewer: fresh.viewer } : fresh;
    },
  });

/**
 * Puts one committed change in the cached snapshot by the one rule every watcher follows
 * (`applyAuctionChange`). Returns false on a gap: a change was missed.
 */
function receiveInCache(queryClient: QueryClient, slug: string, change: AuctionChange): boolean {
  const key = auctionQueryKey(slug);
  const current = queryClient.getQueryData<AuctionSnapshot>(key);
  if (!current || current.auction.adId !== change.auction.adId) return true;
  const next = applyAuctionChange(current, change);
  if (next === 'RESYNC') return false;
  if (next !== current) queryClient.setQueryData<AuctionSnapshot>(key, next);
  return true;
}

/** Asks for the snapshot again, for when the cached one can no longer be trusted to be whole. */
export function refetchAuction(queryClient: QueryClient, slug: string) {
  return queryClient.invalidateQueries({ queryKey: auctionQueryKey(slug), exact: true });
}

/**
 * One committed change heard on the socket: applied in `seq` order, or, after a gap, the snapshot
 * fetched again, since only a fresh one can be trusted.
 */
export function receiveAuctionChange(queryClient: QueryClient, slug: string, change: AuctionChange) {
  if (!receiveInCache(queryClient, slug, change)) void refetchAuction(queryClient, slug);
}

/**
 * A command's own answer, put on the page at once when it follows what the page has; one the page
 * already heard from the room (a small room hears first) changes nothing. When it does not follow
 * (others' bids were decided in the same run, before it), the broadcast of that run brings the same
 * change: fetching the snapshot for it would only add a request to a storm.
 */
export function receiveCommandAnswer(queryClient: QueryClient, slug: string, change: AuctionChange) {
  receiveInCache(queryClient, slug, change);
}

/**
 * Keeps the cached snapshot live (DESIGN.md section 4): watches the ad's room on every connection,
 * applies each change in `seq` order, and fetches the snapshot again once the room is joined (a
 * change may have slipped in between the snapshot and the join, or while disconnected) and on any gap.
 * Told that what it shows may be stale (a server node lost touch with the others for a while), it
 * watches again at a random moment within STALE_REFETCH_SPREAD_MS.
 */
function useAuctionWatch(slug: string, adId: string | undefined) {
  const queryClient = useQueryClient();
  const socket = useRealtimeSocket();
  useEffect(() => {
    if (!adId) return;
    // Asked again, the page finds the ad gone and says so.
    const adGone = () => void queryClient.invalidateQueries({ queryKey: adQueryKeyPrefix(slug) });
    const watch = () =>
      socket.emit(SOCKET_EVENTS.AD_WATCH, adId, (reply) => {
        if (reply.ok) void refetchAuction(queryClient, slug);
        // Deleted while this page was away (disconnected): told now instead of by AD_REMOVED.
        else if (reply.error.code === ERROR_CODES.PRODUCT_UNAVAILABLE || reply.error.code === ERROR_CODES.NOT_FOUND) adGone();
        // Past the socket's rate of commands: the watch is tried again a moment later, not given up.
        else if (reply.error.code === ERROR_CODES.RATE_LIMITED) watchLater();
      });
    const onChange = (change: AuctionChange) => {
      if (change.auction.adId === adId) receiveAuctionChange(queryClient, slug, change);
    };
    // A join request made or decided changes who may bid (the snapshot's viewer) and the owner's list.
    const onParticipationChange = (change: { adId: string }) => {
      if (change.adId === adId) void queryClient.invalidateQueries({ queryKey: auctionQueryKey(slug) });
    };
    const onRemoved = (removal: { adId: string }) => {
      if (removal.adId === adId) adGone();
    };
    // One watch answers every word heard before it: several nodes may each say so after one database restart.
    let staleWatch: ReturnType<typeof setTimeout> | undefined;
    const watchLater = () => {
      staleWatch ??= setTimeout(() => {
        staleWatch = undefined;
        // Disconnected meanwhile: `connect` will watch.
        if (socket.connected) watch();
      }, Math.random() * STALE_REFETCH_SPREAD_MS);
    };
    socket.on('connect', watch);
    socket.on(SOCKET_EVENTS.LIVE_VIEWS_STALE, watchLater);
    socket.on(SOCKET_EVENTS.AUCTION_CHANGED, onChange);
    socket.on(SOCKET_EVENTS.PARTICIPATION_CHANGED, onParticipationChange);
    socket.on(SOCKET_EVENTS.AD_REMOVED, onRemoved);
    // While disconnected, `connect` will watch; emitting now as well would be buffered and watch twice.
    if (socket.connected) watch();
    return () => {
      socket.off('connect', watch);
      socket.off(SOCKET_EVENTS.LIVE_VIEWS_STALE, watchLater);
      clearTimeout(staleWatch);
      socket.off(SOCKET_EVENTS.AUCTION_CHANGED, onChange);
      socket.off(SOCKET_EVENTS.PARTICIPATION_CHANGED, onParticipationChange);
      socket.off(SOCKET_EVENTS.AD_REMOVED, onRemoved);
      if (socket.connected) socket.emit(SOCKET_EVENTS.AD_UNWATCH, adId);
    };
  }, [queryClient, socket, slug, adId]);
}

/** The auction as the server last told it, kept live over the socket while the component is shown. */
export function useAuction(slug: string) {
  const auction = useQuery(auctionQueryOptions(slug));
  useAuctionWatch(slug, auction.data?.auction.adId);
  return auction;
}

/** The same snapshot for a second view of it on the page, without watching the room twice. */
export const useAuctionSnapshot = (slug: string) => useQuery(auctionQueryOptions(slug));
