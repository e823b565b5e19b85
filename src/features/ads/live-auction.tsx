import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import type { AuctionChange } from '../../../domain/auction';
import { SOCKET_EVENTS } from '../../../domain/realtime-events';
import { AUCTION_WATCH_EVENTS, type AuctionWatchActor, auctionWatchMachine } from '../../../machines/auction-watch.machine';
import { inspection } from '../../lib/inspect';
import { isOnline, onConnectionChange } from '../../lib/online';
import { onServerClockChange, serverNow } from '../../lib/realtime/server-clock';
import { useRealtimeSocket } from '../../lib/realtime/socket';
import { useSession } from '../../lib/session';
import { auctionQueryKey, auctionQueryOptions, refetchAuction } from './api/get-auction';
import { adQueryKeyPrefix } from './api/get-ad';

/** The live auction's actor for the views under it; `LiveAuctionProvider` runs it. */
export const LiveAuctionContext = createContext<AuctionWatchActor | null>(null);

/**
 * The page's one actor for a live auction (`auctionWatchMachine`), fed by the snapshot query, the
 * shared socket, the device's connection and the server clock's estimate. Everything under it that
 * shows the auction selects from this actor; key it by the ad's slug, so another ad gets its own.
 */
export function LiveAuctionProvider({ slug, children }: { slug: string; children: ReactNode }) {
  const queryClient = useQueryClient();
  const socket = useRealtimeSocket();
  const viewerId = useSession().data?.id ?? null;
  const { data: snapshot, dataUpdatedAt } = useQuery(auctionQueryOptions(slug));
  const actor = useActorRef(
    auctionWatchMachine.provide({
      actions: {
        watchRoom: ({ context, self }) =>
          socket.emit(SOCKET_EVENTS.AD_WATCH, context.snapshot!.auction.adId, (reply) =>
            self.send(reply.ok ? { type: AUCTION_WATCH_EVENTS.WATCHED } : { type: AUCTION_WATCH_EVENTS.WATCH_REFUSED, code: reply.error.code }),
          ),
        fetchSnapshot: () => void refetchAuction(queryClient, slug),
        // Asked again, the page finds the ad gone and says so.
        reportRemoved: () => void queryClient.invalidateQueries({ queryKey: adQueryKeyPrefix(slug) }),
      },
    }),
    // A page the server rendered holds the snapshot already: the actor starts from it, so the view does too.
    { input: { viewerId, firstSnapshot: snapshot }, ...inspection() },
  );

  // Every answer, even one equal to the last: the actor may be waiting for it to resync.
  useEffect(() => {
    if (snapshot) actor.send({ type: AUCTION_WATCH_EVENTS.SNAPSHOT, snapshot, at: serverNow() });
  }, [actor, snapshot, dataUpdatedAt]);

  useEffect(() => actor.send({ type: AUCTION_WATCH_EVENTS.VIEWER, viewerId }), [actor, viewerId]);

  useEffect(() => {
    const send = (type: typeof AUCTION_WATCH_EVENTS.CONNECTED | typeof AUCTION_WATCH_EVENTS.DISCONNECTED | typeof AUCTION_WATCH_EVENTS.STALE) => () => actor.send({ type });
    const onConnect = send(AUCTION_WATCH_EVENTS.CONNECTED);
    const onDisconnect = send(AUCTION_WATCH_EVENTS.DISCONNECTED);
    const onStale = send(AUCTION_WATCH_EVENTS.STALE);
    const onChange = (change: AuctionChange) => actor.send({ type: AUCTION_WATCH_EVENTS.CHANGE, change, at: serverNow() });
    const onRemoved = ({ adId }: { adId: string }) => actor.send({ type: AUCTION_WATCH_EVENTS.REMOVED, adId });
    // A join request made or decided changes who may bid (the snapshot's viewer) and the owner's list.
    const onParticipationChange = ({ adId }: { adId: string }) => {
      if (adId === actor.getSnapshot().context.snapshot?.auction.adId) void queryClient.invalidateQueries({ queryKey: auctionQueryKey(slug) });
    };
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on(SOCKET_EVENTS.LIVE_VIEWS_STALE, onStale);
    socket.on(SOCKET_EVENTS.AUCTION_CHANGED, onChange);
    socket.on(SOCKET_EVENTS.AD_REMOVED, onRemoved);
    socket.on(SOCKET_EVENTS.PARTICIPATION_CHANGED, onParticipationChange);
    actor.send({ type: socket.connected ? AUCTION_WATCH_EVENTS.CONNECTED : AUCTION_WATCH_EVENTS.DISCONNECTED });
    return () => {
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off(SOCKET_EVENTS.LIVE_VIEWS_STALE, onStale);
      socket.off(SOCKET_EVENTS.AUCTION_CHANGED, onChange);
      socket.off(SOCKET_EVENTS.AD_REMOVED, onRemoved);
      socket.off(SOCKET_EVENTS.PARTICIPATION_CHANGED, onParticipationChange);
      const adId = actor.getSnapshot().context.snapshot?.auction.adId;
      if (adId && socket.connected) socket.emit(SOCKET_EVENTS.AD_UNWATCH, adId);
    };
  }, [actor, socket, queryClient, slug]);

  useEffect(() => {
    const tell = () => actor.send({ type: isOnline() ? AUCTION_WATCH_EVENTS.DEVICE_ONLINE : AUCTION_WATCH_EVENTS.DEVICE_OFFLINE });
    tell();
    return onConnectionChange(tell);
  }, [actor]);

  useEffect(() => {
    const tellTime = () => actor.send({ type: AUCTION_WATCH_EVENTS.CLOCK, at: serverNow() });
    // A hidden page's timers run late, so a deadline may not have fired yet when it is shown again.
    const onShown = () => {
      if (document.visibilityState === 'visible') tellTime();
    };
    document.addEventListener('visibilitychange', onShown);
    const stopListening = onServerClockChange(tellTime);
    return () => {
      document.removeEventListener('visibilitychange', onShown);
      stopListening();
    };
  }, [actor]);

  return <LiveAuctionContext.Provider value={actor}>{children}</LiveAuctionContext.Provider>;
}

/** The live auction's actor, for a view under `LiveAuctionProvider` to select what it shows. */
export function useLiveAuction(): AuctionWatchActor {
  const actor = useContext(LiveAuctionContext);
  if (!actor) throw new Error('useLiveAuction is used outside a LiveAuctionProvider');
  return actor;
}
