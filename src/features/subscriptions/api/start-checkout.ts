import type { PaymentMethod } from '../../../../domain/payments';
import type { CheckoutResult } from '../../../../domain/subscriptions';
import { api } from '../../../lib/api-client';

/** Starts buying a package; the checkout's key makes a retry the same checkout. */
export const startSubscriptionCheckout = (input: { packageSlug: string; country: string | null; method: PaymentMethod; checkoutKey: string }) =>
  api.post<CheckoutResult>('/subscriptions/checkout', {
    body: { packageSlug: input.packageSlug, method: input.method, idempotencyKey: input.checkoutKey, ...(input.country ? { country: input.country } : {}) },
    idempotencyKey: input.checkoutKey,
  });
