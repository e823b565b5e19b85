import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { AuctionChange, AuctionSnapshot, AuctionState, Bid, BidderStanding } from '../../domain/auction';
import { ERROR_CODES } from '../../domain/errors';
import { FINAL_WINDOW_MS, MINUTE_MS, SECOND_MS } from '../../domain/timing';
import { AUCTION_WATCH_EVENTS as E, type AuctionWatchEvent, type AuctionWatchSnapshot, auctionViewOf, auctionWatchMachine, isWatchOffline } from '../../machines/auction-watch.machine';
import { bothVerdictsOfEveryGuard, walkShortestPaths } from './guard-verdicts';

const START = Date.UTC(2030, 0, 1, 18, 0, 0);
const END = START + 10 * MINUTE_MS;
const SPREAD_MS = 700;

const state = (seq: number, highestBid: Bid | null, overrides: Partial<AuctionState> = {}): AuctionState => ({
  adId: 'ad-1', type: 'PUBLIC_AUCTION', ownerId: 'owner', seq, serverTime: START, phase: 'active', round: 1, startsAt: START, endsAt: END,
  finalWindowEndsAt: END + FINAL_WINDOW_MS, liveEndsAt: null, subAuctionDurationMs: null, liveLink: null, currency: 'SAR', openingAmount: 1_000,
  instantPurchaseAmount: null, allowDecimalBids: false, reserve: 'NOT_MET', highestBid, bidCount: highestBid ? 1 : 0,
  minimumBid: (highestBid?.amount ?? 1_000) + 100, outcome: null, isPrivate: false, ...overrides,
});
const bid = (seq: number, bidderId: string, amount: number): Bid => ({ id: `bid-${seq}`, seq, bidder: { id: bidderId, name: bidderId }, amount, at: START + seq * SECOND_MS });
const standing = (bidderId: string, highestAmount: number, bidCount: number): BidderStanding => ({ id: bidderId, name: bidderId, highestAmount, bidCount });

const first = bid(5, 'omar', 1_100);
/** The ad at seq 5: omar leads with one bid, a minute into the round. */
const AT_SEQ_5: AuctionSnapshot = { auction: state(5, first, { serverTime: START + MINUTE_MS }), bids: [first], bidders: [standing('omar', 1_100, 1)], viewer: { role: 'BIDDER', reservePrice: null } };
/** sara's bid: the change that follows seq 5. */
const saraBids = (at = START + MINUTE_MS): AuctionChange => {
  const next = bid(6, 'sara', 1_300);
  return { fromSeq: 5, auction: state(6, next, { bidCount: 2, serverTime: at }), bids: [next], bidders: [standing('sara', 1_300, 1)] };
};
/** A change that starts past seq 6: one was missed. */
const afterAGap = (): AuctionChange => {
  const later = bid(8, 'omar', 1_600);
  return { fromSeq: 7, auction: state(8, later, { bidCount: 4 }), bids: [later], bidders: [standing('omar', 1_600, 2)] };
};

/** The page's actor with a simulated clock reading server time, and what it asked the world to do. */
function watch(viewerId: string | null = 'omar', firstSnapshot: AuctionSnapshot | null = null) {
  const clock = new SimulatedClock();
  clock.set(START + MINUTE_MS);
  const asked = { watchRoom: vi.fn(), fetchSnapshot: vi.fn(), reportRemoved: vi.fn() };
  const machine = auctionWatchMachine.provide({ actions: asked, delays: { rewatchSpread: SPREAD_MS } });
  const actor = createActor(machine, { input: { viewerId, firstSnapshot }, clock }).start();
  const send = (event: AuctionWatchEvent) => actor.send(event);
  const at = () => clock.now();
  const view = () => auctionViewOf(actor.getSnapshot())!;
  const held = () => actor.getSnapshot().context.snapshot!;
  const is = (value: string) => actor.getSnapshot().matches(value as never);
  return { actor, clock, asked, send, at, view, held, is };
}

