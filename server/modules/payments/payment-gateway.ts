import type { PaymentFailure, PaymentMethod, PaymentStatus } from '../../../domain/payments';

/** A payment as the provider answers for it. */
export interface ProviderPayment {
  providerPaymentId: string;
  status: PaymentStatus;
  failure: PaymentFailure | null;
  /** The challenge or approval page the person must visit, while the status is REQUIRES_ACTION. */
  actionUrl: string | null;
}

export interface CreatePaymentInput {
  /** Minor units, tax included. */
  amount: number;
  currency: string;
  method: PaymentMethod;
  /** The same key creates the same payment once, however often it is sent. */
  idempotencyKey: string;
  description: string;
}

export interface ConfirmPaymentInput {
  /** The card token the provider's own form made; wallets approved on the provider's page have none. */
  token: string | undefined;
  /** Absolute address the provider sends the person back to after a challenge or approval. */
  returnUrl: string;
  idempotencyKey: string;
}

/** A verified webhook: which event it is (to apply it once) and which payment changed, if it is about one. */
export interface WebhookNotice {
  eventId: string;
  providerPaymentId: string | null;
}

/**
 * The one way money moves (DESIGN.md section 5). Card numbers never reach it: the provider's own
 * form turns them into a token. Each call rejects with `PaymentProviderUnavailable` when the
 * provider cannot be reached or answers in a way that is not an outcome of the payment.
 */
export interface PaymentGateway {
  readonly provider: string;
  /** The provider's page that the checkout frames to make a card token for this payment, if its method takes one there. */
  tokenFormUrl(payment: { method: PaymentMethod; amount: number; currency: string }, locale: string): string | null;
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>;
  /** A try at the payment. On a payment that already succeeded it answers that, and charges nothing. */
  confirmPayment(providerPaymentId: string, input: ConfirmPaymentInput): Promise<ProviderPayment>;
  retrievePayment(providerPaymentId: string): Promise<ProviderPayment>;
  refundPayment(providerPaymentId: string, idempotencyKey: string): Promise<ProviderPayment>;
  /** Checks the provider's signature over the raw body; rejects with `WebhookSignatureInvalid` when it does not hold. */
  verifyWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): WebhookNotice;
}

export class PaymentProviderUnavailable extends Error {
  override name = 'PaymentProviderUnavailable';
}

export class WebhookSignatureInvalid extends Error {
  override name = 'WebhookSignatureInvalid';
}
