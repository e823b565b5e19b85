// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuctionChange, AuctionSnapshot, AuctionState, Bid, BidderStanding } from '../../domain/auction';
import { CHANGE_BID_LIMIT, SNAPSHOT_BID_LIMIT } from '../../domain/limits';
import { applyAuctionChange, hasJustBeenOutbid } from '../../domain/auction-changes';
import { ERROR_CODES } from '../../domain/errors';
import { MAX_AMOUNT_MINOR } from '../../domain/money';
import { SOCKET_EVENTS } from '../../domain/realtime-events';
import { STALE_REFETCH_SPREAD_MS } from '../../machines/auction-watch.machine';

vi.mock('../../src/lib/realtime/socket', () => ({ realtimeSocket: vi.fn(), useRealtimeSocket: vi.fn() }));
vi.mock('../../src/lib/session', () => ({ useSession: () => ({ data: null }) }));
// The unit project shares modules between files (no isolation): forget the copies another file loaded with the real socket.
vi.resetModules();

const { minorUnitsOfTypedAmount, typedAmountOf } = await import('../../src/lib/amount-input');
const { LiveAuctionProvider, useLiveAuction } = await import('../../src/features/ads/live-auction');
const { realtimeSocket, useRealtimeSocket } = await import('../../src/lib/realtime/socket');
const { api } = await import('../../src/lib/api-client');

describe('amounts typed in a bid', () => {
  it('reads Arabic-Indic digits, grouping marks and the Arabic decimal separator, in minor units', () => {
    expect(minorUnitsOfTypedAmount('١٢٬٥٠٠', 'SAR')).toBe(1_250_000);
    expect(minorUnitsOfTypedAmount('12,500.5', 'SAR')).toBe(1_250_050);
    expect(minorUnitsOfTypedAmount('١٠٫٢٥', 'SAR')).toBe(1025);
    expect(minorUnitsOfTypedAmount('10.15', 'SAR')).toBe(1015);
    expect(minorUnitsOfTypedAmount('1.234', 'KWD')).toBe(1234);
  });

  it('says nothing typed is null, and what is no amount of the currency is NaN', () => {
    expect(minorUnitsOfTypedAmount('  ', 'SAR')).toBeNull();
    expect(minorUnitsOfTypedAmount('12a', 'SAR')).toBeNaN();
    expect(minorUnitsOfTypedAmount('1.005', 'SAR')).toBeNaN();
    expect(minorUnitsOfTypedAmount('-5', 'SAR')).toBeNaN();
  });

  it('reads an amount too long to be exact as one past the amount limit, to be refused as too large', () => {
    expect(minorUnitsOfTypedAmount('100000000000', 'SAR')).toBe(MAX_AMOUNT_MINOR);
    expect(minorUnitsOfTypedAmount('90071992547409', 'SAR')).toBeGreaterThan(MAX_AMOUNT_MINOR);
    expect(minorUnitsOfTypedAmount('9'.repeat(400), 'SAR')).toBeGreaterThan(MAX_AMOUNT_MINOR);
  });

  it('writes minor units back as major units', () => {
    expect(typedAmountOf(2_625_200, 'SAR')).toBe('26252');
    expect(typedAmountOf(1025, 'SAR')).toBe('10.25');
    expect(typedAmountOf(1200, 'KWD')).toBe('1.2');
  });
});

const state = (seq: number, highestBid: Bid | null, { round = 1, bidCount = highestBid ? 1 : 0 } = {}): AuctionState => ({
  adId: 'ad-1', type: 'PUBLIC_AUCTION', ownerId: 'owner', seq, serverTime: 1_000, phase: 'active', round, startsAt: 0, endsAt: 10_000,
  finalWindowEndsAt: 70_000, liveEndsAt: null, subAuctionDurationMs: null, liveLink: null, currency: 'SAR', openingAmount: 1_000,
  instantPurchaseAmount: null, allowDecimalBids: false, reserve: 'NOT_MET', highestBid, bidCount,
  minimumBid: (highestBid?.amount ?? 1_000) + 100, outcome: null, isPrivate: false,
});
const bid = (seq: number, bidderId: string, amount: number): Bid => ({ id: `bid-${seq}`, seq, bidder: { id: bidderId, name: bidderId }, amount, at: seq * 100 });
const standing = (bidderId: string, highestAmount: number, bidCount: number): BidderStanding => ({ id: bidderId, name: bidderId, highestAmount, bidCount });
const idsOf = (bids: Bid[]) => bids.map((each) => each.id);
const standingsOf = (bidders: BidderStanding[]) => bidders.map((each) => [each.id, each.highestAmount, each.bidCount]);

