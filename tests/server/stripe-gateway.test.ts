import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment, PaymentMethod } from '../../domain/payments';
import type { CheckoutResult } from '../../domain/subscriptions';
import { loadConfig } from '../../server/config';
import { type CreatePaymentInput, type PaymentGateway, PaymentProviderUnavailable, WebhookSignatureInvalid } from '../../server/modules/payments/payment-gateway';
import { createStripeGateway } from '../../server/modules/payments/stripe.gateway';
import { newPerson } from './helpers/auction-fixtures';
import { FAKE_STRIPE_PUBLISHABLE_KEY, FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, type FakeStripe, startFakeStripe, stripeSettingsFor } from './helpers/fake-stripe';
import { buildTestApp, type TestApp, testDialect } from './helpers/test-app';

const RETURN_URL = 'https://souq.example/subscriptions/starter?payment=p1';

describe('the Stripe gateway against a local server that answers as Stripe', () => {
  let stripe: FakeStripe;
  let gateway: PaymentGateway;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    gateway = createStripeGateway({ secretKey: FAKE_STRIPE_SECRET_KEY, webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET, publishableKey: FAKE_STRIPE_PUBLISHABLE_KEY, apiHost: stripe.host, apiPort: stripe.port, apiProtocol: 'http' });
  });
  afterAll(async () => stripe.close());

  const newPayment = (input: Partial<CreatePaymentInput> = {}) => gateway.createPayment({ amount: 4_900, currency: 'SAR', method: 'CARD', idempotencyKey: randomUUID(), description: 'Souq subscription starter', ...input });
  const pay = (id: string, token: string | undefined) => gateway.confirmPayment(id, { token, returnUrl: RETURN_URL, idempotencyKey: randomUUID() });
  const requestsTo = (path: string) => stripe.requests.filter((request) => request.path === path);

  it('creates a PaymentIntent for the amount in minor units and the method, and a test card pays it', async () => {
    const key = randomUUID();
    const created = await newPayment({ idempotencyKey: key });
    expect(created).toEqual({ providerPaymentId: expect.stringMatching(/^pi_/), status: 'CREATED', failure: null, actionUrl: null });
    expect(requestsTo('/v1/payment_intents').at(-1)).toMatchObject({
      method: 'POST',
      idempotencyKey: key,
      body: { amount: '4900', currency: 'sar', allowed_payment_method_types: ['card'], description: 'Souq subscription starter', metadata: { idempotency_key: key } },
    });

    expect(await pay(created.providerPaymentId, 'pm_card_visa')).toEqual({ providerPaymentId: created.providerPaymentId, status: 'SUCCEEDED', failure: null, actionUrl: null });
    expect(requestsTo(`/v1/payment_intents/${created.providerPaymentId}/confirm`).at(-1)?.body).toEqual({ payment_method: 'pm_card_visa', return_url: RETURN_URL });
    expect(await gateway.retrievePayment(created.providerPaymentId)).toMatchObject({ status: 'SUCCEEDED' });
  });

  it('makes one PaymentIntent for one key however often it is sent', async () => {
    const key = randomUUID();
    const before = stripe.intents.size;
    const [first, second] = await Promise.all([newPayment({ idempotencyKey: key }), newPayment({ idempotencyKey: key })]);
    const third = await newPayment({ idempotencyKey: key });
    expect(new Set([first.providerPaymentId, second.providerPaymentId, third.providerPaymentId]).size).toBe(1);
    expect(stripe.intents.size).toBe(before + 1);
    expect((await newPayment()).providerPaymentId).not.toBe(first.providerPaymentId);
  });

  it('answers a declined card as a failure of the try, with its reason, and lets the next card pay', async () => {
    const declined = await newPayment();
    expect(await pay(declined.providerPaymentId, 'pm_card_visa_chargeDeclined')).toMatchObject({ status: 'FAILED', failure: 'CARD_DECLINED', actionUrl: null });
    expect(await pay(declined.providerPaymentId, 'pm_card_visa_chargeDeclinedInsufficientFunds')).toMatchObject({ status: 'FAILED', failure: 'INSUFFICIENT_FUNDS' });
    expect(await pay(declined.providerPaymentId, 'pm_card_chargeDeclinedExpiredCard')).toMatchObject({ status: 'FAILED', failure: 'CARD_EXPIRED' });
    expect(await pay(declined.providerPaymentId, 'pm_card_visa')).toMatchObject({ status: 'SUCCEEDED', failure: null });
  });

  it('sends the person to the 3-D Secure page Stripe names, and reads the outcome when they return', async () => {
    const challenged = await newPayment();
    const answer = await pay(challenged.providerPaymentId, 'pm_card_authenticationRequired');
    expect(answer).toMatchObject({ status: 'REQUIRES_ACTION', failure: null, actionUrl: expect.stringMatching(/^https:\/\/hooks\.stripe\.com\/3d_secure_2\/hosted\?/) });
    expect(stripe.intents.get(challenged.providerPaymentId)?.next_action).toMatchObject({ redirect_to_url: { return_url: RETURN_URL } });
    stripe.completeAction(challenged.providerPaymentId, true);
    expect(await gateway.retrievePayment(challenged.providerPaymentId)).toMatchObject({ status: 'SUCCEEDED', actionUrl: null });

    const abandoned = await newPayment();
    await pay(abandoned.providerPaymentId, 'pm_card_authenticationRequired');
    stripe.completeAction(abandoned.providerPaymentId, false);
    expect(await gateway.retrievePayment(abandoned.providerPaymentId)).toMatchObject({ status: 'FAILED', failure: 'AUTHENTICATION_FAILED' });
  });

  it('answers a confirm of a payment that already succeeded with that success, and charges nothing more', async () => {
    const paid = await newPayment();
    await pay(paid.providerPaymentId, 'pm_card_visa');
    const charge = stripe.intents.get(paid.providerPaymentId)?.latest_charge;
    expect(await pay(paid.providerPaymentId, 'pm_card_visa')).toMatchObject({ status: 'SUCCEEDED', failure: null });
    expect(stripe.intents.get(paid.providerPaymentId)?.latest_charge).toBe(charge);
  });

  it('starts a PayPal approval on Stripe, and takes Apple Pay only with the wallet token Stripe.js makes', async () => {
    const payPal = await newPayment({ method: 'PAYPAL' });
    expect(requestsTo('/v1/payment_intents').at(-1)?.body).toMatchObject({ allowed_payment_method_types: ['paypal'] });
    expect(await pay(payPal.providerPaymentId, undefined)).toMatchObject({ status: 'REQUIRES_ACTION', actionUrl: expect.stringMatching(/^https:\/\/pm-redirects\.stripe\.com\//) });
    expect(requestsTo(`/v1/payment_intents/${payPal.providerPaymentId}/confirm`).at(-1)?.body).toEqual({ payment_method_data: { type: 'paypal' }, return_url: RETURN_URL });
    stripe.completeAction(payPal.providerPaymentId, true);
    expect(await gateway.retrievePayment(payPal.providerPaymentId)).toMatchObject({ status: 'SUCCEEDED' });

    expect(gateway.tokenFormUrl({ method: 'PAYPAL', amount: 4_900, currency: 'SAR' }, 'ar')).toBeNull();
    expect(gateway.tokenFormUrl({ method: 'APPLE_PAY', amount: 4_900, currency: 'SAR' }, 'ar')).toBe('/stripe-pay/apple-pay?lang=ar&amount=4900&currency=SAR');
    const applePay = await newPayment({ method: 'APPLE_PAY' });
    expect(requestsTo('/v1/payment_intents').at(-1)?.body).toMatchObject({ allowed_payment_method_types: ['card'] });
    await expect(pay(applePay.providerPaymentId, undefined)).rejects.toThrow(PaymentProviderUnavailable);
    expect(await pay(applePay.providerPaymentId, 'pm_card_visa')).toMatchObject({ status: 'SUCCEEDED' });
  });

  it('refunds a payment once, and a repeated refund answers the refund', async () => {
    const paid = await newPayment();
    await pay(paid.providerPaymentId, 'pm_card_visa');
    const key = randomUUID();
    expect(await gateway.refundPayment(paid.providerPaymentId, key)).toEqual({ providerPaymentId: paid.providerPaymentId, status: 'REFUNDED', failure: null, actionUrl: null });
    expect(requestsTo('/v1/refunds').at(-1)).toMatchObject({ idempotencyKey: key, body: { payment_intent: paid.providerPaymentId } });
    expect(await gateway.refundPayment(paid.providerPaymentId, key)).toMatchObject({ status: 'REFUNDED' });
    expect(await gateway.refundPayment(paid.providerPaymentId, randomUUID())).toMatchObject({ status: 'REFUNDED' });
    expect(await gateway.retrievePayment(paid.providerPaymentId)).toMatchObject({ status: 'REFUNDED' });
  });

  it('retries a 500 with the same key, and reports Stripe down, unreachable or refusing the key as unavailable', async () => {
    const key = randomUUID();
    stripe.failNext(1);
    const created = await newPayment({ idempotencyKey: key });
    expect(created.status).toBe('CREATED');
    expect(stripe.requests.filter((request) => request.idempotencyKey === key)).toHaveLength(2);

    stripe.failNext(3);
    await expect(newPayment()).rejects.toThrow(PaymentProviderUnavailable);
    stripe.failNext(3);
    await expect(pay(created.providerPaymentId, 'pm_card_visa')).rejects.toThrow(PaymentProviderUnavailable);
    stripe.failNext(0);
    expect(await gateway.retrievePayment(created.providerPaymentId)).toMatchObject({ status: 'CREATED' });

    const wrongKey = createStripeGateway({ secretKey: 'sk_test_not_this_account', webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET, publishableKey: FAKE_STRIPE_PUBLISHABLE_KEY, apiHost: stripe.host, apiPort: stripe.port, apiProtocol: 'http' });
    await expect(wrongKey.retrievePayment(created.providerPaymentId)).rejects.toThrow(PaymentProviderUnavailable);

    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = createStripeGateway({ secretKey: FAKE_STRIPE_SECRET_KEY, webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET, publishableKey: FAKE_STRIPE_PUBLISHABLE_KEY, apiHost: '127.0.0.1', apiPort: port, apiProtocol: 'http' });
    await expect(unreachable.retrievePayment(created.providerPaymentId)).rejects.toThrow(PaymentProviderUnavailable);
  });

  it("accepts a webhook signed with the endpoint's secret, and refuses a forged, altered, unsigned or old one", async () => {
    const intent = { id: 'pi_webhook', object: 'payment_intent', status: 'succeeded' };
    const good = stripe.signedEvent('payment_intent.succeeded', intent);
    expect(gateway.verifyWebhook(good.payload, { 'stripe-signature': good.signature })).toEqual({ eventId: JSON.parse(good.payload).id, providerPaymentId: 'pi_webhook' });
    const refunded = stripe.signedEvent('charge.refunded', { id: 'ch_1', object: 'charge', payment_intent: 'pi_refunded', refunded: true });
    expect(gateway.verifyWebhook(refunded.payload, { 'stripe-signature': refunded.signature }).providerPaymentId).toBe('pi_refunded');
    const payout = stripe.signedEvent('payout.paid', { id: 'po_1', object: 'payout' });
    expect(gateway.verifyWebhook(payout.payload, { 'stripe-signature': payout.signature })).toEqual({ eventId: JSON.parse(payout.payload).id, providerPaymentId: null });

    const forged = stripe.signedEvent('payment_intent.succeeded', intent, { secret: 'whsec_someone_else' });
    expect(() => gateway.verifyWebhook(forged.payload, { 'stripe-signature': forged.signature })).toThrow(WebhookSignatureInvalid);
    expect(() => gateway.verifyWebhook(good.payload.replace('succeeded', 'canceled'), { 'stripe-signature': good.signature })).toThrow(WebhookSignatureInvalid);
    expect(() => gateway.verifyWebhook(good.payload, {})).toThrow(WebhookSignatureInvalid);
    const old = stripe.signedEvent('payment_intent.succeeded', intent, { timestampS: Math.floor(Date.now() / 1000) - 3600 });
    expect(() => gateway.verifyWebhook(old.payload, { 'stripe-signature': old.signature })).toThrow(WebhookSignatureInvalid);
  });

  it('refuses to start with Stripe named but a key missing, naming each missing one', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY })).toThrow(
      /^PAYMENT_PROVIDER=stripe needs STRIPE_PUBLISHABLE_KEY .* and STRIPE_WEBHOOK_SECRET .* and STRIPE_ACCOUNT_COUNTRY .*\. Set what is missing/,
    );
    const keys = { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk', STRIPE_PUBLISHABLE_KEY: 'pk', STRIPE_WEBHOOK_SECRET: 'whsec' };
    expect(() => loadConfig(keys)).toThrow(/^PAYMENT_PROVIDER=stripe needs STRIPE_ACCOUNT_COUNTRY /);
    const config = loadConfig({ ...keys, STRIPE_ACCOUNT_COUNTRY: 'AE', STRIPE_API_URL: 'http://127.0.0.1:12111' });
    expect(config.payments.stripe).toEqual({
      secretKey: 'sk',
      publishableKey: 'pk',
      webhookSecret: 'whsec',
      jsUrl: 'https://js.stripe.com/v3/',
      apiOrigin: 'http://127.0.0.1:12111',
      accountCountry: 'AE',
      apiHost: '127.0.0.1',
      apiPort: 12111,
      apiProtocol: 'http',
    });
    const elsewhere = loadConfig({ ...keys, STRIPE_JS_URL: 'http://127.0.0.1:12111/v3/', STRIPE_ACCOUNT_COUNTRY: 'SG' });
    expect(elsewhere.payments.stripe).toMatchObject({ jsUrl: 'http://127.0.0.1:12111/v3/', apiOrigin: 'https://api.stripe.com', accountCountry: 'SG' });
    expect(() => loadConfig({ ...keys, STRIPE_ACCOUNT_COUNTRY: 'uae' })).toThrow(/STRIPE_ACCOUNT_COUNTRY/);
    expect(loadConfig({}).payments.stripe).toBeUndefined();
  });
});

