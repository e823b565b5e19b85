import { describe, expect, it } from 'vitest';
import type { AuctionSnapshot, AuctionState, Bid, ViewerRole } from '../../domain/auction';
import { MAX_AMOUNT_MINOR } from '../../domain/money';
import { FINAL_WINDOW_MS, MINUTE_MS } from '../../domain/timing';
import { auctionFactsOf, auctionViewAt, managesParticipants, quickBidAmounts } from '../../machines/auction-view';

const START = Date.UTC(2030, 0, 1, 18, 0, 0);
const END = START + 10 * MINUTE_MS;
const RUNNING = START + MINUTE_MS;
const IN_FINAL_WINDOW = END + 1_000;
const AFTER_FINAL_WINDOW = END + FINAL_WINDOW_MS + 1_000;

const bid = (bidderId: string, amount: number): Bid => ({ id: `bid-${bidderId}-${amount}`, seq: 2, bidder: { id: bidderId, name: bidderId }, amount, at: START + 1_000 });

/** A public auction on the page, as the server sends it, with the viewer's standing. */
function snapshotOf(role: ViewerRole, overrides: Partial<AuctionState> = {}, reservePrice: number | null = null): AuctionSnapshot {
  const highestBid = overrides.highestBid ?? null;
  const auction: AuctionState = {
    adId: 'ad-1', type: 'PUBLIC_AUCTION', ownerId: 'owner', seq: 2, serverTime: START, phase: 'active', round: 1, startsAt: START, endsAt: END,
    finalWindowEndsAt: END + FINAL_WINDOW_MS, liveEndsAt: null, subAuctionDurationMs: null, liveLink: null, currency: 'SAR', openingAmount: 10_000,
    instantPurchaseAmount: null, allowDecimalBids: false, reserve: 'NONE', highestBid, bidCount: highestBid ? 1 : 0,
    minimumBid: (highestBid?.amount ?? 10_000) + 100, outcome: null, isPrivate: false, ...overrides,
  };
  return { auction, bids: highestBid ? [highestBid] : [], bidders: [], viewer: { role, reservePrice } };
}

describe('the machine facts of a snapshot', () => {
  it('carries the reserve only as the owner sees it, and the highest bid by bidder id', () => {
    const facts = auctionFactsOf(snapshotOf('OWNER', { highestBid: bid('omar', 11_000) }, 20_000));
    expect(facts.reservePrice).toBe(20_000);
    expect(facts.highestBid).toEqual({ bidderId: 'omar', amount: 11_000, at: START + 1_000 });
    expect(facts.minorUnitsPerMajor).toBe(100);
  });
});

describe('quick bid amounts', () => {
  it('offers the minimum, then about 5% and 10% above it on a round step of its size, with no float residue', () => {
    expect(quickBidAmounts(10_000, 'SAR')).toEqual([10_000, 10_500, 11_000]);
    // 40,002 SAR: raises land on whole hundreds.
    expect(quickBidAmounts(4_000_200, 'SAR')).toEqual([4_000_200, 4_210_000, 4_410_000]);
    expect(quickBidAmounts(2_500_100, 'SAR')).toEqual([2_500_100, 2_630_000, 2_760_000]);
    // 15.750 KWD (three decimals): whole dinars.
    expect(quickBidAmounts(15_750, 'KWD')).toEqual([15_750, 17_000, 18_000]);
  });

  it('keeps each amount at least one step above the one before', () => {
    expect(quickBidAmounts(100, 'SAR')).toEqual([100, 200, 300]);
    expect(quickBidAmounts(1_050, 'SAR')).toEqual([1_050, 1_200, 1_300]);
  });

  it('offers no amount past the amount limit', () => {
    expect(quickBidAmounts(MAX_AMOUNT_MINOR - 100, 'SAR')).toEqual([MAX_AMOUNT_MINOR - 100]);
    expect(quickBidAmounts(MAX_AMOUNT_MINOR + 100, 'SAR')).toEqual([]);
  });

  it('are what the view offers, from the least the next bid may be', () => {
    expect(auctionViewAt(snapshotOf('BIDDER', { highestBid: bid('omar', 11_000) }), 'sara', RUNNING).quickBidAmounts).toEqual([11_100, 11_700, 12_300]);
  });
});