describe('a watcher applying a change (applyAuctionChange)', () => {
  // Seq 4 and 5: layla then omar, two bids in the round so far.
  const earlier = [bid(5, 'omar', 1_100), bid(4, 'layla', 1_050)];
  const view: AuctionSnapshot = {
    auction: state(5, earlier[0]!, { bidCount: 2 }),
    bids: earlier,
    bidders: [standing('omar', 1_100, 1), standing('layla', 1_050, 1)],
    viewer: { role: 'BIDDER', reservePrice: null },
  };
  const applied = (change: AuctionChange) => {
    const next = applyAuctionChange(view, change);
    if (next === 'RESYNC') throw new Error('the change was expected to apply');
    return next;
  };

  it('takes a run of bids from two bidders at once: the bids newest first before the earlier ones, the bidders at their absolute standing, re-ranked', () => {
    const run = [bid(8, 'sara', 1_600), bid(7, 'omar', 1_400), bid(6, 'sara', 1_300)];
    // The change names each bidder once, at where the run left them; not in rank order.
    const next = applied({ fromSeq: 5, auction: state(8, run[0]!, { bidCount: 5 }), bids: run, bidders: [standing('omar', 1_400, 2), standing('sara', 1_600, 2)] });
    expect(next.auction.seq).toBe(8);
    expect(next.auction.highestBid).toEqual(run[0]);
    expect(idsOf(next.bids)).toEqual(['bid-8', 'bid-7', 'bid-6', 'bid-5', 'bid-4']);
    // omar's count is the change's 2, not the view's 1 plus one more: standings replace, never add.
    expect(standingsOf(next.bidders)).toEqual([['sara', 1_600, 2], ['omar', 1_400, 2], ['layla', 1_050, 1]]);
    expect(next.viewer).toBe(view.viewer);
  });

  it('keeps the earlier bids after a run of exactly as many bids as it carries, and no more than the snapshot holds', () => {
    const run = Array.from({ length: CHANGE_BID_LIMIT }, (_, index) => bid(6 + index, index % 2 ? 'sara' : 'omar', 1_200 + index * 100)).reverse();
    const full = applied({ fromSeq: 5, auction: state(5 + CHANGE_BID_LIMIT, run[0]!, { bidCount: 2 + CHANGE_BID_LIMIT }), bids: run, bidders: [standing('sara', 2_100, 5), standing('omar', 2_000, 6)] });
    expect(idsOf(full.bids)).toEqual([...idsOf(run), 'bid-5', 'bid-4']);

    const long = Array.from({ length: SNAPSHOT_BID_LIMIT }, (_, index) => bid(SNAPSHOT_BID_LIMIT - index, 'omar', 1_000 + (SNAPSHOT_BID_LIMIT - index) * 10));
    const crowded: AuctionSnapshot = { ...view, auction: state(SNAPSHOT_BID_LIMIT, long[0]!, { bidCount: 80 }), bids: long };
    const newest = bid(SNAPSHOT_BID_LIMIT + 1, 'sara', 5_000);
    const next = applyAuctionChange(crowded, { fromSeq: SNAPSHOT_BID_LIMIT, auction: state(SNAPSHOT_BID_LIMIT + 1, newest, { bidCount: 81 }), bids: [newest], bidders: [standing('sara', 5_000, 1)] });
    expect(next !== 'RESYNC' && idsOf(next.bids)).toEqual([newest.id, ...idsOf(long.slice(0, -1))]);
  });

  it('starts the list again from the change’s bids when the run left bids out, never showing a hole in it', () => {
    // Seq 6 to 17: twelve bids, of which the change carries the latest ten.
    const carried = Array.from({ length: CHANGE_BID_LIMIT }, (_, index) => bid(17 - index, index % 2 ? 'omar' : 'sara', 3_000 - index * 100));
    const next = applied({ fromSeq: 5, auction: state(17, carried[0]!, { bidCount: 14 }), bids: carried, bidders: [standing('sara', 3_000, 6), standing('omar', 2_900, 7)] });
    expect(idsOf(next.bids)).toEqual(idsOf(carried));
    expect(next.auction.bidCount).toBe(14);
    expect(standingsOf(next.bidders)).toEqual([['sara', 3_000, 6], ['omar', 2_900, 7], ['layla', 1_050, 1]]);
  });

  it('asks for the snapshot again when the change starts past its seq: one was missed', () => {
    const later = bid(8, 'sara', 1_500);
    expect(applyAuctionChange(view, { fromSeq: 6, auction: state(8, later, { bidCount: 4 }), bids: [later], bidders: [standing('sara', 1_500, 2)] })).toBe('RESYNC');
  });

  it('takes a change that overlaps what it holds in the same round, adding only the bids after its seq', () => {
    // The run's broadcast holds omar's bid (seq 5, the page's own answer already) and sara's after it.
    const overlapping = [bid(6, 'sara', 1_300), bid(5, 'omar', 1_100)];
    const next = applied({ fromSeq: 4, auction: state(6, overlapping[0]!, { bidCount: 3 }), bids: overlapping, bidders: [standing('sara', 1_300, 1), standing('omar', 1_100, 1)] });
    expect(next.auction.seq).toBe(6);
    expect(idsOf(next.bids)).toEqual(['bid-6', 'bid-5', 'bid-4']);
    expect(standingsOf(next.bidders)).toEqual([['sara', 1_300, 1], ['omar', 1_100, 1], ['layla', 1_050, 1]]);
    // Across a new round, an overlap cannot be trusted: the snapshot is fetched.
    expect(applyAuctionChange(view, { fromSeq: 4, auction: state(6, null, { round: 2, bidCount: 0 }), bids: [], bidders: [] })).toBe('RESYNC');
  });

  it('ignores a change it already holds, or an older one, even one that does not start at its seq', () => {
    expect(applyAuctionChange(view, { fromSeq: 4, auction: view.auction, bids: [earlier[0]!], bidders: [standing('omar', 1_100, 1)] })).toBe(view);
    expect(applyAuctionChange(view, { fromSeq: 2, auction: state(4, earlier[1]!), bids: [earlier[1]!], bidders: [standing('layla', 1_050, 1)] })).toBe(view);
  });

  it('clears the bids and the bidders when a new round starts', () => {
    const next = applied({ fromSeq: 5, auction: state(6, null, { round: 2 }), bids: [], bidders: [] });
    expect(next.auction).toMatchObject({ seq: 6, round: 2, bidCount: 0, highestBid: null });
    expect(next.bids).toEqual([]);
    expect(next.bidders).toEqual([]);
  });
});