/** Connected, first snapshot taken, room joined, and the snapshot fetched again: live at seq 5. */
function syncedWatch(viewerId: string | null = 'omar') {
  const page = watch(viewerId);
  page.send({ type: E.CONNECTED });
  page.send({ type: E.SNAPSHOT, snapshot: AT_SEQ_5, at: page.at() });
  page.send({ type: E.WATCHED });
  page.send({ type: E.SNAPSHOT, snapshot: AT_SEQ_5, at: page.at() });
  expect(page.is('synced')).toBe(true);
  return page;
}

describe('auction watch machine: keeping the snapshot whole', () => {
  it('waits for the first snapshot, joins the room once the socket is up, then fetches the snapshot again for what came in between', () => {
    const { send, at, asked, is } = watch();
    send({ type: E.SNAPSHOT, snapshot: AT_SEQ_5, at: at() });
    expect(is('connecting.waitingForSocket')).toBe(true);
    expect(asked.watchRoom).not.toHaveBeenCalled();
    send({ type: E.CONNECTED });
    expect(is('connecting.joining')).toBe(true);
    expect(asked.watchRoom).toHaveBeenCalledOnce();
    send({ type: E.WATCHED });
    expect(is('resyncing')).toBe(true);
    expect(asked.fetchSnapshot).toHaveBeenCalledOnce();
    send({ type: E.SNAPSHOT, snapshot: AT_SEQ_5, at: at() });
    expect(is('synced.live')).toBe(true);
  });

  it('starts from the snapshot the page was rendered with, shown at its own time, and goes on to join the room', () => {
    const { send, asked, view, held, is } = watch('omar', AT_SEQ_5);
    expect(is('connecting.waitingForSocket')).toBe(true);
    expect(held()).toBe(AT_SEQ_5);
    expect(view()).toMatchObject({ now: AT_SEQ_5.auction.serverTime, highestBidIsViewers: 'LEADS' });
    send({ type: E.CONNECTED });
    expect(is('connecting.joining')).toBe(true);
    expect(asked.watchRoom).toHaveBeenCalledOnce();
  });

  it('applies the change that follows, and after a gap fetches the snapshot again, taking it whole', () => {
    const { send, at, asked, held, is } = syncedWatch();
    send({ type: E.CHANGE, change: saraBids(), at: at() });
    expect(held().auction.seq).toBe(6);
    expect(held().bids.map((each) => each.id)).toEqual(['bid-6', 'bid-5']);
    asked.fetchSnapshot.mockClear();

    send({ type: E.CHANGE, change: afterAGap(), at: at() });
    expect(is('resyncing')).toBe(true);
    expect(asked.fetchSnapshot).toHaveBeenCalledOnce();
    expect(held().auction.seq).toBe(6);
    // Another gap while the snapshot is on its way: it may be older than this change, so it is asked for again.
    send({ type: E.CHANGE, change: afterAGap(), at: at() });
    expect(asked.fetchSnapshot).toHaveBeenCalledTimes(2);

    const fresh: AuctionSnapshot = { ...AT_SEQ_5, auction: afterAGap().auction, bids: afterAGap().bids };
    send({ type: E.SNAPSHOT, snapshot: fresh, at: at() });
    expect(is('synced')).toBe(true);
    expect(held().auction.seq).toBe(8);
  });

  it('takes events out of order: an older snapshot keeps what the page holds but its viewer, an old change changes nothing, a command answer ahead waits for its broadcast', () => {
    const { send, at, asked, held, is } = syncedWatch();
    send({ type: E.CHANGE, change: saraBids(), at: at() });
    const atSeq6 = held();
    // The snapshot asked for before sara's bid arrives after it, and says the viewer was let in meanwhile.
    send({ type: E.SNAPSHOT, snapshot: { ...AT_SEQ_5, viewer: { role: 'OWNER', reservePrice: 2_000 } }, at: at() });
    expect(held().auction).toBe(atSeq6.auction);
    expect(held().viewer).toEqual({ role: 'OWNER', reservePrice: 2_000 });

    const before = held();
    send({ type: E.CHANGE, change: saraBids(), at: at() });
    expect(held()).toBe(before);

    asked.fetchSnapshot.mockClear();
    send({ type: E.ANSWER, change: afterAGap(), at: at() });
    expect(held()).toBe(before);
    expect(is('synced')).toBe(true);
    expect(asked.fetchSnapshot).not.toHaveBeenCalled();

    // Another ad's change on the same socket is not this page's.
    send({ type: E.CHANGE, change: { ...saraBids(), auction: { ...saraBids().auction, adId: 'ad-2', seq: 99 }, fromSeq: 50 }, at: at() });
    expect(held()).toBe(before);
    expect(is('synced')).toBe(true);
  });

  it('starts a new sub-auction with empty lists', () => {
    const { send, at, held } = syncedWatch();
    send({ type: E.CHANGE, change: { fromSeq: 5, auction: state(6, null, { round: 2 }), bids: [], bidders: [] }, at: at() });
    expect(held().auction.round).toBe(2);
    expect(held().bids).toEqual([]);
    expect(held().bidders).toEqual([]);
  });

  it('watches the room again a moment after being told it may be stale, once for several words', () => {
    const { send, clock, asked, is } = syncedWatch();
    asked.watchRoom.mockClear();
    send({ type: E.STALE });
    send({ type: E.STALE });
    clock.increment(SPREAD_MS - 1);
    expect(asked.watchRoom).not.toHaveBeenCalled();
    clock.increment(1);
    expect(asked.watchRoom).toHaveBeenCalledOnce();
    expect(is('connecting.joining')).toBe(true);

    // Disconnected before the moment came: the watch waits for the reconnection.
    send({ type: E.WATCHED });
    send({ type: E.SNAPSHOT, snapshot: AT_SEQ_5, at: clock.now() });
    send({ type: E.STALE });
    send({ type: E.DISCONNECTED });
    clock.increment(SPREAD_MS);
    expect(asked.watchRoom).toHaveBeenCalledOnce();
    expect(is('connecting.waitingForSocket')).toBe(true);
  });

  it('watches again a moment later when refused past the rate of commands, and reports the ad gone when refused for that', () => {
    const { send, at, clock, asked, is } = watch();
    send({ type: E.CONNECTED });
    send({ type: E.SNAPSHOT, snapshot: AT_SEQ_5, at: at() });
    send({ type: E.WATCH_REFUSED, code: ERROR_CODES.RATE_LIMITED });
    expect(is('connecting.waitingToWatchAgain')).toBe(true);
    clock.increment(SPREAD_MS);
    expect(asked.watchRoom).toHaveBeenCalledTimes(2);
    send({ type: E.WATCH_REFUSED, code: ERROR_CODES.PRODUCT_UNAVAILABLE });
    expect(is('gone')).toBe(true);
    expect(asked.reportRemoved).toHaveBeenCalledOnce();
  });

  it('reports the ad gone when the room says it was removed, not when another ad was', () => {
    const { send, asked, is } = syncedWatch();
    send({ type: E.REMOVED, adId: 'ad-2' });
    expect(is('synced')).toBe(true);
    send({ type: E.REMOVED, adId: 'ad-1' });
    expect(asked.reportRemoved).toHaveBeenCalledOnce();
  });
});

