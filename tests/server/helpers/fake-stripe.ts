import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local HTTP server that answers as Stripe's API does (https://docs.stripe.com/api) for the calls
 * the Stripe gateway makes: form-encoded requests, Idempotency-Key replays, Stripe's error objects and
 * status codes, and its test PaymentMethods (https://docs.stripe.com/testing). It also serves a
 * stand-in for Stripe.js at /v3/ (`stand-in-stripe.js`), whose card fields and Apple Pay button make
 * PaymentMethods here from Stripe's test card numbers, as Stripe.js does against Stripe.
 */

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_souq_local_secret';
export const FAKE_STRIPE_PUBLISHABLE_KEY = 'pk_test_souq_local_publishable';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_souq_local_signing_secret';

type Json = Record<string, unknown>;

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: Json;
}

interface Answer {
  status: number;
  body: Json;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** `a[b][0]=x` as Stripe reads it: nested objects, with numbered keys as arrays. */
function decodeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root;
    path.forEach((segment, index) => {
      if (index === path.length - 1) node[segment] = value;
      else node = (node[segment] ??= {}) as Json;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const entries = Object.entries(value as Json).map(([key, inner]) => [key, arrays(inner)] as const);
    return entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key)) ? entries.map(([, inner]) => inner) : Object.fromEntries(entries);
  };
  return arrays(root) as Json;
}

const error = (status: number, fields: Json): Answer => ({
  status,
  body: { error: { ...fields, ...(typeof fields.code === 'string' ? { doc_url: `https://docs.stripe.com/error-codes/${fields.code.replace(/_/g, '-')}` } : {}), request_log_url: 'https://dashboard.stripe.com/test/logs/req_local' } },
});

