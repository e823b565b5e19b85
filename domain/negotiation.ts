/**
 * Where one buyer's negotiation on one ad stands, as stored. Having made no offer yet, and having no
 * offers left with none open, follow from the attempts counted, so neither is a stored status.
 */
export const NEGOTIATION_STATUSES = ['OFFERED', 'COUNTERED', 'ACCEPTED', 'ORDERED', 'LAPSED', 'REJECTED', 'WITHDRAWN', 'EXPIRED'] as const;
export type NegotiationStatus = (typeof NEGOTIATION_STATUSES)[number];

/** How an offer closed without a price agreed, after which the buyer may offer again while attempts are left. */
export const NEGOTIATION_CLOSED_STATUSES = ['REJECTED', 'WITHDRAWN', 'EXPIRED'] as const satisfies readonly NegotiationStatus[];
export type NegotiationClosedStatus = (typeof NEGOTIATION_CLOSED_STATUSES)[number];

/**
 * On the combined type a price put forward or agreed must beat the auction's highest bid: below it, the
 * bidder's is the better sale. No bid (or an instant sale, `null`) leaves every price standing.
 */
export function beatsHighestBid(amount: number, highestBid: number | null): boolean {
  return highestBid === null || amount > highestBid;
}

/** A buyer's moves on their own negotiation, as the path of the command that makes each. */
export const BUYER_NEGOTIATION_ACTIONS = ['withdraw', 'accept-counter', 'decline-counter', 'order'] as const;
export type BuyerNegotiationAction = (typeof BUYER_NEGOTIATION_ACTIONS)[number];

/** The owner's answers to an offer. */
export const OWNER_NEGOTIATION_ANSWERS = ['accept', 'reject', 'counter'] as const;
export type OwnerNegotiationAnswer = (typeof OWNER_NEGOTIATION_ANSWERS)[number];
