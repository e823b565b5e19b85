import { ERROR_CODES } from './errors';
import { MAX_AMOUNT_MINOR } from './money';
import { idempotencyKeySchema } from './auction';
import { z } from 'zod';

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

const proposalSchema = z.object({ amount: z.number().int(), at: z.number(), expiresAt: z.number() });

/** The facts of one buyer's negotiation, from which both sides place the negotiation machine at the server's time `at`. */
export const negotiationFactsSchema = z.object({
  buyerId: z.string(),
  ownerId: z.string(),
  price: z.number().int(),
  attemptLimit: z.number().int(),
  attemptsUsed: z.number().int(),
  offerTtlMs: z.number(),
  orderWindowMs: z.number(),
  offer: proposalSchema.nullable(),
  counter: proposalSchema.nullable(),
  agreedAmount: z.number().int().nullable(),
  orderBy: z.number().nullable(),
  at: z.number(),
});

/** A buyer's own negotiation on an ad: none yet (`id` null) until their first offer. */
export const negotiationSchema = z.object({
  id: z.string().nullable(),
  status: z.enum(NEGOTIATION_STATUSES).nullable(),
  facts: negotiationFactsSchema,
  currency: z.string(),
  /** The order made at the agreed price. */
  orderId: z.string().nullable(),
  /** Another buyer's agreed price holds the ad for now: the owner cannot accept this one meanwhile. */
  heldForAnother: z.boolean(),
});
export type Negotiation = z.infer<typeof negotiationSchema>;

/** One buyer's negotiation as the ad's owner sees it, with the answers open to them now. */
export const receivedOfferSchema = negotiationSchema.extend({
  id: z.string(),
  buyer: z.object({ slug: z.string(), fullName: z.string() }),
  answers: z.array(z.enum(OWNER_NEGOTIATION_ANSWERS)),
});
export type ReceivedOffer = z.infer<typeof receivedOfferSchema>;
export const receivedOfferListSchema = z.array(receivedOfferSchema);

const amountSchema = z.number().int({ error: ERROR_CODES.NOT_POSITIVE_INTEGER }).positive({ error: ERROR_CODES.NOT_POSITIVE_INTEGER }).max(MAX_AMOUNT_MINOR, { error: ERROR_CODES.AMOUNT_TOO_LARGE });

export const makeOfferSchema = z.object({ amount: amountSchema, idempotencyKey: idempotencyKeySchema });
export const buyerNegotiationParamsSchema = z.object({ slug: z.string().min(1).max(200), action: z.enum(BUYER_NEGOTIATION_ACTIONS) });
export const ownerAnswerParamsSchema = z.object({ slug: z.string().min(1).max(200), negotiationId: z.string().min(1).max(100), answer: z.enum(OWNER_NEGOTIATION_ANSWERS) });
export const ownerAnswerSchema = z.object({ idempotencyKey: idempotencyKeySchema, amount: amountSchema.optional() });
/** What a buyer's ordering at the agreed price answers: the order to pay. */
export const negotiatedOrderSchema = z.object({ orderId: z.string() });