describe('how the viewer may take part', () => {
  it('a bidder bids while the auction runs, and has nothing to do once it is over', () => {
    expect(auctionViewAt(snapshotOf('BIDDER'), 'sara', RUNNING).participation).toEqual({ kind: 'BID', bidForm: true, buyNow: false });
    expect(auctionViewAt(snapshotOf('BIDDER'), 'sara', START - 1).participation).toBeNull();
    expect(auctionViewAt(snapshotOf('BIDDER', { highestBid: bid('omar', 11_000) }), 'sara', IN_FINAL_WINDOW).participation).toBeNull();
  });

  it('a bidder of the combined type may also buy outright', () => {
    const combined = snapshotOf('BIDDER', { type: 'INSTANT_SALE_AND_AUCTION', instantPurchaseAmount: 50_000 });
    expect(auctionViewAt(combined, 'sara', RUNNING).participation).toEqual({ kind: 'BID', bidForm: true, buyNow: true });
    // Once the bidding reaches the instant purchase amount, only bidding is left.
    const reached = snapshotOf('BIDDER', { type: 'INSTANT_SALE_AND_AUCTION', instantPurchaseAmount: 50_000, highestBid: bid('omar', 50_000) });
    expect(auctionViewAt(reached, 'sara', RUNNING).participation).toEqual({ kind: 'BID', bidForm: true, buyNow: false });
  });

  it('a visitor is asked to sign in, but only for an auction there is something to do in', () => {
    expect(auctionViewAt(snapshotOf('VISITOR'), null, RUNNING).participation).toEqual({ kind: 'SIGN_IN' });
    expect(auctionViewAt(snapshotOf('VISITOR'), null, AFTER_FINAL_WINDOW).participation).toBeNull();
  });

  it('an outsider of a private auction may ask to join, or sees where the request stands, until bidding is over', () => {
    for (const role of ['OUTSIDER', 'REQUESTED', 'REJECTED'] as const) {
      expect(auctionViewAt(snapshotOf(role, { isPrivate: true }), 'sara', START - MINUTE_MS).participation).toEqual({ kind: 'JOIN', role });
      expect(auctionViewAt(snapshotOf(role, { isPrivate: true }), 'sara', RUNNING).participation).toEqual({ kind: 'JOIN', role });
      expect(auctionViewAt(snapshotOf(role, { isPrivate: true }), 'sara', AFTER_FINAL_WINDOW).participation).toBeNull();
    }
  });

  it('the owner of a private auction keeps its participants; nobody else, and no public auction’s owner', () => {
    expect(managesParticipants(snapshotOf('OWNER', { isPrivate: true }))).toBe(true);
    expect(managesParticipants(snapshotOf('OWNER'))).toBe(false);
    expect(managesParticipants(snapshotOf('BIDDER', { isPrivate: true }))).toBe(false);
  });

  it('the owner never bids, and may end a running round early to try the final window', () => {
    const running = auctionViewAt(snapshotOf('OWNER'), 'owner', RUNNING);
    expect(running.participation).toBeNull();
    expect(running.ownerMayEndRoundSoon).toBe(true);
    expect(auctionViewAt(snapshotOf('OWNER'), 'owner', START - 1).ownerMayEndRoundSoon).toBe(false);
    expect(auctionViewAt(snapshotOf('BIDDER'), 'sara', RUNNING).ownerMayEndRoundSoon).toBe(false);
  });
});

describe('the countdown the viewer watches', () => {
  const withBid = (role: ViewerRole) => snapshotOf(role, { highestBid: bid('omar', 11_000) });

  it('runs to the start, then to the end, for everyone', () => {
    expect(auctionViewAt(withBid('BIDDER'), 'sara', START - 1).countdownTo).toBe(START);
    expect(auctionViewAt(withBid('VISITOR'), null, RUNNING).countdownTo).toBe(END);
  });

  it('runs through the final window for the owner alone, who acts in it', () => {
    expect(auctionViewAt(withBid('OWNER'), 'owner', IN_FINAL_WINDOW).countdownTo).toBe(END + FINAL_WINDOW_MS);
    expect(auctionViewAt(withBid('BIDDER'), 'omar', IN_FINAL_WINDOW).countdownTo).toBeNull();
  });

  it('stops once only a person can change the auction', () => {
    expect(auctionViewAt(withBid('OWNER'), 'owner', AFTER_FINAL_WINDOW).countdownTo).toBeNull();
  });
});

