import { useMemo } from 'react';
import type { AuctionPhase, AuctionSnapshot } from '../../../domain/auction';
import type { ErrorCode } from '../../../domain/errors';
import { minorUnitsPerMajor } from '../../../domain/money';
import {
  AUCTION_EVENTS,
  type AuctionFacts,
  auctionStateAt,
  BID_REFUSAL_ERRORS,
  bidRefusalOf,
  isBiddingOpenOrAhead,
  isReserveMet,
  nextDeadlineOf,
  phaseOfState,
} from '../../../machines/auction.machine';
import { useServerNow } from '../../lib/realtime/server-clock';

/** Often enough that a countdown's second and a phase change show on time. */
const TICK_MS = 250;

/**
 * Stands in for a visitor who is not signed in, to ask the machine what anyone but the owner could do
 * (the page then asks them to sign in for it). No user's id is empty, so it is never the owner.
 */
const ANY_BIDDER = '';

/** The machine's facts from what the server sent; only the owner's snapshot carries the reserve's value. */
export function auctionFactsOf({ auction, viewer }: AuctionSnapshot): AuctionFacts {
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

export interface AuctionView {
  phase: AuctionPhase;
  /** The server's time now, as this page estimates it. */
  now: number;
  /** When the phase next changes by itself; null once only a person can change it. */
  deadline: number | null;
  /** Bidding is open or yet to open: a private auction's outsider still has something to join. */
  biddingOpenOrAhead: boolean;
  canBid: boolean;
  canBuyNow: boolean;
  canFinalise: boolean;
  canStartNextSubAuction: boolean;
  /** Whether the highest bid reaches the reserve; only the owner's answer can be false, as only they know the reserve. */
  reserveMet: boolean;
  /** Why the machine would refuse a bid of `amount` now, as the server's error code; null when it would take it. */
  bidRefusal: (amount: number) => ErrorCode | null;
}

/**
 * The auction machine placed at the server's time, re-evaluated as that clock ticks: the phase every
 * view shows and what the viewer may do now (DESIGN.md section 3). Components ask this, never decide.
 */
export function useAuctionState(snapshot: AuctionSnapshot, viewerId: string | null): AuctionView {
  const facts = useMemo(() => auctionFactsOf(snapshot), [snapshot]);
  // Never before a time the server has already stamped, however the offset estimate moves.
  const now = Math.max(useServerNow(TICK_MS), snapshot.auction.serverTime);
  const state = auctionStateAt(facts, now);
  const actor = viewerId ?? ANY_BIDDER;
  return {
    phase: phaseOfState(state),
    now,
    deadline: nextDeadlineOf(state),
    biddingOpenOrAhead: isBiddingOpenOrAhead(state),
    canBid: state.can({ type: AUCTION_EVENTS.BID, bidderId: actor, amount: snapshot.auction.minimumBid, at: now }),
    canBuyNow: state.can({ type: AUCTION_EVENTS.BUY_NOW, buyerId: actor, at: now }),
    canFinalise: state.can({ type: AUCTION_EVENTS.FINALISE, by: actor, at: now }),
    canStartNextSubAuction: state.can({ type: AUCTION_EVENTS.START_NEXT_SUB_AUCTION, by: actor, at: now }),
    reserveMet: isReserveMet(facts),
    bidRefusal: (amount) => {
      const refusal = bidRefusalOf(state, { bidderId: actor, amount, at: now });
      return refusal && BID_REFUSAL_ERRORS[refusal];
    },
  };
}