/** What each of Stripe's test PaymentMethods does on confirm. */
const TEST_PAYMENT_METHODS: Record<string, { decline?: { code: string; decline_code: string; message: string }; challenge?: true }> = {
  pm_card_visa: {},
  pm_card_mastercard: {},
  pm_card_visa_chargeDeclined: { decline: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } },
  pm_card_visa_chargeDeclinedInsufficientFunds: { decline: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' } },
  pm_card_chargeDeclinedExpiredCard: { decline: { code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.' } },
  pm_card_authenticationRequired: { challenge: true },
};

/** Stripe's test card numbers, as the PaymentMethod a card form makes from each would behave. */
const TEST_CARD_NUMBERS: Record<string, { brand: string; behaves: keyof typeof TEST_PAYMENT_METHODS }> = {
  '4242424242424242': { brand: 'visa', behaves: 'pm_card_visa' },
  '5555555555554444': { brand: 'mastercard', behaves: 'pm_card_mastercard' },
  '4000000000000002': { brand: 'visa', behaves: 'pm_card_visa_chargeDeclined' },
  '4000000000009995': { brand: 'visa', behaves: 'pm_card_visa_chargeDeclinedInsufficientFunds' },
  '4000000000000069': { brand: 'visa', behaves: 'pm_card_chargeDeclinedExpiredCard' },
  '4000002500003155': { brand: 'visa', behaves: 'pm_card_authenticationRequired' },
};

const STAND_IN_STRIPE_JS = fs.readFileSync(new URL('./stand-in-stripe.js', import.meta.url), 'utf8');

/** The settings of a marketplace that takes its payments through `fake`, Stripe.js included. */
export function stripeSettingsFor(fake: FakeStripe): Record<string, string> {
  return {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: FAKE_STRIPE_PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
    STRIPE_ACCOUNT_COUNTRY: 'AE',
    STRIPE_API_URL: fake.url,
    STRIPE_JS_URL: `${fake.url}/v3/`,
  };
}

export interface FakeStripe {
  /** scheme://host:port, for STRIPE_API_URL. */
  url: string;
  host: string;
  port: number;
  requests: RecordedRequest[];
  intents: Map<string, Json>;
  /** The next `count` requests answer 500, as during an outage. */
  failNext(count: number): void;
  /** The person finishes the 3-D Secure challenge or the PayPal approval (or gives up). */
  completeAction(intentId: string, approved: boolean): Json;
  /** A webhook event as Stripe sends it, and its Stripe-Signature header made with `secret` at `timestampS`. */
  signedEvent(type: string, object: Json, options?: { secret?: string; timestampS?: number }): { payload: string; signature: string };
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, Json>();
  const charges = new Map<string, Json>();
  const idempotent = new Map<string, { route: string; body: string; answer: Answer }>();
  const requests: RecordedRequest[] = [];
  /** The PaymentMethods made from card numbers, each behaving as one of Stripe's test PaymentMethods. */
  const madePaymentMethods = new Map<string, keyof typeof TEST_PAYMENT_METHODS>();
  let failures = 0;

  const newCharge = (intent: Json, status: 'succeeded' | 'failed'): string => {
    const charge = { id: id('ch'), object: 'charge', amount: intent.amount, amount_refunded: 0, refunded: false, currency: intent.currency, paid: status === 'succeeded', status, payment_intent: intent.id };
    charges.set(charge.id, charge);
    return charge.id;
  };
  const succeed = (intent: Json) => Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, next_action: null, last_payment_error: null, latest_charge: newCharge(intent, 'succeeded') });
  const unexpectedState = (intent: Json, action: string) =>
    error(400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: `You cannot ${action} this PaymentIntent because it has a status of ${String(intent.status)}.`, payment_intent: intent });
  const noSuchIntent = (intentId: string) => error(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'intent', message: `No such payment_intent: '${intentId}'` });
  const withCharge = (intent: Json, expand: unknown) =>
    Array.isArray(expand) && expand.includes('latest_charge') && typeof intent.latest_charge === 'string' ? { ...intent, latest_charge: charges.get(intent.latest_charge) } : intent;

  function createIntent(body: Json): Answer {
    if ('payment_method_types' in body) return error(400, { type: 'invalid_request_error', code: 'parameter_unknown', param: 'payment_method_types', message: 'Received unknown parameter: payment_method_types' });
    const amount = Number(body.amount);
    if (!Number.isInteger(amount) || amount < 1) return error(400, { type: 'invalid_request_error', code: 'parameter_invalid_integer', param: 'amount', message: 'Invalid integer: ' + String(body.amount) });
    const types = (body.allowed_payment_method_types as string[] | undefined) ?? ['card'];
    const intentId = id('pi');
    const intent: Json = {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      currency: body.currency,
      allowed_payment_method_types: types,
      payment_method_types: types,
      capture_method: 'automatic',
      client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
      confirmation_method: 'automatic',
      created: Math.floor(Date.now() / 1000),
      description: body.description ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: body.metadata ?? {},
      next_action: null,
      payment_method: null,
      status: 'requires_payment_method',
    };
    intents.set(intentId, intent);
    return { status: 200, body: intent };
  }

  function confirmIntent(intentId: string, body: Json): Answer {
    const intent = intents.get(intentId);
    if (!intent) return noSuchIntent(intentId);
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status as string)) return unexpectedState(intent, 'confirm');
    const types = intent.payment_method_types as string[];
    const returnUrl = typeof body.return_url === 'string' ? body.return_url : null;
    const redirect = (url: string) => Object.assign(intent, { status: 'requires_action', last_payment_error: null, next_action: { type: 'redirect_to_url', redirect_to_url: { url, return_url: returnUrl } } });
    const data = body.payment_method_data as Json | undefined;
    if (data) {
      if (!types.includes(String(data.type))) {
        return error(400, { type: 'invalid_request_error', code: 'payment_intent_incompatible_payment_method', message: `The PaymentMethod type ${String(data.type)} is not allowed on this PaymentIntent.`, payment_intent: intent });
      }
      intent.payment_method = id('pm');
      return { status: 200, body: redirect(`https://pm-redirects.stripe.com/authorize/acct_local/pa_nonce_${randomBytes(8).toString('hex')}`) };
    }
    const paymentMethod = typeof body.payment_method === 'string' ? body.payment_method : undefined;
    const behaviour = paymentMethod ? TEST_PAYMENT_METHODS[madePaymentMethods.get(paymentMethod) ?? paymentMethod] : undefined;
    if (!paymentMethod) return error(400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: "You cannot confirm this PaymentIntent because it's missing a payment method.", payment_intent: intent });
    if (!behaviour) return error(400, { type: 'invalid_request_error', code: 'resource_missing', param: 'payment_method', message: `No such PaymentMethod: '${paymentMethod}'` });
    if (!types.includes('card')) return error(400, { type: 'invalid_request_error', code: 'payment_intent_incompatible_payment_method', message: 'The PaymentMethod type card is not allowed on this PaymentIntent.', payment_intent: intent });
    intent.payment_method = paymentMethod;
    if (behaviour.challenge) return { status: 200, body: redirect(`https://hooks.stripe.com/3d_secure_2/hosted?merchant=acct_local&payment_intent=${intentId}&publishable_key=${FAKE_STRIPE_PUBLISHABLE_KEY}`) };
    if (behaviour.decline) {
      const charge = newCharge(intent, 'failed');
      const lastPaymentError = { type: 'card_error', ...behaviour.decline, charge, payment_method: { id: paymentMethod, object: 'payment_method', type: 'card' } };
      Object.assign(intent, { status: 'requires_payment_method', payment_method: null, next_action: null, latest_charge: charge, last_payment_error: lastPaymentError });
      return error(402, { ...lastPaymentError, payment_intent: intent });
    }
    return { status: 200, body: succeed(intent) };
  }

  function refund(body: Json): Answer {
    const intent = intents.get(String(body.payment_intent));
    if (!intent) return noSuchIntent(String(body.payment_intent));
    if (intent.status !== 'succeeded') return error(400, { type: 'invalid_request_error', code: 'charge_not_refundable', message: `This PaymentIntent (${String(intent.id)}) does not have a successful charge to refund.` });
    const charge = charges.get(intent.latest_charge as string)!;
    if (charge.refunded) return error(400, { type: 'invalid_request_error', code: 'charge_already_refunded', message: `Charge ${String(charge.id)} has already been refunded.` });
    Object.assign(charge, { refunded: true, amount_refunded: charge.amount });
    return { status: 200, body: { id: id('re'), object: 'refund', amount: charge.amount, charge: charge.id, currency: charge.currency, payment_intent: intent.id, status: 'succeeded' } };
  }

  /** What Stripe.js sends with the publishable key: the card's fields, which only Stripe sees. */
  function createPaymentMethod(body: Json): Answer {
    const card = (body.card ?? {}) as Json;
    const number = String(card.number ?? '').replace(/\D/g, '');
    const test = TEST_CARD_NUMBERS[number];
    if (body.type !== 'card') return error(400, { type: 'invalid_request_error', code: 'parameter_invalid_empty', param: 'type', message: 'Invalid type: must be card.' });
    if (!test) return error(402, { type: 'card_error', code: 'incorrect_number', param: 'number', message: 'Your card number is incorrect.' });
    const paymentMethodId = id('pm');
    madePaymentMethods.set(paymentMethodId, test.behaves);
    const wallet = (card.wallet as Json | undefined)?.type;
    return {
      status: 200,
      body: {
        id: paymentMethodId,
        object: 'payment_method',
        type: 'card',
        billing_details: { name: (body.billing_details as Json | undefined)?.name ?? null },
        card: { brand: test.brand, last4: number.slice(-4), exp_month: Number(card.exp_month ?? 12), exp_year: Number(card.exp_year ?? 2034), wallet: wallet ? { type: wallet } : null },
        livemode: false,
      },
    };
  }

  function route(method: string, path: string, body: Json, query: Json): Answer {
    const confirm = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path);
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(body);
    if (method === 'POST' && confirm) return confirmIntent(confirm[1]!, body);
    if (method === 'GET' && retrieve) {
      const intent = intents.get(retrieve[1]!);
      return intent ? { status: 200, body: withCharge(intent, query.expand) } : noSuchIntent(retrieve[1]!);
    }
    if (method === 'POST' && path === '/v1/refunds') return refund(body);
    if (method === 'POST' && path === '/v1/payment_methods') return createPaymentMethod(body);
    return error(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  const server = http.createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const method = request.method ?? 'GET';
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
      const body = decodeForm(text);
      requests.push({ method, path: url.pathname, idempotencyKey, body });
      const send = (answer: Answer, headers: Record<string, string> = {}) => {
        response.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req'), 'stripe-version': String(request.headers['stripe-version'] ?? ''), ...headers });
        response.end(JSON.stringify(answer.body));
      };
      if (method === 'GET' && url.pathname === '/v3/') {
        response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
        return response.end(STAND_IN_STRIPE_JS);
      }
      // Stripe.js calls from the person's browser, with the publishable key in the body.
      const fromBrowser = body.key === FAKE_STRIPE_PUBLISHABLE_KEY && url.pathname === '/v1/payment_methods';
      if (fromBrowser) response.setHeader('access-control-allow-origin', '*');
      if (!fromBrowser && request.headers.authorization !== `Bearer ${FAKE_STRIPE_SECRET_KEY}`) {
        return send(error(401, { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' }));
      }
      if (failures > 0) {
        failures -= 1;
        return send(error(500, { type: 'api_error', message: 'An unknown error occurred' }));
      }
      const routeKey = `${method} ${url.pathname}`;
      if (method === 'POST' && idempotencyKey) {
        const earlier = idempotent.get(idempotencyKey);
        if (earlier && (earlier.route !== routeKey || earlier.body !== text)) {
          return send(error(400, { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.` }));
        }
        if (earlier) return send(earlier.answer, { 'idempotent-replayed': 'true' });
      }
      const answer = route(method, url.pathname, body, decodeForm(url.search.slice(1)));
      // The answer is kept as it was, so a replay shows the intent as this request left it.
      if (method === 'POST' && idempotencyKey) idempotent.set(idempotencyKey, { route: routeKey, body: text, answer: JSON.parse(JSON.stringify(answer)) as Answer });
      send(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    host: '127.0.0.1',
    port,
    requests,
    intents,
    failNext(count) {
      failures = count;
    },
    completeAction(intentId, approved) {
      const intent = intents.get(intentId)!;
      if (approved) return succeed(intent);
      return Object.assign(intent, {
        status: 'requires_payment_method',
        next_action: null,
        payment_method: null,
        last_payment_error: { type: 'invalid_request_error', code: 'payment_intent_authentication_failure', message: 'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.' },
      });
    },
    signedEvent(type, object, options = {}) {
      const timestampS = options.timestampS ?? Math.floor(Date.now() / 1000);
      const event = { id: id('evt'), object: 'event', api_version: Stripe.API_VERSION, created: timestampS, data: { object }, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type };
      const payload = JSON.stringify(event, null, 2);
      return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? FAKE_STRIPE_WEBHOOK_SECRET, timestamp: timestampS }) };
    },
    close: () => new Promise<void>((resolve, reject) => server.close((closed) => (closed ? reject(closed) : resolve()))),
  };
}
