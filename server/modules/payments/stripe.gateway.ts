import Stripe from 'stripe';
import type { PaymentFailure, PaymentMethod } from '../../../domain/payments';
import { type PaymentGateway, PaymentProviderUnavailable, type ProviderPayment, WebhookSignatureInvalid } from './payment-gateway';

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string;
  publishableKey: string;
  /** Another address for Stripe's API (a local server in tests); Stripe's own by default. */
  apiHost?: string;
  apiPort?: number;
  apiProtocol?: 'http' | 'https';
  /** The clock a webhook's signature age is measured by. */
  now?: () => number;
}

/** Where the marketplace serves its pages around Stripe's card fields and Apple Pay button (stripe-forms.ts). */
export const STRIPE_CARD_FORM_PATH = '/stripe-pay/card-form';
export const STRIPE_APPLE_PAY_PATH = '/stripe-pay/apple-pay';

/** Apple Pay reaches Stripe as a card wallet: its token is a card PaymentMethod made by Stripe.js. */
const STRIPE_METHOD_TYPES: Record<PaymentMethod, string> = { CARD: 'card', APPLE_PAY: 'card', PAYPAL: 'paypal' };

function failureOf(error: Stripe.PaymentIntent.LastPaymentError): PaymentFailure {
  const reasons = [error.decline_code, error.code];
  if (reasons.includes('insufficient_funds')) return 'INSUFFICIENT_FUNDS';
  if (reasons.includes('expired_card')) return 'CARD_EXPIRED';
  if (reasons.some((reason) => reason === 'authentication_required' || reason === 'payment_intent_authentication_failure')) return 'AUTHENTICATION_FAILED';
  return 'CARD_DECLINED';
}

function isRefunded(intent: Stripe.PaymentIntent): boolean {
  const charge = intent.latest_charge;
  return typeof charge === 'object' && charge !== null && (charge.refunded || charge.amount_refunded >= charge.amount);
}

function paymentOf(intent: Stripe.PaymentIntent): ProviderPayment {
  const payment = { providerPaymentId: intent.id, failure: null, actionUrl: null };
  switch (intent.status) {
    case 'succeeded':
      return { ...payment, status: isRefunded(intent) ? 'REFUNDED' : 'SUCCEEDED' };
    case 'requires_action':
      // Each confirm sends a return_url, so Stripe answers with a page to redirect to rather than a step for Stripe.js.
      return { ...payment, status: 'REQUIRES_ACTION', actionUrl: intent.next_action?.redirect_to_url?.url ?? null };
    case 'canceled':
      return { ...payment, status: 'FAILED', failure: 'PAYMENT_CANCELED' };
    case 'requires_payment_method':
      return intent.last_payment_error ? { ...payment, status: 'FAILED', failure: failureOf(intent.last_payment_error) } : { ...payment, status: 'CREATED' };
    default:
      // `processing` (and the other states before an outcome) has no page to send the person to, so it is
      // not REQUIRES_ACTION: the payment waits as created, Stripe refuses a second try while it processes,
      // and the outcome's webhook (or the person's next sync) records it.
      return { ...payment, status: 'CREATED' };
  }
}

/** An answer of Stripe's that says nothing of the payment (unreachable, down, refusing our key or our request). */
function unavailable(error: unknown): never {
  if (error instanceof Stripe.errors.StripeError) throw new PaymentProviderUnavailable(`Stripe: ${error.type} ${error.code ?? ''} ${error.message}`.trim());
  throw error;
}

const isStripeError = (error: unknown, code: string) => error instanceof Stripe.errors.StripeError && error.code === code;

/**
 * The gateway over Stripe's PaymentIntents, through Stripe's official SDK. A PaymentIntent is the
 * provider's payment: a failed try leaves it open for the next one, so one payment is charged at most once.
 */
export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway {
  const stripe = new Stripe(options.secretKey, {
    ...(options.apiHost ? { host: options.apiHost } : {}),
    ...(options.apiPort ? { port: options.apiPort } : {}),
    ...(options.apiProtocol ? { protocol: options.apiProtocol } : {}),
    appInfo: { name: 'souq-marketplace' },
  });
  const now = options.now ?? Date.now;

  // Expanded, so a refund of the payment's charge shows.
  const retrieve = async (id: string) => paymentOf(await stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }).catch(unavailable));

  return {
    provider: 'stripe',
    tokenFormUrl({ method, amount, currency }, locale) {
      if (method === 'CARD') return `${STRIPE_CARD_FORM_PATH}?${new URLSearchParams({ lang: locale })}`;
      // Apple Pay's sheet shows the total, so its page is told the payment's amount; what is charged is the PaymentIntent's.
      if (method === 'APPLE_PAY') return `${STRIPE_APPLE_PAY_PATH}?${new URLSearchParams({ lang: locale, amount: String(amount), currency })}`;
      return null;
    },

    async createPayment(input) {
      const intent = await stripe.paymentIntents
        .create(
          {
            amount: input.amount,
            currency: input.currency.toLowerCase(),
            // The API version this SDK pins takes the method types as `allowed_payment_method_types`.
            allowed_payment_method_types: [STRIPE_METHOD_TYPES[input.method]],
            description: input.description,
            metadata: { idempotency_key: input.idempotencyKey },
          },
          { idempotencyKey: input.idempotencyKey },
        )
        .catch(unavailable);
      return paymentOf(intent);
    },

    async confirmPayment(id, input) {
      try {
        // Without a token the try is a PayPal approval; a card intent refuses it (Apple Pay's token comes from its framed page).
        const method = input.token ? { payment_method: input.token } : { payment_method_data: { type: 'paypal' as const } };
        return paymentOf(await stripe.paymentIntents.confirm(id, { ...method, return_url: input.returnUrl }, { idempotencyKey: input.idempotencyKey }));
      } catch (error) {
        // A declined card is an outcome of the try, and a payment that already succeeded is answered as it stands.
        if (error instanceof Stripe.errors.StripeCardError || isStripeError(error, 'payment_intent_unexpected_state')) return retrieve(id);
        return unavailable(error);
      }
    },

    retrievePayment: retrieve,

    async refundPayment(id, idempotencyKey) {
      try {
        await stripe.refunds.create({ payment_intent: id }, { idempotencyKey });
      } catch (error) {
        if (!isStripeError(error, 'charge_already_refunded')) unavailable(error);
      }
      return retrieve(id);
    },

    verifyWebhook(rawBody, headers) {
      const signature = headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        if (typeof signature !== 'string') throw new Error('no Stripe-Signature header');
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret, undefined, undefined, now());
      } catch (error) {
        throw new WebhookSignatureInvalid(error instanceof Error ? error.message : undefined);
      }
      const object = event.data.object as { object?: unknown; id?: unknown; payment_intent?: unknown };
      const intent = object.object === 'payment_intent' ? object.id : object.payment_intent;
      // An event about no PaymentIntent names no payment, so it is only acknowledged (and Stripe stops sending it).
      return { eventId: event.id, providerPaymentId: typeof intent === 'string' ? intent : null };
    },
  };
}