describe('what the viewer is told once bidding is over', () => {
  const leading = bid('omar', 11_000);
  const standings = (snapshot: AuctionSnapshot) => ({ ...snapshot, bidders: [{ id: 'omar', name: 'omar', highestAmount: 11_000, bidCount: 1 }, { id: 'sara', name: 'sara', highestAmount: 10_500, bidCount: 1 }] });

  it('that the owner is deciding, in the words of the viewer’s standing; the owner has the controls instead', () => {
    const waiting = standings(snapshotOf('BIDDER', { highestBid: leading }));
    expect(auctionViewAt(waiting, 'omar', IN_FINAL_WINDOW).outcome).toEqual({ kind: 'AWAITING_OWNER', standing: 'HIGHEST' });
    expect(auctionViewAt(waiting, 'sara', AFTER_FINAL_WINDOW).outcome).toEqual({ kind: 'AWAITING_OWNER', standing: 'OUTBID' });
    expect(auctionViewAt(waiting, 'nora', AFTER_FINAL_WINDOW).outcome).toEqual({ kind: 'AWAITING_OWNER', standing: 'NONE' });
    expect(auctionViewAt({ ...waiting, viewer: { role: 'VISITOR', reservePrice: null } }, null, IN_FINAL_WINDOW).outcome).toEqual({ kind: 'AWAITING_OWNER', standing: 'NONE' });
    expect(auctionViewAt(snapshotOf('OWNER', { highestBid: leading }), 'owner', IN_FINAL_WINDOW).outcome).toBeNull();
  });

  it('who won, told to the winner, the outbid bidder, the owner and anyone else in their own words', () => {
    const sold = standings(snapshotOf('BIDDER', { highestBid: leading, outcome: { kind: 'FINALISED', at: IN_FINAL_WINDOW, buyerId: null, amount: null } }));
    expect(auctionViewAt(sold, 'omar', AFTER_FINAL_WINDOW).outcome).toEqual({ kind: 'SOLD', standing: 'HIGHEST', bid: leading });
    expect(auctionViewAt(sold, 'sara', AFTER_FINAL_WINDOW).outcome).toEqual({ kind: 'SOLD', standing: 'OUTBID', bid: leading });
    expect(auctionViewAt(sold, 'nora', AFTER_FINAL_WINDOW).outcome).toEqual({ kind: 'SOLD', standing: 'NONE', bid: leading });
    expect(auctionViewAt({ ...sold, viewer: { role: 'OWNER', reservePrice: null } }, 'owner', AFTER_FINAL_WINDOW).outcome).toEqual({ kind: 'SOLD', standing: 'OWNER', bid: leading });
  });

  it('that it was bought outright, and the earlier highest bid is the viewer’s only as history', () => {
    const bought = snapshotOf('BIDDER', {
      type: 'INSTANT_SALE_AND_AUCTION', instantPurchaseAmount: 50_000, highestBid: leading, outcome: { kind: 'BOUGHT_OUTRIGHT', at: RUNNING, buyerId: 'sara', amount: 50_000 },
    });
    expect(auctionViewAt(bought, 'sara', RUNNING).outcome).toEqual({ kind: 'BOUGHT_OUTRIGHT', byViewer: true, amount: 50_000 });
    expect(auctionViewAt(bought, 'omar', RUNNING).outcome).toEqual({ kind: 'BOUGHT_OUTRIGHT', byViewer: false, amount: 50_000 });
    expect(auctionViewAt(bought, 'omar', RUNNING).highestBidIsViewers).toBe('WAS_HIGHEST');
    // Bought at a lower price agreed with the owner: the price it went for, not the instant amount.
    const negotiated = { ...bought, auction: { ...bought.auction, outcome: { kind: 'BOUGHT_OUTRIGHT' as const, at: RUNNING, buyerId: 'sara', amount: 42_000 } } };
    expect(auctionViewAt(negotiated, 'omar', RUNNING).outcome).toEqual({ kind: 'BOUGHT_OUTRIGHT', byViewer: false, amount: 42_000 });
    expect(auctionViewAt(snapshotOf('BIDDER', { highestBid: leading }), 'omar', RUNNING).highestBidIsViewers).toBe('LEADS');
    expect(auctionViewAt(snapshotOf('BIDDER', { highestBid: leading }), 'sara', RUNNING).highestBidIsViewers).toBeNull();
  });

  it('that the item sells outright (and takes offers) only while running and bidding stays below the instant amount', () => {
    const combined = (instantPurchaseAmount: number) => snapshotOf('OWNER', { type: 'INSTANT_SALE_AND_AUCTION', instantPurchaseAmount, highestBid: leading });
    expect(auctionViewAt(combined(50_000), 'owner', RUNNING).sellsOutright).toBe(true);
    expect(auctionViewAt(combined(11_000), 'owner', RUNNING).sellsOutright).toBe(false);
    expect(auctionViewAt(combined(50_000), 'owner', IN_FINAL_WINDOW).sellsOutright).toBe(false);
    expect(auctionViewAt(snapshotOf('BIDDER', { highestBid: leading }), 'omar', RUNNING).sellsOutright).toBe(false);
  });

  it('that the highest bid is the viewer’s as history, never that they lead, once bidding is over', () => {
    expect(auctionViewAt(snapshotOf('BIDDER', { highestBid: leading }), 'omar', RUNNING).biddingOpenOrAhead).toBe(true);
    expect(auctionViewAt(snapshotOf('BIDDER', { highestBid: leading }), 'omar', IN_FINAL_WINDOW).highestBidIsViewers).toBe('WAS_HIGHEST');
    expect(auctionViewAt(snapshotOf('BIDDER', { highestBid: leading }), 'omar', IN_FINAL_WINDOW).biddingOpenOrAhead).toBe(false);
    const declined = snapshotOf('BIDDER', { highestBid: leading, outcome: { kind: 'DECLINED', at: IN_FINAL_WINDOW, buyerId: null, amount: null } });
    expect(auctionViewAt(declined, 'omar', AFTER_FINAL_WINDOW).highestBidIsViewers).toBe('WAS_HIGHEST');
  });

  it('that the owner declined, in the words of each standing, or that nobody bid; nothing while bidding runs', () => {
    const declined = standings(snapshotOf('BIDDER', { highestBid: leading, outcome: { kind: 'DECLINED', at: IN_FINAL_WINDOW, buyerId: null, amount: null } }));
    expect(auctionViewAt(declined, 'omar', AFTER_FINAL_WINDOW).outcome).toEqual({ kind: 'DECLINED', standing: 'HIGHEST' });
    expect(auctionViewAt(declined, 'sara', AFTER_FINAL_WINDOW).outcome).toEqual({ kind: 'DECLINED', standing: 'OUTBID' });
    expect(auctionViewAt(declined, 'nora', AFTER_FINAL_WINDOW).outcome).toEqual({ kind: 'DECLINED', standing: 'NONE' });
    expect(auctionViewAt({ ...declined, viewer: { role: 'OWNER', reservePrice: null } }, 'owner', AFTER_FINAL_WINDOW).outcome).toEqual({ kind: 'DECLINED', standing: 'OWNER' });
    expect(auctionViewAt(snapshotOf('BIDDER'), 'sara', AFTER_FINAL_WINDOW).outcome).toEqual({ kind: 'NO_BIDS', standing: 'NONE' });
    expect(auctionViewAt(snapshotOf('OWNER'), 'owner', AFTER_FINAL_WINDOW).outcome).toEqual({ kind: 'NO_BIDS', standing: 'OWNER' });
    expect(auctionViewAt(snapshotOf('BIDDER', { highestBid: leading }), 'sara', RUNNING).outcome).toBeNull();
  });
});