describe('telling the viewer they were outbid (hasJustBeenOutbid)', () => {
  const view = (seq: number, highestBid: Bid | null, bidders: BidderStanding[]): AuctionSnapshot => ({
    auction: state(seq, highestBid, { bidCount: bidders.reduce((total, bidder) => total + bidder.bidCount, 0) }),
    bids: highestBid ? [highestBid] : [],
    bidders,
    viewer: { role: 'BIDDER', reservePrice: null },
  });
  const omarLeads = view(5, bid(5, 'omar', 1_100), [standing('omar', 1_100, 1)]);

  it('when someone else takes the lead from the viewer', () => {
    expect(hasJustBeenOutbid(omarLeads, view(6, bid(6, 'sara', 1_300), [standing('sara', 1_300, 1), standing('omar', 1_100, 1)]), 'omar')).toBe(true);
  });

  it('when the viewer’s bid and a higher one came in one run, so the viewer was never seen leading', () => {
    const saraLeads = view(5, bid(5, 'sara', 1_100), [standing('sara', 1_100, 1)]);
    const run = view(7, bid(7, 'sara', 1_500), [standing('sara', 1_500, 2), standing('omar', 1_300, 1)]);
    expect(hasJustBeenOutbid(saraLeads, run, 'omar')).toBe(true);
  });

  it('not when the viewer leads, had no part in it, or nothing changed, nor for a visitor', () => {
    const saraLeads = view(6, bid(6, 'sara', 1_300), [standing('sara', 1_300, 1), standing('omar', 1_100, 1)]);
    const saraAgain = view(7, bid(7, 'sara', 1_500), [standing('sara', 1_500, 2), standing('omar', 1_100, 1)]);
    expect(hasJustBeenOutbid(saraLeads, saraAgain, 'omar')).toBe(false);
    expect(hasJustBeenOutbid(omarLeads, omarLeads, 'omar')).toBe(false);
    expect(hasJustBeenOutbid(saraLeads, view(7, bid(7, 'omar', 1_500), [standing('omar', 1_500, 2), standing('sara', 1_300, 1)]), 'omar')).toBe(false);
    expect(hasJustBeenOutbid(omarLeads, saraLeads, null)).toBe(false);
  });
});

type WatchReply = { ok: true; result: null } | { ok: false; error: { code: string; message: string } };

/**
 * The shared socket as a page sees it, connected: it answers every watch (refusing the first
 * `refusedWatches` past its rate), and hears what a test says the server sent.
 */
