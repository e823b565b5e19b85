import { assertEvent, assign, cancel, enqueueActions, raise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { AuctionChange, AuctionSnapshot, Bid } from '../domain/auction';
import { applyAuctionChange, hasJustBeenOutbid } from '../domain/auction-changes';
import { ERROR_CODES } from '../domain/errors';
import { auctionStateAt, nextDeadlineOf } from './auction.machine';
import { type AuctionView, auctionFactsOf, auctionViewAt } from './auction-view';
import { LONGEST_TIMER_MS } from '../domain/timing';

/**
 * LIVE_VIEWS_STALE reaches every watcher of every auction at once; each page waits a random moment up
 * to this before watching again, so a node's thousands of watchers do not all ask for the snapshot in
 * one instant. A watch refused past the socket's rate of commands is tried again the same way.
 */
export const STALE_REFETCH_SPREAD_MS = 2_000;

export interface AuctionWatchInput {
  /** Who is watching; null for a visitor. */
  viewerId: string | null;
  /** The snapshot the page already holds (the one its server-rendered view shows), so the first view shows it too. */
  firstSnapshot?: AuctionSnapshot | null;
}

export interface AuctionWatchContext {
  viewerId: string | null;
  /** The ad's live snapshot, as the server last told it; null until the first one arrives. */
  snapshot: AuctionSnapshot | null;
  /** The latest server time this actor knows of: from the events' arrival, and the deadlines it waited for. */
  now: number;
  /** The bid that has just outbid the viewer, kept while others keep bidding; null when the viewer leads or dismissed it. */
  outbidBy: Bid | null;
  socketConnected: boolean;
  deviceOnline: boolean;
}

export const AUCTION_WATCH_EVENTS = {
  /** The snapshot query answered. */
  SNAPSHOT: 'SNAPSHOT',
  /** A committed change heard in the ad's room. */
  CHANGE: 'CHANGE',
  /** A command's own committed answer. */
  ANSWER: 'ANSWER',
  CONNECTED: 'CONNECTED',
  DISCONNECTED: 'DISCONNECTED',
  /** The server let the socket into the ad's room. */
  WATCHED: 'WATCHED',
  WATCH_REFUSED: 'WATCH_REFUSED',
  /** A server node lost touch with the others for a while: what the page shows may be stale. */
  STALE: 'STALE',
  REMOVED: 'REMOVED',
  DEVICE_OFFLINE: 'DEVICE_OFFLINE',
  DEVICE_ONLINE: 'DEVICE_ONLINE',
  /** The estimate of the server's clock moved. */
  CLOCK: 'CLOCK',
  VIEWER: 'VIEWER',
  DISMISS_OUTBID: 'DISMISS_OUTBID',
  /** Raised by the actor itself when the auction's next deadline comes. */
  DEADLINE: 'DEADLINE',
  /** Raised by the actor itself when its moment to watch the room again comes. */
  REWATCH: 'REWATCH',
} as const;

const E = AUCTION_WATCH_EVENTS;

/** `at` on an event is the server's time when it reached the page, as the page estimates it. */
export type AuctionWatchEvent =
  | { type: typeof E.SNAPSHOT; snapshot: AuctionSnapshot; at: number }
  | { type: typeof E.CHANGE; change: AuctionChange; at: number }
  | { type: typeof E.ANSWER; change: AuctionChange; at: number }
  | { type: typeof E.CONNECTED }
  | { type: typeof E.DISCONNECTED }
  | { type: typeof E.WATCHED }
  | { type: typeof E.WATCH_REFUSED; code: string }
  | { type: typeof E.STALE }
  | { type: typeof E.REMOVED; adId: string }
  | { type: typeof E.DEVICE_OFFLINE }
  | { type: typeof E.DEVICE_ONLINE }
  | { type: typeof E.CLOCK; at: number }
  | { type: typeof E.VIEWER; viewerId: string | null }
  | { type: typeof E.DISMISS_OUTBID }
  | { type: typeof E.DEADLINE; at: number }
  | { type: typeof E.REWATCH };

/** A change for this page's ad, not another's on the same socket. */
function isForHeldAd(context: AuctionWatchContext, change: AuctionChange): boolean {
  return context.snapshot !== null && context.snapshot.auction.adId === change.auction.adId;
}

/**
 * The snapshot `next` put on the page, with what it means to the viewer: the outbid notice moves along
 * while others keep bidding and clears when the viewer leads again (`hasJustBeenOutbid`).
 */
function showing(context: AuctionWatchContext, next: AuctionSnapshot, at: number): Partial<AuctionWatchContext> {
  const now = Math.max(context.now, at, next.auction.serverTime);
  const before = context.snapshot;
  const highest = next.auction.highestBid;
  if (before === null || before.auction.adId !== next.auction.adId) return { snapshot: next, now, outbidBy: null };
  if (highest?.id === before.auction.highestBid?.id) return { snapshot: next, now };
  const outbid = highest !== null && highest.bidder.id !== context.viewerId && (context.outbidBy !== null || hasJustBeenOutbid(before, next, context.viewerId));
  return { snapshot: next, now, outbidBy: outbid ? highest : null };
}

/** When the actor next wakes by itself: the auction's next deadline, or a step towards one past a timer's reach. */
function nextWakeOf(context: AuctionWatchContext): number | null {
  if (context.snapshot === null) return null;
  const deadline = nextDeadlineOf(auctionStateAt(auctionFactsOf(context.snapshot), context.now));
  return deadline === null ? null : Math.min(deadline, context.now + LONGEST_TIMER_MS);
}

/**
 * One live auction as a page holds it (DESIGN.md sections 3 and 4): its snapshot, kept whole in `seq`
 * order from the room's changes, and the link that keeps it so. After the first snapshot the page
 * `connecting` joins the ad's room once the socket is up; joined, it is `resyncing` (a change may have
 * slipped in before the join) until the snapshot query answers, then `synced`. A gap in `seq`
 * resyncs; a reconnection or a stale relay watches the room again first; the device going `offline`
 * leaves everything to its return. The auction's own deadlines move `now` by delayed events, so a
 * phase changes on time with no event and no polling, online or not.
 *
 * The world comes in as events (the query's answers, the socket's events, the device's connection) and
 * goes out through the actions `watchRoom`, `fetchSnapshot` and `reportRemoved`, given by the page with
 * `.provide()`. Other live things a page shows (a negotiation, an order, a checkout) take the same shape.
 */
export const auctionWatchMachine = setup({
  types: {
    input: {} as AuctionWatchInput,
    context: {} as AuctionWatchContext,
    events: {} as AuctionWatchEvent,
  },
  actions: {
    /** Asks the server to let the socket into the held ad's room; its answer comes back as WATCHED or WATCH_REFUSED. */
    watchRoom: () => {},
    /** Asks the snapshot query for a fresh answer, which comes back as SNAPSHOT. */
    fetchSnapshot: () => {},
    /** The ad is gone: the page asks for it again and says so. */
    reportRemoved: () => {},
    takeSnapshot: assign(({ context, event }) => {
      assertEvent(event, E.SNAPSHOT);
      const { snapshot: fresh, at } = event;
      const held = context.snapshot;
      // A change heard while the snapshot was on its way is newer: keep it. Who the viewer is (signed
      // in, let in) is never in a change, so that always comes from the fresh answer.
      const newer = held !== null && held.auction.adId === fresh.auction.adId && held.auction.seq > fresh.auction.seq;
      return showing(context, newer ? { ...held, viewer: fresh.viewer } : fresh, at);
    }),
    takeChange: assign(({ context, event }) => {
      assertEvent(event, [E.CHANGE, E.ANSWER]);
      const { change, at } = event;
      if (!isForHeldAd(context, change)) return {};
      const next = applyAuctionChange(context.snapshot!, change);
      if (next === 'RESYNC' || next === context.snapshot) return {};
      return showing(context, next, at);
    }),
    advanceClock: assign({
      now: ({ context, event }) => {
        assertEvent(event, [E.CLOCK, E.DEADLINE]);
        return Math.max(context.now, event.at);
      },
    }),
    scheduleDeadline: enqueueActions(({ context, enqueue }) => {
      enqueue.cancel('deadline');
      const wake = nextWakeOf(context);
      if (wake !== null) enqueue.raise({ type: E.DEADLINE, at: wake }, { id: 'deadline', delay: 'untilNextWake' });
    }),
    setViewer: assign(({ context, event }) => {
      assertEvent(event, E.VIEWER);
      return event.viewerId === context.viewerId ? {} : { viewerId: event.viewerId, outbidBy: null };
    }),
    dismissOutbid: assign({ outbidBy: null }),
    // A raised event rather than an `after` transition keeps the machine walkable by `xstate/graph`.
    rewatchLater: raise({ type: E.REWATCH }, { id: 'rewatch', delay: 'rewatchSpread' }),
    forgetRewatch: cancel('rewatch'),
    markConnected: assign({ socketConnected: true }),
    markDisconnected: assign({ socketConnected: false }),
    markOnline: assign({ deviceOnline: true }),
    markOffline: assign({ deviceOnline: false }),
  },
  guards: {
    leavesGap: ({ context, event }) => {
      assertEvent(event, E.CHANGE);
      return isForHeldAd(context, event.change) && applyAuctionChange(context.snapshot!, event.change) === 'RESYNC';
    },
    hasSnapshot: ({ context }) => context.snapshot !== null,
    isSocketConnected: ({ context }) => context.socketConnected,
    isDeviceOffline: ({ context }) => !context.deviceOnline,
    wasRateLimited: ({ event }) => {
      assertEvent(event, E.WATCH_REFUSED);
      return event.code === ERROR_CODES.RATE_LIMITED;
    },
    isAdGone: ({ event }) => {
      assertEvent(event, E.WATCH_REFUSED);
      return event.code === ERROR_CODES.PRODUCT_UNAVAILABLE || event.code === ERROR_CODES.NOT_FOUND;
    },
    isHeldAdRemoved: ({ context, event }) => {
      assertEvent(event, E.REMOVED);
      return context.snapshot?.auction.adId === event.adId;
    },
  },
  delays: {
    untilNextWake: ({ context }) => Math.max(0, (nextWakeOf(context) ?? context.now) - context.now),
    // Spread over watchers, so they do not all come back at once.
    rewatchSpread: () => Math.random() * STALE_REFETCH_SPREAD_MS,
  },
}).createMachine({
  id: 'auctionWatch',
  context: ({ input }) => ({
    viewerId: input.viewerId,
    snapshot: input.firstSnapshot ?? null,
    now: input.firstSnapshot?.auction.serverTime ?? 0,
    outbidBy: null,
    socketConnected: false,
    deviceOnline: true,
  }),
  initial: 'loading',
  on: {
    SNAPSHOT: { actions: ['takeSnapshot', 'scheduleDeadline'] },
    // Applied when it follows; a gap is left to the watch, which fetches the snapshot once joined.
    CHANGE: { actions: ['takeChange', 'scheduleDeadline'] },
    // A command's answer that does not follow (others' bids were decided in the same run, before it)
    // is brought by the broadcast of that run too: fetching the snapshot for it would only add a request to a storm.
    ANSWER: { actions: ['takeChange', 'scheduleDeadline'] },
    CLOCK: { actions: ['advanceClock', 'scheduleDeadline'] },
    DEADLINE: { actions: ['advanceClock', 'scheduleDeadline'] },
    VIEWER: { actions: 'setViewer' },
    DISMISS_OUTBID: { actions: 'dismissOutbid' },
    CONNECTED: { actions: 'markConnected' },
    DISCONNECTED: { target: '.connecting', actions: 'markDisconnected' },
    DEVICE_ONLINE: { actions: 'markOnline' },
    DEVICE_OFFLINE: { target: '.offline', actions: 'markOffline' },
    REMOVED: { guard: 'isHeldAdRemoved', target: '.gone' },
  },
  states: {
    /** Waiting for the first snapshot, which names the ad's room, unless the page started with one. */
    loading: {
      always: { guard: 'hasSnapshot', target: 'connecting' },
      on: {
        SNAPSHOT: { target: 'connecting', actions: ['takeSnapshot', 'scheduleDeadline'] },
        DISCONNECTED: { actions: 'markDisconnected' },
        DEVICE_OFFLINE: { actions: 'markOffline' },
      },
    },
    connecting: {
      initial: 'checking',
      states: {
        checking: {
          always: [
            { guard: 'isDeviceOffline', target: '#auctionWatch.offline' },
            { guard: 'isSocketConnected', target: 'joining' },
            { target: 'waitingForSocket' },
          ],
        },
        waitingForSocket: {
          on: { CONNECTED: { target: 'joining', actions: 'markConnected' } },
        },
        joining: {
          entry: 'watchRoom',
          on: {
            // Changes may have come in between the snapshot and the join, or while disconnected.
            WATCHED: '#auctionWatch.resyncing',
            WATCH_REFUSED: [
              { guard: 'wasRateLimited', target: 'waitingToWatchAgain' },
              // Deleted while this page was away (disconnected): told now instead of by REMOVED.
              { guard: 'isAdGone', target: '#auctionWatch.gone' },
            ],
          },
        },
        waitingToWatchAgain: {
          entry: 'rewatchLater',
          exit: 'forgetRewatch',
          on: { REWATCH: 'checking' },
        },
      },
    },
    resyncing: {
      entry: 'fetchSnapshot',
      on: {
        SNAPSHOT: { target: 'synced', actions: ['takeSnapshot', 'scheduleDeadline'] },
        // The snapshot on its way may be older than the change that showed the gap.
        CHANGE: [{ guard: 'leavesGap', target: 'resyncing', reenter: true }, { actions: ['takeChange', 'scheduleDeadline'] }],
      },
    },
    synced: {
      initial: 'live',
      on: {
        CHANGE: [{ guard: 'leavesGap', target: 'resyncing' }, { actions: ['takeChange', 'scheduleDeadline'] }],
      },
      states: {
        live: {
          on: { STALE: 'stale' },
        },
        /** Told the room may have missed changes: it is watched again at a random moment, once for several such words. */
        stale: {
          entry: 'rewatchLater',
          exit: 'forgetRewatch',
          on: { REWATCH: '#auctionWatch.connecting' },
        },
      },
    },
    /** The device has no network: what the page shows may be out of date, and bidding waits for the connection. */
    offline: {
      on: {
        DEVICE_ONLINE: { target: 'connecting', actions: 'markOnline' },
        DISCONNECTED: { actions: 'markDisconnected' },
      },
    },
    gone: {
      entry: 'reportRemoved',
      type: 'final',
    },
  },
});

export type AuctionWatchSnapshot = SnapshotFrom<typeof auctionWatchMachine>;
export type AuctionWatchActor = ActorRefFrom<typeof auctionWatchMachine>;

/** The auction as the watching viewer sees it now (`auctionViewAt`); null before the first snapshot. */
export function auctionViewOf({ context }: AuctionWatchSnapshot): AuctionView | null {
  return context.snapshot && auctionViewAt(context.snapshot, context.viewerId, context.now);
}

/** Whether the page should say that the device is offline. */
export function isWatchOffline(snapshot: AuctionWatchSnapshot): boolean {
  return snapshot.matches('offline');
}