describe('auction watch machine: time and the connection', () => {
  it('moves the phase at each deadline by itself, with no event: the final window at the end, then awaiting the owner', () => {
    const { clock, view } = syncedWatch();
    expect(view().phase).toBe('active');
    expect(view().countdownTo).toBe(END);
    clock.set(END - 1);
    expect(view().phase).toBe('active');
    clock.increment(1);
    expect(view().phase).toBe('finalWindow');
    expect(view().now).toBe(END);
    clock.increment(FINAL_WINDOW_MS);
    expect(view().phase).toBe('awaitingFinalisation');
  });

  it('waits for a deadline beyond a timer’s reach in steps, never early', () => {
    const { send, clock, view } = watch();
    const farEnd = START + 40 * 24 * 60 * MINUTE_MS;
    send({ type: E.SNAPSHOT, snapshot: { ...AT_SEQ_5, auction: { ...AT_SEQ_5.auction, endsAt: farEnd } }, at: clock.now() });
    clock.increment(2 ** 31 - 1);
    expect(view().phase).toBe('active');
    clock.set(farEnd - 1);
    expect(view().phase).toBe('active');
    clock.increment(1);
    expect(view().phase).toBe('finalWindow');
  });

  it('follows the server’s clock when the page re-estimates it, scheduling the deadline again', () => {
    const { send, clock, view } = syncedWatch();
    // The server turns out to be 30 s ahead of what the page thought.
    send({ type: E.CLOCK, at: clock.now() + 30 * SECOND_MS });
    clock.set(END - 30 * SECOND_MS);
    expect(view().phase).toBe('finalWindow');
  });

  it('through a reconnect during the close: the window opens on time while disconnected, and the owner’s decision made meanwhile shows once back', () => {
    const { send, clock, asked, view, is } = syncedWatch();
    clock.set(END - SECOND_MS);
    send({ type: E.DISCONNECTED });
    expect(is('connecting.waitingForSocket')).toBe(true);
    clock.set(END);
    expect(view().phase).toBe('finalWindow');

    asked.watchRoom.mockClear();
    asked.fetchSnapshot.mockClear();
    clock.set(END + 20 * SECOND_MS);
    send({ type: E.CONNECTED });
    expect(asked.watchRoom).toHaveBeenCalledOnce();
    send({ type: E.WATCHED });
    expect(asked.fetchSnapshot).toHaveBeenCalledOnce();
    // The change that closed the round while the page was away arrives before the snapshot does.
    const closed = state(6, first, { outcome: { kind: 'FINALISED', at: END + 10 * SECOND_MS, buyerId: null, amount: null }, phase: 'finalised', serverTime: END + 10 * SECOND_MS });
    send({ type: E.CHANGE, change: { fromSeq: 5, auction: closed, bids: [], bidders: [] }, at: clock.now() });
    expect(view().phase).toBe('finalised');
    expect(view().outcome).toMatchObject({ kind: 'SOLD', standing: 'HIGHEST' });
    send({ type: E.SNAPSHOT, snapshot: { ...AT_SEQ_5, auction: closed }, at: clock.now() });
    expect(is('synced')).toBe(true);
    // Nothing left to wait for.
    clock.increment(FINAL_WINDOW_MS);
    expect(view().phase).toBe('finalised');
  });

  it('offline and back: says so, keeps its deadlines, and on return watches the room and fetches the snapshot again', () => {
    const { actor, send, clock, asked, view, is } = syncedWatch();
    send({ type: E.DEVICE_OFFLINE });
    expect(isWatchOffline(actor.getSnapshot())).toBe(true);
    // The socket notices late, or not at all, while offline.
    send({ type: E.DISCONNECTED });
    expect(is('offline')).toBe(true);
    clock.set(END);
    expect(view().phase).toBe('finalWindow');

    asked.watchRoom.mockClear();
    send({ type: E.DEVICE_ONLINE });
    expect(is('connecting.waitingForSocket')).toBe(true);
    send({ type: E.CONNECTED });
    expect(asked.watchRoom).toHaveBeenCalledOnce();
    send({ type: E.WATCHED });
    send({ type: E.SNAPSHOT, snapshot: AT_SEQ_5, at: clock.now() });
    expect(isWatchOffline(actor.getSnapshot())).toBe(false);
    expect(is('synced')).toBe(true);
  });

  it('offline from the start: the first snapshot leaves it offline, and the return joins the room', () => {
    const { send, at, asked, is } = watch();
    send({ type: E.CONNECTED });
    send({ type: E.DEVICE_OFFLINE });
    send({ type: E.SNAPSHOT, snapshot: AT_SEQ_5, at: at() });
    expect(is('offline')).toBe(true);
    expect(asked.watchRoom).not.toHaveBeenCalled();
    send({ type: E.DEVICE_ONLINE });
    expect(is('connecting.joining')).toBe(true);
  });
});

