import { z } from 'zod';
import { idempotencyKeySchema } from './auction';

/** SPEC.md section 3: how a person pays. A card is entered in the provider's own form; the wallets approve on the provider's screen. */
export const PAYMENT_METHODS = ['CARD', 'APPLE_PAY', 'PAYPAL'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A payment as the server recorded the provider's answers (`machines/payment.machine.ts`). */
export const PAYMENT_STATUSES = ['CREATED', 'REQUIRES_ACTION', 'SUCCEEDED', 'FAILED', 'REFUNDED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Why a provider refused a payment; the client shows each in the person's language under 'Payment Failed'. */
export const PAYMENT_FAILURES = ['CARD_DECLINED', 'INSUFFICIENT_FUNDS', 'AUTHENTICATION_FAILED', 'PAYMENT_CANCELED', 'CARD_EXPIRED', 'PROVIDER_UNAVAILABLE'] as const;
export type PaymentFailure = (typeof PAYMENT_FAILURES)[number];

export const paymentSchema = z.object({
  id: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  method: z.enum(PAYMENT_METHODS),
  /** Minor units of `currency`, VAT included. */
  amount: z.number().int(),
  currency: z.string().length(3),
  failure: z.enum(PAYMENT_FAILURES).nullable(),
  /** Where the person goes next: the 3-D Secure challenge or a wallet's approval screen. */
  actionUrl: z.string().nullable(),
  /**
   * The provider's page the checkout frames to turn the person's card (or their Apple Pay wallet, where
   * the provider takes it in the page) into a card token; null when the method is approved on the provider's own page.
   */
  tokenFormUrl: z.string().nullable(),
  succeededAt: z.number().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** A card token made by the provider's form, with where to come back after a challenge. */
export const confirmPaymentSchema = z.object({
  idempotencyKey: idempotencyKeySchema,
  token: z.string().min(1).max(200).optional(),
  returnPath: z.string().startsWith('/').max(500),
});

export const paymentParamsSchema = z.object({ paymentId: z.string().min(1).max(100) });

/** What the provider's framed form sends its parent page once it made a card token (window.postMessage); an Apple Pay token is a card's too. */
export const CARD_TOKEN_MESSAGE = 'payment-provider:card-token';
export const cardTokenMessageSchema = z.object({ type: z.literal(CARD_TOKEN_MESSAGE), token: z.string(), brand: z.string(), last4: z.string() });
