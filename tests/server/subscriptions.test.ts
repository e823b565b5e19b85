import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, SESSION_TTL_MS } from '../../domain/auth';
import type { Payment } from '../../domain/payments';
import type { CheckoutResult, Subscription, SubscriptionPackage } from '../../domain/subscriptions';
import { DAY_MS } from '../../domain/timing';
import { spendAdCredit } from '../../server/modules/ads/ad-records';
import { hashSecret } from '../../server/modules/auth/hash-secret';
import { SANDBOX_TEST_CARDS, signWebhook } from '../../server/modules/sandbox-provider/sandbox-provider';
import { SANDBOX_WEBHOOK_PATH } from '../../server/modules/sandbox-provider/sandbox-provider.plugin';
import { TestBrowser } from './helpers/browser';
import { newPerson, type Person } from './helpers/auction-fixtures';
import { buildTestApp, type TestApp, testDialect } from './helpers/test-app';

const WEBHOOK_DELAY_MS = 2_000;
const WEBHOOK_SECRET = 'sandbox-webhook-signing-secret';

describe(`subscriptions and payments on ${testDialect}`, () => {
  let t: TestApp;
  const clock = { now: Date.UTC(2026, 10, 21, 9, 0, 0) };

  beforeAll(async () => {
    t = await buildTestApp({ now: () => clock.now, env: { SEED_DEMO_DATA: 'false', SANDBOX_WEBHOOK_DELAY_MS: String(WEBHOOK_DELAY_MS) } });
  });
  afterAll(async () => t.close());

  const key = () => randomUUID();
  const checkout = async (browser: TestBrowser, body: Partial<{ packageSlug: string; country: string; method: string; idempotencyKey: string }> = {}) =>
    browser.post('/api/subscriptions/checkout', { packageSlug: 'starter', country: 'SA', method: 'CARD', idempotencyKey: key(), ...body });
  const startCheckout = async (browser: TestBrowser, body: Parameters<typeof checkout>[1] = {}) => {
    const response = await checkout(browser, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as CheckoutResult;
  };
  /** The card form's request to the provider: the marketplace never sees it. */
  const tokenOf = async (browser: TestBrowser, number: string) => {
    const response = await browser.post('/sandbox-pay/v1/tokens', { name: 'Sara Ali', number, expiry: '08/29', code: '123' }, { csrf: false });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { token: string }).token;
  };
  const confirm = (browser: TestBrowser, paymentId: string, body: { token?: string; idempotencyKey?: string } = {}) =>
    browser.post(`/api/payments/${paymentId}/confirm`, { idempotencyKey: key(), returnPath: `/subscriptions/starter?payment=${paymentId}`, ...body });
  const payWithCard = async (browser: TestBrowser, paymentId: string, number: string) => {
    const response = await confirm(browser, paymentId, { token: await tokenOf(browser, number) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Payment;
  };
  const mySubscriptions = async (browser: TestBrowser) => {
    const response = await browser.get('/api/subscriptions/mine');
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Subscription[];
  };
  const credits = async (browser: TestBrowser) => ((await browser.get('/api/my/ads')).json() as { adCredits: number }).adCredits;
  const paymentOf = async (browser: TestBrowser, paymentId: string) => (await browser.get(`/api/payments/${paymentId}`)).json() as Payment;
  /** Lets the sandbox's webhooks fall due and sends them, as its timer would. */
  const deliverWebhooks = async (afterMs: number) => {
    clock.now += afterMs;
    return t.app.sandboxProvider.deliverDueWebhooks(async (payload, signature) => {
      const response = await t.app.inject({ method: 'POST', url: SANDBOX_WEBHOOK_PATH, payload, headers: { 'content-type': 'application/json', 'sandbox-signature': signature } });
      return response.statusCode < 300;
    });
  };
  const newSeller = (name: string): Promise<Person> => newPerson(t.app, name);
  /** A session as fresh as the clock, for tests that move it past a session's life. */
  const signInAgain = async (person: Person) => {
    const token = randomBytes(32).toString('base64url');
    await t.app.db.insertInto('sessions').values({ id: hashSecret(token), user_id: person.id, created_at: clock.now, expires_at: clock.now + SESSION_TTL_MS }).execute();
    person.browser.cookies.set(SESSION_COOKIE, token);
  };

  it('offers the packages in the currency of the country asked for, the free one too', async () => {
    const seller = await newSeller('Huda');
    const inSaudi = (await seller.browser.get('/api/subscriptions/packages?country=SA')).json() as SubscriptionPackage[];
    expect(inSaudi.map((offered) => [offered.slug, offered.price, offered.currency, offered.adCredits, offered.validityDays])).toEqual([
      ['free', 0, 'SAR', 5, null],
      ['starter', 4_900, 'SAR', 10, 30],
      ['pro', 14_900, 'SAR', 40, 90],
      ['business', 44_900, 'SAR', 150, 365],
    ]);
    const inKuwait = (await seller.browser.get('/api/subscriptions/packages?country=KW')).json() as SubscriptionPackage[];
    expect(inKuwait.find((offered) => offered.slug === 'starter')).toMatchObject({ price: 4_000, currency: 'KWD', name: { ar: 'باقة البداية', en: 'Starter' } });
  });

  it('asks a visitor to sign in before buying', async () => {
    const visitor = new TestBrowser(t.app);
    const response = await checkout(visitor);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('activates a package paid by card, adds its credits, and never sees the card number', async () => {
    const seller = await newSeller('Sara');
    expect(await credits(seller.browser)).toBe(5);
    const { subscription, payment } = await startCheckout(seller.browser);
    expect(subscription).toMatchObject({ status: 'PENDING_PAYMENT', price: 4_900, currency: 'SAR', adCreditsRemaining: 10 });
    expect(payment).toMatchObject({ status: 'CREATED', amount: 4_900, currency: 'SAR', tokenFormUrl: '/sandbox-pay/card-form?lang=en' });
    // Not bought until paid.
    expect((await mySubscriptions(seller.browser)).map((mine) => mine.package.slug)).toEqual(['free']);

    const paid = await payWithCard(seller.browser, payment.id, SANDBOX_TEST_CARDS.succeeds);
    expect(paid).toMatchObject({ status: 'SUCCEEDED', failure: null, actionUrl: null, tokenFormUrl: null });
    const mine = await mySubscriptions(seller.browser);
    expect(mine.map((row) => [row.package.slug, row.status, row.adCreditsRemaining])).toEqual([
      ['starter', 'ACTIVE', 10],
      ['free', 'ACTIVE', 5],
    ]);
    expect(mine[0]).toMatchObject({ paidAt: clock.now, startsAt: clock.now, endsAt: clock.now + 30 * DAY_MS, paymentId: payment.id });
    expect(await credits(seller.browser)).toBe(15);

    const tables = ['payments', 'sandbox_payments', 'sandbox_card_tokens', 'sandbox_idempotent_answers', 'sandbox_webhooks'] as const;
    for (const table of tables) {
      const rows = await t.app.db.selectFrom(table).selectAll().execute();
      expect(JSON.stringify(rows)).not.toContain(SANDBOX_TEST_CARDS.succeeds);
    }
  });

  it('says why a card failed, and takes another card for the same payment, charging once', async () => {
    const seller = await newSeller('Omar');
    const { payment } = await startCheckout(seller.browser);
    expect(await payWithCard(seller.browser, payment.id, SANDBOX_TEST_CARDS.declined)).toMatchObject({ status: 'FAILED', failure: 'CARD_DECLINED', tokenFormUrl: '/sandbox-pay/card-form?lang=en' });
    expect(await payWithCard(seller.browser, payment.id, SANDBOX_TEST_CARDS.insufficientFunds)).toMatchObject({ status: 'FAILED', failure: 'INSUFFICIENT_FUNDS' });
    expect(await credits(seller.browser)).toBe(5);
    expect(await payWithCard(seller.browser, payment.id, SANDBOX_TEST_CARDS.succeeds)).toMatchObject({ status: 'SUCCEEDED', failure: null });
    // A further try after success charges nothing: the same payment, still succeeded.
    expect(await payWithCard(seller.browser, payment.id, SANDBOX_TEST_CARDS.succeeds)).toMatchObject({ status: 'SUCCEEDED' });
    expect(await credits(seller.browser)).toBe(15);
    expect(await mySubscriptions(seller.browser)).toHaveLength(2);
  });

  it('asks for the card form token before a card payment', async () => {
    const seller = await newSeller('Nadia');
    const { payment } = await startCheckout(seller.browser);
    const response = await confirm(seller.browser, payment.id);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('PAYMENT_DETAILS_REQUIRED');
    const refused = await seller.browser.post('/sandbox-pay/v1/tokens', { name: 'Nadia', number: '4242424242424241', expiry: '08/29', code: '123' }, { csrf: false });
    expect(refused.json()).toEqual({ refusal: 'CARD_NUMBER_INVALID' });
    const expired = await seller.browser.post('/sandbox-pay/v1/tokens', { name: 'Nadia', number: SANDBOX_TEST_CARDS.succeeds, expiry: '10/26', code: '123' }, { csrf: false });
    expect(expired.json()).toEqual({ refusal: 'CARD_EXPIRED' });
  });

  it('takes the payment through the 3-D Secure challenge, and believes the provider, not the redirect', async () => {
    const seller = await newSeller('Khalid');
    const { payment } = await startCheckout(seller.browser);
    const challenged = await payWithCard(seller.browser, payment.id, SANDBOX_TEST_CARDS.challenge);
    expect(challenged.status).toBe('REQUIRES_ACTION');
    expect(challenged.actionUrl).toMatch(/^\/sandbox-pay\/challenge\/pay_/);
    const page = await seller.browser.get(challenged.actionUrl!);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Bank verification (3-D Secure)');
    expect(page.body).toContain('SAR');

    const passed = await seller.browser.request('POST', challenged.actionUrl!, 'outcome=pass&code=123456', { csrf: false, contentType: 'application/x-www-form-urlencoded' });
    expect(passed.statusCode).toBe(303);
    expect(passed.headers.location).toBe(`http://localhost:3000/subscriptions/starter?payment=${payment.id}`);
    // Coming back proves nothing: the payment moves when the provider says so.
    expect((await paymentOf(seller.browser, payment.id)).status).toBe('REQUIRES_ACTION');
    expect(await credits(seller.browser)).toBe(5);
    const synced = await seller.browser.post(`/api/payments/${payment.id}/sync`);
    expect(synced.json()).toMatchObject({ status: 'SUCCEEDED' });
    expect(await credits(seller.browser)).toBe(15);
  });

  it('fails the payment when the challenge is failed, and lets the person try again', async () => {
    const seller = await newSeller('Layla');
    const { payment } = await startCheckout(seller.browser);
    const challenged = await payWithCard(seller.browser, payment.id, SANDBOX_TEST_CARDS.challenge);
    await seller.browser.request('POST', challenged.actionUrl!, 'outcome=pass&code=000000', { csrf: false, contentType: 'application/x-www-form-urlencoded' });
    expect((await seller.browser.post(`/api/payments/${payment.id}/sync`)).json()).toMatchObject({ status: 'FAILED', failure: 'AUTHENTICATION_FAILED' });
    expect(await payWithCard(seller.browser, payment.id, SANDBOX_TEST_CARDS.succeeds)).toMatchObject({ status: 'SUCCEEDED' });
  });

  it('learns of a payment from the late webhook, and a duplicate or a forged one changes nothing', async () => {
    const seller = await newSeller('Faisal');
    const { payment } = await startCheckout(seller.browser);
    const challenged = await payWithCard(seller.browser, payment.id, SANDBOX_TEST_CARDS.challenge);
    await seller.browser.request('POST', challenged.actionUrl!, 'outcome=pass&code=123456', { csrf: false, contentType: 'application/x-www-form-urlencoded' });
    expect((await paymentOf(seller.browser, payment.id)).status).toBe('REQUIRES_ACTION');
    await deliverWebhooks(WEBHOOK_DELAY_MS);
    expect((await paymentOf(seller.browser, payment.id)).status).toBe('SUCCEEDED');
    expect(await credits(seller.browser)).toBe(15);
    // The duplicate of every event arrives as late again: nothing moves twice.
    expect(await deliverWebhooks(WEBHOOK_DELAY_MS)).toBeGreaterThan(0);
    expect(await credits(seller.browser)).toBe(15);
    const active = await t.app.db.selectFrom('subscriptions').select('id').where('user_id', '=', seller.id).where('status', '=', 'ACTIVE').execute();
    expect(active).toHaveLength(2);

    const payload = JSON.stringify({ id: 'evt_forged', type: 'payment.updated', payment: 'pay_anything' });
    const forged = await t.app.inject({ method: 'POST', url: SANDBOX_WEBHOOK_PATH, payload, headers: { 'content-type': 'application/json', 'sandbox-signature': signWebhook('not-the-secret-at-all', payload, Math.floor(clock.now / 1000)) } });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const replayedLater = await t.app.inject({ method: 'POST', url: SANDBOX_WEBHOOK_PATH, payload, headers: { 'content-type': 'application/json', 'sandbox-signature': signWebhook(WEBHOOK_SECRET, payload, Math.floor(clock.now / 1000) - 3600) } });
    expect(replayedLater.statusCode).toBe(400);
  });

  it('makes a retried or doubled checkout the same checkout, and refuses a key used for another package', async () => {
    const seller = await newSeller('Reem');
    const idempotencyKey = key();
    const [first, second] = await Promise.all([checkout(seller.browser, { idempotencyKey }), checkout(seller.browser, { idempotencyKey })]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    expect(first.json().payment.id).toBe(second.json().payment.id);
    const retried = await checkout(seller.browser, { idempotencyKey });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().payment.id).toBe(first.json().payment.id);
    const otherPackage = await checkout(seller.browser, { idempotencyKey, packageSlug: 'pro' });
    expect(otherPackage.statusCode).toBe(422);
    expect(otherPackage.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const pending = await t.app.db.selectFrom('subscriptions').select('id').where('user_id', '=', seller.id).where('status', '=', 'PENDING_PAYMENT').execute();
    expect(pending).toHaveLength(1);
  });

  it('charges once when the same payment is confirmed twice at once', async () => {
    const seller = await newSeller('Yousef');
    const { payment } = await startCheckout(seller.browser);
    const [tokenA, tokenB] = [await tokenOf(seller.browser, SANDBOX_TEST_CARDS.succeeds), await tokenOf(seller.browser, SANDBOX_TEST_CARDS.succeeds)];
    const answers = await Promise.all([confirm(seller.browser, payment.id, { token: tokenA }), confirm(seller.browser, payment.id, { token: tokenB })]);
    expect(answers.map((answer) => answer.json().status)).toEqual(['SUCCEEDED', 'SUCCEEDED']);
    expect(await credits(seller.browser)).toBe(15);
    const providerSide = await t.app.db.selectFrom('sandbox_payments').innerJoin('payments', 'payments.provider_payment_id', 'sandbox_payments.id').select('sandbox_payments.status').where('payments.id', '=', payment.id).execute();
    expect(providerSide).toEqual([{ status: 'SUCCEEDED' }]);
  });

  it('refuses a package not sold, and the free package, at checkout', async () => {
    const seller = await newSeller('Hind');
    expect((await checkout(seller.browser, { packageSlug: 'no-such-package' })).json().error.code).toBe('PACKAGE_NOT_OFFERED');
    expect((await checkout(seller.browser, { packageSlug: 'free' })).json().error.code).toBe('SUBSCRIPTION_ACTION_NOT_ALLOWED');
  });

  it('pays by Apple Pay and PayPal on their approval screens, and a refused approval fails the payment', async () => {
    const seller = await newSeller('Mona');
    const apple = (await startCheckout(seller.browser, { method: 'APPLE_PAY', packageSlug: 'pro' })).payment;
    expect(apple.tokenFormUrl).toBeNull();
    const approval = (await confirm(seller.browser, apple.id)).json() as Payment;
    expect(approval.status).toBe('REQUIRES_ACTION');
    expect(approval.actionUrl).toMatch(/^\/sandbox-pay\/wallet\//);
    expect((await seller.browser.get(`${approval.actionUrl}?lang=ar`)).body).toContain('الدفع باستخدام Face ID');
    await seller.browser.request('POST', approval.actionUrl!, 'outcome=approve', { csrf: false, contentType: 'application/x-www-form-urlencoded' });
    expect((await seller.browser.post(`/api/payments/${apple.id}/sync`)).json()).toMatchObject({ status: 'SUCCEEDED' });
    expect(await credits(seller.browser)).toBe(45);

    const payPal = (await startCheckout(seller.browser, { method: 'PAYPAL' })).payment;
    const screen = (await confirm(seller.browser, payPal.id)).json() as Payment;
    expect((await seller.browser.get(screen.actionUrl!)).body).toContain('Agree and pay');
    await seller.browser.request('POST', screen.actionUrl!, 'outcome=cancel', { csrf: false, contentType: 'application/x-www-form-urlencoded' });
    expect((await seller.browser.post(`/api/payments/${payPal.id}/sync`)).json()).toMatchObject({ status: 'FAILED', failure: 'PAYMENT_CANCELED' });
    expect(await credits(seller.browser)).toBe(45);
  });

  it('spends the credit that ends soonest first, and ends the credits with their package', async () => {
    const seller = await newSeller('Tariq');
    const starter = (await startCheckout(seller.browser)).payment;
    await payWithCard(seller.browser, starter.id, SANDBOX_TEST_CARDS.succeeds);
    clock.now += DAY_MS;
    const pro = (await startCheckout(seller.browser, { packageSlug: 'pro' })).payment;
    await payWithCard(seller.browser, pro.id, SANDBOX_TEST_CARDS.succeeds);
    for (let spent = 0; spent < 3; spent += 1) await spendAdCredit(t.app.db, seller.id, clock.now);
    const remaining = () => mySubscriptions(seller.browser).then((mine) => Object.fromEntries(mine.map((row) => [row.package.slug, [row.status, row.adCreditsRemaining]])));
    expect(await remaining()).toEqual({ starter: ['ACTIVE', 7], pro: ['ACTIVE', 40], free: ['ACTIVE', 5] });

    clock.now += 29 * DAY_MS;
    await signInAgain(seller);
    expect(await remaining()).toEqual({ starter: ['EXPIRED', 0], pro: ['ACTIVE', 40], free: ['ACTIVE', 5] });
    expect(await credits(seller.browser)).toBe(45);
    await spendAdCredit(t.app.db, seller.id, clock.now);
    expect(await remaining()).toEqual({ starter: ['EXPIRED', 0], pro: ['ACTIVE', 39], free: ['ACTIVE', 5] });
  });

  it('cancels a paid subscription, which stays usable until its end, and not the free one or another person’s', async () => {
    const seller = await newSeller('Salem');
    const other = await newSeller('Other');
    const { subscription, payment } = await startCheckout(seller.browser);
    await payWithCard(seller.browser, payment.id, SANDBOX_TEST_CARDS.succeeds);
    expect((await other.browser.post(`/api/subscriptions/${subscription.id}/cancel`)).statusCode).toBe(404);
    const canceled = await seller.browser.post(`/api/subscriptions/${subscription.id}/cancel`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json()).toMatchObject({ status: 'CANCELED', canceledAt: clock.now, adCreditsRemaining: 10 });
    expect(await credits(seller.browser)).toBe(15);
    expect((await seller.browser.post(`/api/subscriptions/${subscription.id}/cancel`)).json().error.code).toBe('SUBSCRIPTION_ACTION_NOT_ALLOWED');
    const free = (await mySubscriptions(seller.browser)).find((row) => row.package.isFree)!;
    expect((await seller.browser.post(`/api/subscriptions/${free.id}/cancel`)).json().error.code).toBe('SUBSCRIPTION_ACTION_NOT_ALLOWED');
    clock.now += 30 * DAY_MS;
    await signInAgain(seller);
    expect((await mySubscriptions(seller.browser)).find((row) => row.id === subscription.id)).toMatchObject({ status: 'EXPIRED', adCreditsRemaining: 0 });
    expect(await credits(seller.browser)).toBe(5);
  });
});