describe('auction watch machine: telling the viewer they were outbid', () => {
  it('moves the notice along while others keep bidding, clears it when the viewer leads again or dismisses it', () => {
    const { actor, send, at } = syncedWatch('omar');
    const outbidBy = () => actor.getSnapshot().context.outbidBy;
    send({ type: E.CHANGE, change: saraBids(), at: at() });
    expect(outbidBy()?.id).toBe('bid-6');
    const layla = bid(7, 'layla', 1_400);
    send({ type: E.CHANGE, change: { fromSeq: 6, auction: state(7, layla, { bidCount: 3 }), bids: [layla], bidders: [standing('layla', 1_400, 1)] }, at: at() });
    expect(outbidBy()?.id).toBe('bid-7');
    send({ type: E.DISMISS_OUTBID });
    expect(outbidBy()).toBeNull();
    const omar = bid(8, 'omar', 1_600);
    send({ type: E.CHANGE, change: { fromSeq: 7, auction: state(8, omar, { bidCount: 4 }), bids: [omar], bidders: [standing('omar', 1_600, 2)] }, at: at() });
    expect(outbidBy()).toBeNull();
  });

  it('not for a visitor', () => {
    const { actor, send, at } = syncedWatch(null);
    send({ type: E.CHANGE, change: saraBids(), at: at() });
    expect(actor.getSnapshot().context.outbidBy).toBeNull();
  });
});