function connectedSocket({ refusedWatches = 0 } = {}) {
  const listeners = new Map<string, Set<() => void>>();
  const watched: string[] = [];
  const socket = {
    connected: true,
    on: (event: string, listener: () => void) => void listeners.set(event, (listeners.get(event) ?? new Set()).add(listener)),
    off: (event: string, listener: () => void) => void listeners.get(event)?.delete(listener),
    emit: (event: string, adId: string, ack?: (reply: WatchReply) => void) => {
      if (event !== SOCKET_EVENTS.AD_WATCH) return;
      watched.push(adId);
      ack?.(watched.length <= refusedWatches ? { ok: false, error: { code: ERROR_CODES.RATE_LIMITED, message: 'slow down' } } : { ok: true, result: null });
    },
  };
  const hear = (event: string) => listeners.get(event)?.forEach((listener) => listener());
  return { socket, watched, hear };
}

/** The shared socket, for the page and for the server clock's pings. */
function shareSocket(socket: ReturnType<typeof connectedSocket>['socket']) {
  vi.mocked(useRealtimeSocket).mockReturnValue(socket as unknown as ReturnType<typeof useRealtimeSocket>);
  vi.mocked(realtimeSocket).mockReturnValue(socket as unknown as ReturnType<typeof realtimeSocket>);
}

/** The page's live actor for the ad `slug`, as a component under its provider sees it. */
function renderLiveAuction() {
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client: queryClient }, createElement(LiveAuctionProvider, { slug: 'slug', children }));
  return renderHook(() => useLiveAuction(), { wrapper });
}

describe('watching an auction over the socket (LiveAuctionProvider)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('watches the room again at a random moment of the spread when told what it shows may be stale, once for several words, and not once the page is left', async () => {
    const { socket, watched, hear } = connectedSocket();
    shareSocket(socket);
    const snapshot: AuctionSnapshot = { auction: state(5, null), bids: [], bidders: [], viewer: { role: 'VISITOR', reservePrice: null } };
    const fetchSnapshot = vi.spyOn(api, 'get').mockResolvedValue(snapshot);
    const { result, unmount } = renderLiveAuction();
    // The first snapshot, then the room joined and the snapshot fetched again for what came in between.
    await waitFor(() => expect(fetchSnapshot).toHaveBeenCalledTimes(2));
    expect(watched).toEqual(['ad-1']);
    await waitFor(() => expect(result.current.getSnapshot().matches('synced')).toBe(true));

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    // Two nodes saying so after one database restart.
    hear(SOCKET_EVENTS.LIVE_VIEWS_STALE);
    hear(SOCKET_EVENTS.LIVE_VIEWS_STALE);
    vi.advanceTimersByTime(STALE_REFETCH_SPREAD_MS / 2 - 1);
    expect(watched).toEqual(['ad-1']);
    act(() => vi.advanceTimersByTime(STALE_REFETCH_SPREAD_MS));
    expect(watched).toEqual(['ad-1', 'ad-1']);
    vi.useRealTimers();
    await waitFor(() => expect(fetchSnapshot).toHaveBeenCalledTimes(3));

    // Disconnected when the moment comes: the watch is left to the reconnection.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    hear(SOCKET_EVENTS.LIVE_VIEWS_STALE);
    socket.connected = false;
    vi.advanceTimersByTime(STALE_REFETCH_SPREAD_MS);
    expect(watched).toHaveLength(2);
    socket.connected = true;

    // Heard, then the page left before its moment came: nothing more.
    hear(SOCKET_EVENTS.LIVE_VIEWS_STALE);
    unmount();
    vi.advanceTimersByTime(STALE_REFETCH_SPREAD_MS);
    hear(SOCKET_EVENTS.LIVE_VIEWS_STALE);
    vi.advanceTimersByTime(STALE_REFETCH_SPREAD_MS);
    expect(watched).toHaveLength(2);
  });

  it('watches again a moment later when the socket refused the watch past its rate of commands', async () => {
    const { socket, watched } = connectedSocket({ refusedWatches: 1 });
    shareSocket(socket);
    const snapshot: AuctionSnapshot = { auction: state(5, null), bids: [], bidders: [], viewer: { role: 'VISITOR', reservePrice: null } };
    const fetchSnapshot = vi.spyOn(api, 'get').mockResolvedValue(snapshot);
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    renderLiveAuction();
    await waitFor(() => expect(watched).toEqual(['ad-1']));
    expect(fetchSnapshot).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(watched).toEqual(['ad-1', 'ad-1']), { timeout: STALE_REFETCH_SPREAD_MS });
    // Joined the second time: the snapshot is fetched again for what came in between.
    await waitFor(() => expect(fetchSnapshot).toHaveBeenCalledTimes(2));
  });
});
