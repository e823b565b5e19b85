// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { AuctionCommandResult, AuctionSnapshot, AuctionState, Bid } from '../../domain/auction';

vi.mock('../../src/lib/realtime/socket', () => ({ realtimeSocket: vi.fn(), useRealtimeSocket: vi.fn() }));

const { minorUnitsOfTypedAmount, typedAmountOf } = await import('../../src/lib/amount-input');
const { quickBidAmounts } = await import('../../src/features/ads/quick-bid-amounts');
const { auctionQueryKey, receiveAuctionChange } = await import('../../src/features/ads/api/get-auction');
const { auctionFactsOf } = await import('../../src/features/ads/use-auction-state');

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

  it('writes minor units back as major units', () => {
    expect(typedAmountOf(2_625_200, 'SAR')).toBe('26252');
    expect(typedAmountOf(1025, 'SAR')).toBe('10.25');
    expect(typedAmountOf(1200, 'KWD')).toBe('1.2');
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
});

const state = (seq: number, highestBid: Bid | null, round = 1): AuctionState => ({
  adId: 'ad-1', type: 'PUBLIC_AUCTION', ownerId: 'owner', seq, serverTime: 1_000, phase: 'active', round, startsAt: 0, endsAt: 10_000,
  finalWindowEndsAt: 70_000, liveEndsAt: null, subAuctionDurationMs: null, liveLink: null, currency: 'SAR', openingAmount: 1_000,
  instantPurchaseAmount: null, allowDecimalBids: false, reserve: 'NOT_MET', highestBid, bidCount: highestBid ? 1 : 0,
  minimumBid: (highestBid?.amount ?? 1_000) + 100, outcome: null, isPrivate: false,
});
const bid = (seq: number, bidderId: string, amount: number): Bid => ({ id: `bid-${seq}`, seq, bidder: { id: bidderId, name: bidderId }, amount, at: seq * 100 });

function cacheWith(snapshot: AuctionSnapshot) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(auctionQueryKey('slug'), snapshot);
  const refetch = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
  const cached = () => queryClient.getQueryData<AuctionSnapshot>(auctionQueryKey('slug'))!;
  return { queryClient, refetch, cached };
}

describe('live changes to the cached snapshot', () => {
  const first = bid(5, 'omar', 1_100);
  const start: AuctionSnapshot = { auction: state(5, first), bids: [first], bidders: [{ id: 'omar', name: 'omar', highestAmount: 1_100, bidCount: 1 }], viewer: { role: 'BIDDER', reservePrice: null } };

  it('applies the next seq: the state replaced, the bid first in the list, the bidders re-ranked', () => {
    const { queryClient, refetch, cached } = cacheWith(start);
    const next = bid(6, 'sara', 1_300);
    receiveAuctionChange(queryClient, 'slug', { auction: state(6, next), bid: next });
    expect(cached().auction.seq).toBe(6);
    expect(cached().bids.map((each) => each.id)).toEqual(['bid-6', 'bid-5']);
    expect(cached().bidders.map((each) => [each.id, each.highestAmount, each.bidCount])).toEqual([['sara', 1_300, 1], ['omar', 1_100, 1]]);
    expect(refetch).not.toHaveBeenCalled();
  });

  it('ignores a change already applied, and fetches the snapshot again after a gap', () => {
    const { queryClient, refetch, cached } = cacheWith(start);
    receiveAuctionChange(queryClient, 'slug', { auction: state(5, first), bid: first });
    expect(cached()).toBe(start);
    expect(refetch).not.toHaveBeenCalled();
    const later = bid(8, 'sara', 1_500);
    receiveAuctionChange(queryClient, 'slug', { auction: state(8, later), bid: later } satisfies AuctionCommandResult);
    expect(cached()).toBe(start);
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('starts a new sub-auction with empty lists', () => {
    const { queryClient, cached } = cacheWith(start);
    receiveAuctionChange(queryClient, 'slug', { auction: state(6, null, 2), bid: null });
    expect(cached().bids).toEqual([]);
    expect(cached().bidders).toEqual([]);
  });
});

describe('the machine facts of a snapshot', () => {
  it('carries the reserve only as the owner sees it, and the highest bid by bidder id', () => {
    const highest = bid(5, 'omar', 1_100);
    const facts = auctionFactsOf({ auction: state(5, highest), bids: [], bidders: [], viewer: { role: 'OWNER', reservePrice: 2_000 } });
    expect(facts.reservePrice).toBe(2_000);
    expect(facts.highestBid).toEqual({ bidderId: 'omar', amount: 1_100, at: 500 });
    expect(facts.minorUnitsPerMajor).toBe(100);
  });
});
