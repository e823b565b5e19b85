import type { AuctionChange, AuctionSnapshot, BidderStanding } from './auction';
import { CHANGE_BID_LIMIT, SNAPSHOT_BID_LIMIT } from './limits';

// How a watcher's view takes the auction's changes. Apart from the auction's schemas: an auction's page
// runs these for every visitor, and the schemas would bring zod to it.

const byHighestOffer = (a: BidderStanding, b: BidderStanding) => b.highestAmount - a.highestAmount;

/**
 * Two changes that follow each other (`later.fromSeq` is `earlier.auction.seq`) told as one: what a
 * watcher makes of it is what it would have made of the two in turn, except that bids past
 * CHANGE_BID_LIMIT are left out. A new round in `later` leaves nothing of the earlier round's bids.
 */
export function mergeAuctionChanges(earlier: AuctionChange, later: AuctionChange): AuctionChange {
  if (later.auction.round !== earlier.auction.round) return { ...later, fromSeq: earlier.fromSeq };
  const laterBidders = new Set(later.bidders.map((bidder) => bidder.id));
  return {
    fromSeq: earlier.fromSeq,
    auction: later.auction,
    bids: [...later.bids, ...earlier.bids].slice(0, CHANGE_BID_LIMIT),
    bidders: [...later.bidders, ...earlier.bidders.filter((bidder) => !laterBidders.has(bidder.id))],
  };
}

/**
 * How a watcher's snapshot takes one change (DESIGN.md section 4): the change that follows its `seq`
 * is applied, one already seen is ignored, and one that starts further on means something was missed,
 * so the watcher must fetch the snapshot again ('RESYNC'). A change that began before the watcher's
 * `seq` in the same round (a bidder took its own bid's answer, and the run's broadcast holds it and
 * the bids after it) is applied too: it carries the whole state and absolute standings, and only its
 * bids after that `seq` are new. A new round starts with no bids. When the change left bids out, the
 * list starts again from the bids it carries: the ones in between are gone from it, never shown out of order.
 */
export function applyAuctionChange(view: AuctionSnapshot, change: AuctionChange): AuctionSnapshot | 'RESYNC' {
  if (change.auction.seq <= view.auction.seq) return view;
  const sameRound = change.auction.round === view.auction.round;
  if (change.fromSeq > view.auction.seq || (change.fromSeq < view.auction.seq && !sameRound)) return 'RESYNC';
  const newBids = change.bids.filter((bid) => bid.seq > view.auction.seq);
  const bidCountCovered = change.auction.bidCount - (sameRound ? view.auction.bidCount : 0);
  const earlierBids = sameRound && newBids.length === bidCountCovered ? view.bids : [];
  const changedBidders = new Set(change.bidders.map((bidder) => bidder.id));
  const otherBidders = sameRound ? view.bidders.filter((bidder) => !changedBidders.has(bidder.id)) : [];
  return {
    ...view,
    auction: change.auction,
    bids: [...newBids, ...earlierBids].slice(0, SNAPSHOT_BID_LIMIT),
    bidders: [...change.bidders, ...otherBidders].sort(byHighestOffer),
  };
}

/**
 * Whether the viewer has just been outbid between two states of the page: someone else's bid now
 * leads and, before it, the viewer led or bid. A run of bids can carry the viewer's bid and a higher
 * one together, so the viewer is never seen leading; their standing's bid count still tells.
 */
export function hasJustBeenOutbid(before: AuctionSnapshot, after: AuctionSnapshot, viewerId: string | null): boolean {
  const leader = after.auction.highestBid;
  if (viewerId === null || leader === null || leader.bidder.id === viewerId || leader.id === before.auction.highestBid?.id) return false;
  const bidsOfViewer = (view: AuctionSnapshot) => view.bidders.find((bidder) => bidder.id === viewerId)?.bidCount ?? 0;
  return before.auction.highestBid?.bidder.id === viewerId || bidsOfViewer(after) > bidsOfViewer(before);
}