describe(`checkout through Stripe on ${testDialect}`, () => {
  let stripe: FakeStripe;
  let t: TestApp;
  const clock = { now: Date.UTC(2026, 10, 21, 9, 0, 0) };

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await buildTestApp({
      now: () => clock.now,
      env: { SEED_DEMO_DATA: 'false', ...stripeSettingsFor(stripe) },
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const startCheckout = async (person: Awaited<ReturnType<typeof newPerson>>, method: PaymentMethod = 'CARD') => {
    const response = await person.browser.post('/api/subscriptions/checkout', { packageSlug: 'starter', country: 'SA', method, idempotencyKey: randomUUID() });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as CheckoutResult;
  };
  const confirm = async (person: Awaited<ReturnType<typeof newPerson>>, paymentId: string, token: string) => {
    const response = await person.browser.post(`/api/payments/${paymentId}/confirm`, { idempotencyKey: randomUUID(), token, returnPath: `/subscriptions/starter?payment=${paymentId}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Payment;
  };
  const credits = async (person: Awaited<ReturnType<typeof newPerson>>) => ((await person.browser.get('/api/my/ads')).json() as { adCredits: number }).adCredits;
  const intentOf = (paymentId: string) => [...stripe.intents.values()].find((intent) => (intent.metadata as { idempotency_key?: string }).idempotency_key === paymentId)!;
  const sendWebhook = (payload: string, signature: string) => t.app.inject({ method: 'POST', url: '/api/payments/webhooks/stripe', payload, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature } });

  it("frames Stripe's card fields, and activates a package paid with the PaymentMethod they make", async () => {
    const seller = await newPerson(t.app, 'Noura');
    const { payment } = await startCheckout(seller);
    expect(payment).toMatchObject({ status: 'CREATED', amount: 4_900, currency: 'SAR', tokenFormUrl: '/stripe-pay/card-form?lang=en' });
    expect(intentOf(payment.id)).toMatchObject({ amount: 4_900, currency: 'sar', status: 'requires_payment_method' });

    const form = await seller.browser.get('/stripe-pay/card-form?lang=ar');
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('<html lang="ar" dir="rtl">');
    expect(form.body).toContain(FAKE_STRIPE_PUBLISHABLE_KEY);
    expect(form.body).toContain(`<script src="${stripe.url}/v3/">`);
    expect(form.headers['content-security-policy']).toContain(`script-src 'self' ${stripe.url} https://*.js.stripe.com;`);
    expect(form.headers['content-security-policy']).toMatch(/frame-ancestors 'self'/);
    expect((await seller.browser.get('/stripe-pay/card-form.js')).body).toContain('createPaymentMethod');

    expect(await confirm(seller, payment.id, 'pm_card_visa')).toMatchObject({ status: 'SUCCEEDED', failure: null, tokenFormUrl: null });
    expect(await credits(seller)).toBe(15);
    const row = await t.app.db.selectFrom('payments').select(['provider', 'provider_payment_id']).where('id', '=', payment.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ provider: 'stripe', provider_payment_id: intentOf(payment.id).id });
  });

  it("frames Stripe's Apple Pay button for the payment's total, and activates a package paid with the wallet's PaymentMethod", async () => {
    const seller = await newPerson(t.app, 'Lulwa');
    const { payment } = await startCheckout(seller, 'APPLE_PAY');
    expect(payment).toMatchObject({ status: 'CREATED', method: 'APPLE_PAY', tokenFormUrl: '/stripe-pay/apple-pay?lang=en&amount=4900&currency=SAR' });
    expect(intentOf(payment.id)).toMatchObject({ amount: 4_900, currency: 'sar', payment_method_types: ['card'] });

    const page = await seller.browser.get('/stripe-pay/apple-pay?lang=ar&amount=4900&currency=SAR');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="ar" dir="rtl">');
    const config = JSON.parse(/data-config="([^"]+)"/.exec(page.body)![1]!.replaceAll('&#34;', '"'));
    expect(config).toMatchObject({ key: FAKE_STRIPE_PUBLISHABLE_KEY, country: 'AE', currency: 'sar', amount: 4_900, locale: 'ar' });
    expect(page.headers['content-security-policy']).toMatch(/connect-src http:\/\/127\.0\.0\.1:\d+;/);
    expect((await seller.browser.get('/stripe-pay/apple-pay.js')).body).toContain("disableWallets: ['googlePay', 'link', 'browserCard']");
    expect((await seller.browser.get('/stripe-pay/apple-pay?lang=ar&amount=-1&currency=SAR')).statusCode).toBe(400);

    // What Stripe.js sends from the wallet's sheet, with the publishable key: a card PaymentMethod.
    const made = await fetch(`${stripe.url}/v1/payment_methods`, {
      method: 'POST',
      body: new URLSearchParams({ key: FAKE_STRIPE_PUBLISHABLE_KEY, type: 'card', 'card[number]': '4242424242424242', 'card[wallet][type]': 'apple_pay' }),
    });
    const wallet = (await made.json()) as { id: string; card: { wallet: { type: string } } };
    expect(wallet.card.wallet.type).toBe('apple_pay');
    expect(await confirm(seller, payment.id, wallet.id)).toMatchObject({ status: 'SUCCEEDED', method: 'APPLE_PAY', tokenFormUrl: null });
    expect(await credits(seller)).toBe(15);
  });

  it("learns of a challenged payment's success from Stripe's signed webhook, once, and refuses a forged one", async () => {
    const seller = await newPerson(t.app, 'Majed');
    const { payment } = await startCheckout(seller);
    expect(await confirm(seller, payment.id, 'pm_card_visa_chargeDeclinedInsufficientFunds')).toMatchObject({ status: 'FAILED', failure: 'INSUFFICIENT_FUNDS' });
    const challenged = await confirm(seller, payment.id, 'pm_card_authenticationRequired');
    expect(challenged).toMatchObject({ status: 'REQUIRES_ACTION', actionUrl: expect.stringMatching(/^https:\/\/hooks\.stripe\.com\//) });
    expect(intentOf(payment.id).next_action).toMatchObject({ redirect_to_url: { return_url: `http://localhost:3000/subscriptions/starter?payment=${payment.id}` } });

    const intent = stripe.completeAction(intentOf(payment.id).id as string, true);
    const event = stripe.signedEvent('payment_intent.succeeded', intent, { timestampS: Math.floor(clock.now / 1000) });
    expect((await sendWebhook(event.payload, event.signature)).statusCode).toBe(204);
    expect(((await seller.browser.get(`/api/payments/${payment.id}`)).json() as Payment).status).toBe('SUCCEEDED');
    expect(await credits(seller)).toBe(15);
    expect((await sendWebhook(event.payload, event.signature)).statusCode).toBe(204);
    expect(await credits(seller)).toBe(15);

    const payout = stripe.signedEvent('payout.paid', { id: 'po_1', object: 'payout' }, { timestampS: Math.floor(clock.now / 1000) });
    const asked = stripe.requests.length;
    expect((await sendWebhook(payout.payload, payout.signature)).statusCode).toBe(204);
    expect(stripe.requests.length).toBe(asked);
    const stored = await t.app.db.selectFrom('payment_webhook_events').select('event_id').where('provider', '=', 'stripe').where('event_id', '=', JSON.parse(payout.payload).id).execute();
    expect(stored).toHaveLength(1);
    expect(await credits(seller)).toBe(15);

    const forged = stripe.signedEvent('payment_intent.succeeded', intent, { secret: 'whsec_someone_else', timestampS: Math.floor(clock.now / 1000) });
    const refused = await sendWebhook(forged.payload, forged.signature);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
  });

  it('says the provider is unavailable while Stripe fails, and the same payment is paid on the next try', async () => {
    const seller = await newPerson(t.app, 'Hessa');
    const { payment } = await startCheckout(seller);
    stripe.failNext(3);
    const response = await seller.browser.post(`/api/payments/${payment.id}/confirm`, { idempotencyKey: randomUUID(), token: 'pm_card_visa', returnPath: '/subscriptions/starter' });
    expect(response.statusCode).toBe(502);
    expect(response.json().error.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    stripe.failNext(0);
    expect(await confirm(seller, payment.id, 'pm_card_visa')).toMatchObject({ status: 'SUCCEEDED' });
  });
});
