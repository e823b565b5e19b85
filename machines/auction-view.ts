import type { AuctionPhase, AuctionSnapshot as ServerSnapshot, Bid, ViewerRole } from '../domain/auction';
import type { ErrorCode } from '../domain/errors';
import { MAX_AMOUNT_MINOR, minorUnitsPerMajor } from '../domain/money';
import {
  AUCTION_EVENTS,
  type AuctionFacts,
  type AuctionSnapshot,
  auctionStateAt,
  awaitsOwnerDecision,
  BID_REFUSAL_ERRORS,
  bidRefusalOf,
  isBiddingOpenOrAhead,
  isReserveMet,
  nextDeadlineOf,
  phaseOfState,
} from './auction.machine';

/**
 * Stands in for a visitor who is not signed in, to ask the machine what anyone but the owner could do
 * (the page then asks them to sign in for it). No user's id is empty, so it is never the owner.
 */
const ANY_BIDDER = '';

const QUICK_RAISES_PERCENT = [5, 10];

/** How the viewer may take part, below the highest bid; null when there is nothing for them to do. */
export type AuctionParticipation =
  | { kind: 'BID'; bidForm: boolean; buyNow: boolean }
  | { kind: 'SIGN_IN' }
  | { kind: 'JOIN'; role: Extract<ViewerRole, 'OUTSIDER' | 'REQUESTED' | 'REJECTED'> }
  | null;

/**
 * Who the viewer is to a round whose bidding is over: its owner, the holder of its highest bid, a
 * bidder whose bids were passed, or anyone else (a visitor, someone who did not bid).
 */
export type OutcomeStanding = 'OWNER' | 'HIGHEST' | 'OUTBID' | 'NONE';

/** What the page tells the viewer of the round once bidding is over, by their standing in it; null while it runs. */
export type AuctionOutcomeNotice =
  | { kind: 'AWAITING_OWNER'; standing: Exclude<OutcomeStanding, 'OWNER'> }
  | { kind: 'SOLD'; standing: OutcomeStanding; bid: Bid }
  | { kind: 'BOUGHT_OUTRIGHT'; byViewer: boolean; amount: number }
  | { kind: 'DECLINED'; standing: OutcomeStanding }
  | { kind: 'NO_BIDS'; standing: Extract<OutcomeStanding, 'OWNER' | 'NONE'> }
  | null;

export interface AuctionView {
  phase: AuctionPhase;
  /** The server's time now, as the page estimates it. */
  now: number;
  /**
   * When the phase next changes by itself, as this viewer's countdown shows it: null once only a person
   * can change it, and for all but the owner in the final window, as only they act in it.
   */
  countdownTo: number | null;
  isOwner: boolean;
  /** Bidding is open or still to come: live-bidding news (being outbid, leading) applies only then. */
  biddingOpenOrAhead: boolean;
  participation: AuctionParticipation;
  /** Anyone but the owner could buy the item outright now; on a negotiable ad, offers below that price are taken meanwhile. */
  sellsOutright: boolean;
  canFinalise: boolean;
  canStartNextSubAuction: boolean;
  /** The owner's round is running, so they may end it early to try the final window (where the server offers that tool). */
  ownerMayEndRoundSoon: boolean;
  /** Whether the highest bid reaches the reserve; only the owner's answer can be false, as only they know the reserve. */
  reserveMet: boolean;
  /** Whose the highest bid is to the viewer: theirs and leading while bidding runs, theirs but history once it is over, or someone else's. */
  highestBidIsViewers: 'LEADS' | 'WAS_HIGHEST' | null;
  outcome: AuctionOutcomeNotice;
  /** One-tap amounts for the bid form (`quickBidAmounts`). */
  quickBidAmounts: number[];
  /** Why the machine would refuse a bid of `amount` now, as the server's error code; null when it would take it. */
  bidRefusal: (amount: number) => ErrorCode | null;
}

/** The machine's facts from what the server sent; only the owner's snapshot carries the reserve's value. */
export function auctionFactsOf({ auction, viewer }: ServerSnapshot): AuctionFacts {
  const { highestBid, outcome } = auction;
  return {
    ownerId: auction.ownerId,
    startsAt: auction.startsAt,
    endsAt: auction.endsAt,
    openingAmount: auction.openingAmount,
    reservePrice: viewer.reservePrice,
    instantPurchaseAmount: auction.instantPurchaseAmount,
    allowDecimalBids: auction.allowDecimalBids,
    minorUnitsPerMajor: minorUnitsPerMajor(auction.currency),
    highestBid: highestBid && { bidderId: highestBid.bidder.id, amount: highestBid.amount, at: highestBid.at },
    bidCount: auction.bidCount,
    round: auction.round,
    subAuctionDurationMs: auction.subAuctionDurationMs,
    liveEndsAt: auction.liveEndsAt,
    outcome:
      outcome === null
        ? null
        : outcome.kind === 'BOUGHT_OUTRIGHT'
          ? { kind: outcome.kind, buyerId: outcome.buyerId ?? '', at: outcome.at }
          : { kind: outcome.kind, at: outcome.at },
  };
}

/** Whether the viewer keeps the auction's list of participants: the owner of a private auction. */
export function managesParticipants({ auction, viewer }: ServerSnapshot): boolean {
  return viewer.role === 'OWNER' && auction.isPrivate;
}

/**
 * The round step an amount's raises land on: a hundredth of its order of magnitude in whole units
 * (1 for hundreds, 10 for thousands, 100 for tens of thousands), never less than one unit, so a
 * bidder taps 42,100 rather than 42,003.
 */
