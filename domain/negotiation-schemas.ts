import { z } from 'zod';
import { idempotencyKeySchema } from './auction';
import { amountField } from './fields';
import { BUYER_NEGOTIATION_ACTIONS, NEGOTIATION_STATUSES, OWNER_NEGOTIATION_ANSWERS } from './negotiation';

// Apart from the negotiation's statuses and rules (./negotiation.ts), which the ad page reads.

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

export const makeOfferSchema = z.object({ amount: amountField, idempotencyKey: idempotencyKeySchema });
export const buyerNegotiationParamsSchema = z.object({ slug: z.string().min(1).max(200), action: z.enum(BUYER_NEGOTIATION_ACTIONS) });
export const ownerAnswerParamsSchema = z.object({ slug: z.string().min(1).max(200), negotiationId: z.string().min(1).max(100), answer: z.enum(OWNER_NEGOTIATION_ANSWERS) });
export const ownerAnswerSchema = z.object({ idempotencyKey: idempotencyKeySchema, amount: amountField.optional() });
/** What a buyer's ordering at the agreed price answers: the order to pay. */
export const negotiatedOrderSchema = z.object({ orderId: z.string() });