describe('auction watch machine: model', () => {
  const GUARDS = ['hasSnapshot', 'leavesGap', 'isSocketConnected', 'isDeviceOffline', 'wasRateLimited', 'isAdGone', 'isHeldAdRemoved'];
  const STATES = [
    'connecting.checking',
    'connecting.joining',
    'connecting.waitingForSocket',
    'connecting.waitingToWatchAgain',
    'gone',
    'loading',
    'offline',
    'resyncing',
    'synced.live',
    'synced.stale',
  ];
  // Each event in the forms that take each guard both ways; the walk offers every state each one.
  const EVENTS: AuctionWatchEvent[] = [
    { type: E.SNAPSHOT, snapshot: AT_SEQ_5, at: START },
    { type: E.CHANGE, change: saraBids(START), at: START },
    { type: E.CHANGE, change: afterAGap(), at: START },
    { type: E.CONNECTED },
    { type: E.DISCONNECTED },
    { type: E.WATCHED },
    { type: E.WATCH_REFUSED, code: ERROR_CODES.RATE_LIMITED },
    { type: E.WATCH_REFUSED, code: ERROR_CODES.NOT_FOUND },
    { type: E.WATCH_REFUSED, code: ERROR_CODES.INTERNAL },
    { type: E.STALE },
    { type: E.REMOVED, adId: 'ad-1' },
    { type: E.REMOVED, adId: 'ad-2' },
    { type: E.DEVICE_OFFLINE },
    { type: E.DEVICE_ONLINE },
    { type: E.REWATCH },
    { type: E.ANSWER, change: saraBids(START), at: START },
    { type: E.CLOCK, at: START },
    // Time and the viewer in forms that change nothing: the walk is of the link, and time has its own tests.
    { type: E.DEADLINE, at: START },
    { type: E.VIEWER, viewerId: 'omar' },
    { type: E.DISMISS_OUTBID },
  ];

  it('reaches every state and takes both sides of every guard', () => {
    // A state is its value and what the link and the guards read of the context, not the whole snapshot held.
    const linkOf = ({ value, context }: AuctionWatchSnapshot) => JSON.stringify([value, context.snapshot?.auction.seq, context.socketConnected, context.deviceOnline]);
    const walk = walkShortestPaths(auctionWatchMachine, EVENTS, [{ viewerId: 'omar' }, { viewerId: 'omar', firstSnapshot: AT_SEQ_5 }], linkOf as never);
    expect(walk.statesReached).toEqual(STATES);
    expect(walk.guardVerdicts).toEqual(bothVerdictsOfEveryGuard(auctionWatchMachine, GUARDS));
  });
});
