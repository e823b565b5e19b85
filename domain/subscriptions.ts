import { z } from 'zod';
import { idempotencyKeySchema } from './auction';
import { localizedNameSchema } from './catalog';
import { PAYMENT_METHODS, paymentSchema } from './payments';

/** SPEC.md section 4 names Active and Canceled; a subscription whose validity ran out is Expired, and one being paid for is pending. */
export const SUBSCRIPTION_STATUSES = ['PENDING_PAYMENT', 'ACTIVE', 'CANCELED', 'EXPIRED'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** An advertising package as offered in one country's currency. */
export const subscriptionPackageSchema = z.object({
  slug: z.string(),
  name: localizedNameSchema,
  description: localizedNameSchema,
  /** Minor units, tax included. */
  price: z.number().int(),
  currency: z.string().length(3),
  /** The tax the price includes where the buyer is. */
  vatBasisPoints: z.number().int(),
  adCredits: z.number().int(),
  /** Null: unlimited. */
  validityDays: z.number().int().nullable(),
  isFree: z.boolean(),
});
export type SubscriptionPackage = z.infer<typeof subscriptionPackageSchema>;
export const subscriptionPackageListSchema = z.array(subscriptionPackageSchema);

export const packagesQuerySchema = z.object({ country: z.string().length(2).optional() });

export const subscriptionSchema = z.object({
  id: z.string(),
  package: z.object({ slug: z.string(), name: localizedNameSchema, isFree: z.boolean() }),
  status: z.enum(SUBSCRIPTION_STATUSES),
  price: z.number().int(),
  currency: z.string().length(3),
  adCredits: z.number().int(),
  adCreditsRemaining: z.number().int(),
  paidAt: z.number().nullable(),
  startsAt: z.number().nullable(),
  endsAt: z.number().nullable(),
  canceledAt: z.number().nullable(),
  /** The successful payment, for its receipt. */
  paymentId: z.string().nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
export const subscriptionListSchema = z.array(subscriptionSchema);

export const checkoutSchema = z.object({
  packageSlug: z.string().min(1).max(100),
  /** The buyer's country when they chose one on the site; else the server takes their account's. */
  country: z.string().length(2).optional(),
  method: z.enum(PAYMENT_METHODS),
  idempotencyKey: idempotencyKeySchema,
});

/** A checkout: the pending subscription and the payment that will activate it. */
export const checkoutResultSchema = z.object({ subscription: subscriptionSchema, payment: paymentSchema });
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

export const subscriptionParamsSchema = z.object({ subscriptionId: z.string().min(1).max(100) });