function roundStepOf(minorUnits: number, perMajor: number): number {
  const wholeUnits = Math.max(1, Math.floor(minorUnits / perMajor));
  return Math.max(1, 10 ** (String(wholeUnits).length - 3)) * perMajor;
}

/**
 * One-tap amounts for the bid form: the least the next bid may offer, then about 5% and 10% above it,
 * rounded up to a round step of the amount and each at least one step above the one before, and none
 * past the amount limit, which the bid would be refused for.
 * Integer arithmetic throughout, so no amount picks up a float's stray fraction.
 */
export function quickBidAmounts(minimumBid: number, currency: string): number[] {
  const perMajor = minorUnitsPerMajor(currency);
  const step = roundStepOf(minimumBid, perMajor);
  const amounts = [minimumBid];
  for (const percent of QUICK_RAISES_PERCENT) {
    const raised = Math.ceil((minimumBid * (100 + percent)) / (100 * step)) * step;
    amounts.push(Math.max(raised, (Math.floor(amounts.at(-1)! / step) + 1) * step));
  }
  return amounts.filter((amount) => amount <= MAX_AMOUNT_MINOR);
}

function participationOf(role: ViewerRole, can: { bid: boolean; buyNow: boolean; join: boolean }): AuctionParticipation {
  switch (role) {
    case 'BIDDER':
      return can.bid || can.buyNow ? { kind: 'BID', bidForm: can.bid, buyNow: can.buyNow } : null;
    case 'VISITOR':
      return can.bid || can.buyNow ? { kind: 'SIGN_IN' } : null;
    case 'OUTSIDER':
    case 'REQUESTED':
    case 'REJECTED':
      return can.join ? { kind: 'JOIN', role } : null;
    case 'OWNER':
      return null;
  }
}

function standingOf({ auction, bidders, viewer }: ServerSnapshot, viewerId: string | null): OutcomeStanding {
  if (viewer.role === 'OWNER') return 'OWNER';
  if (viewerId === null) return 'NONE';
  if (auction.highestBid?.bidder.id === viewerId) return 'HIGHEST';
  return bidders.some((bidder) => bidder.id === viewerId) ? 'OUTBID' : 'NONE';
}

function outcomeOf(snapshot: ServerSnapshot, state: AuctionSnapshot, viewerId: string | null): AuctionOutcomeNotice {
  const { auction } = snapshot;
  const standing = standingOf(snapshot, viewerId);
  if (awaitsOwnerDecision(state)) {
    // The owner has the controls instead.
    return standing === 'OWNER' ? null : { kind: 'AWAITING_OWNER', standing };
  }
  switch (phaseOfState(state)) {
    case 'finalised':
      return auction.highestBid && { kind: 'SOLD', standing, bid: auction.highestBid };
    case 'boughtOutright':
      return auction.outcome?.amount == null ? null : { kind: 'BOUGHT_OUTRIGHT', byViewer: auction.outcome.buyerId === viewerId, amount: auction.outcome.amount };
    case 'ended':
      return { kind: 'DECLINED', standing };
    case 'endedWithoutBids':
      return { kind: 'NO_BIDS', standing: standing === 'OWNER' ? 'OWNER' : 'NONE' };
    default:
      return null;
  }
}

/**
 * The auction as one viewer sees it at server time `now`: the machine placed on the server's snapshot,
 * and from it everything a view shows or offers (DESIGN.md section 3). Views render this; they decide nothing.
 */
export function auctionViewAt(snapshot: ServerSnapshot, viewerId: string | null, now: number): AuctionView {
  const { auction, viewer } = snapshot;
  const state = auctionStateAt(auctionFactsOf(snapshot), now);
  const actor = viewerId ?? ANY_BIDDER;
  const phase = phaseOfState(state);
  const isOwner = viewer.role === 'OWNER';
  const canBid = state.can({ type: AUCTION_EVENTS.BID, bidderId: actor, amount: auction.minimumBid, at: now });
  const canBuyNow = state.can({ type: AUCTION_EVENTS.BUY_NOW, buyerId: actor, at: now });
  const highestIsViewers = auction.highestBid !== null && auction.highestBid.bidder.id === viewerId;
  const biddingOpenOrAhead = isBiddingOpenOrAhead(state);
  return {
    phase,
    now,
    countdownTo: phase === 'finalWindow' && !isOwner ? null : nextDeadlineOf(state),
    isOwner,
    biddingOpenOrAhead,
    participation: participationOf(viewer.role, { bid: canBid, buyNow: canBuyNow, join: biddingOpenOrAhead }),
    sellsOutright: state.can({ type: AUCTION_EVENTS.BUY_NOW, buyerId: ANY_BIDDER, at: now }),
    canFinalise: state.can({ type: AUCTION_EVENTS.FINALISE, by: actor, at: now }),
    canStartNextSubAuction: state.can({ type: AUCTION_EVENTS.START_NEXT_SUB_AUCTION, by: actor, at: now }),
    ownerMayEndRoundSoon: isOwner && phase === 'active',
    reserveMet: isReserveMet(state.context),
    highestBidIsViewers: highestIsViewers ? (biddingOpenOrAhead ? 'LEADS' : 'WAS_HIGHEST') : null,
    outcome: outcomeOf(snapshot, state, viewerId),
    quickBidAmounts: quickBidAmounts(auction.minimumBid, auction.currency),
    bidRefusal: (amount) => {
      const refusal = bidRefusalOf(state, { bidderId: actor, amount, at: now });
      return refusal && BID_REFUSAL_ERRORS[refusal];
    },
  };
}
