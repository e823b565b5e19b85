import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Insertable } from 'kysely';
import type { Order, OrderSummary } from '../../domain/orders';
import type { Payment } from '../../domain/payments';
import { DAY_MS, HOUR_MS, MINUTE_MS, ORDER_COMPLETION_MS, ORDER_DELIVERY_CONFIRMATION_MS, ORDER_PAYMENT_WINDOW_MS } from '../../domain/timing';
import type { AdTable } from '../../server/db/schema';
import { SANDBOX_TEST_CARDS } from '../../server/modules/sandbox-provider/sandbox-provider';
import { SOCKET_EVENTS } from '../../domain/realtime-events';
import { bid, newAuction, newPerson, type Person } from './helpers/auction-fixtures';
import { closeOpenSockets, connectAs, eventually } from './helpers/auction-watcher';
import { buildTestApp, type TestApp, testDialect } from './helpers/test-app';

interface Refusal {
  error: { code: string };
}

describe(`orders on ${testDialect}`, () => {
  let t: TestApp;
  const clock = { now: Date.UTC(2026, 10, 28, 9, 0, 0) };
  let seller: Person;
  let buyer: Person;
  let other: Person;

  beforeAll(async () => {
    t = await buildTestApp({ now: () => clock.now, env: { SEED_DEMO_DATA: 'false' } });
    seller = await newPerson(t.app, 'Seller');
    buyer = await newPerson(t.app, 'Buyer');
    other = await newPerson(t.app, 'Other');
  });
  afterAll(async () => t.close());

  const key = () => randomUUID();
  const refusalOf = (response: { statusCode: number; json: () => unknown }) => ({ status: response.statusCode, code: (response.json() as Refusal).error.code });
  /** A published instant sale at 500 SAR with a 25 SAR shipping fee, as the ad form saves one. */
  const newInstantSale = (overrides: Partial<Insertable<AdTable>> = {}) =>
    newAuction(t.app, seller, { type: 'INSTANT_SALE', price: 50_000, opening_amount: null, on_back_price: null, shipping_type: 'PAID', shipping_fee: 2_500, ends_at: null, next_deadline_at: null, ...overrides });
  const buy = (person: Person, adSlug: string, idempotencyKey = key()) => person.browser.post('/api/orders', { adSlug, idempotencyKey });
  const bought = async (person: Person, adSlug: string) => {
    const response = await buy(person, adSlug);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Order;
  };
  const command = (person: Person, orderId: string, path: string, body: Record<string, unknown> = {}) =>
    person.browser.post(`/api/orders/${orderId}/${path}`, { idempotencyKey: key(), ...body });
  const moved = async (person: Person, orderId: string, path: string, body: Record<string, unknown> = {}) => {
    const response = await command(person, orderId, path, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Order;
  };
  const orderOf = async (person: Person, orderId: string) => (await person.browser.get(`/api/orders/${orderId}`)).json() as Order;
  const adStatusOf = async (slug: string) => (await t.app.db.selectFrom('ads').select(['status', 'round']).where('slug', '=', slug).executeTakeFirstOrThrow());
  const payByCard = async (person: Person, orderId: string, card: string = SANDBOX_TEST_CARDS.succeeds) => {
    const started = await command(person, orderId, 'pay', { method: 'CARD' });
    expect(started.statusCode, started.body).toBe(201);
    const { payment } = started.json() as { payment: Payment };
    const token = await person.browser.post('/sandbox-pay/v1/tokens', { name: 'Buyer Tester', number: card, expiry: '08/29', code: '123' }, { csrf: false });
    const confirmed = await person.browser.post(`/api/payments/${payment.id}/confirm`, { idempotencyKey: key(), token: (token.json() as { token: string }).token, returnPath: `/orders/${orderId}` });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return confirmed.json() as Payment;
  };
  const advance = async (ms: number) => {
    clock.now += ms;
    return t.app.orders.applyDeadlines();
  };

  it('buys an instant sale outright: one order at its price and shipping, the ad ended; a retry is the same order', async () => {
    const ad = await newInstantSale();
    const idempotencyKey = key();
    const first = await buy(buyer, ad.slug, idempotencyKey);
    expect(first.statusCode, first.body).toBe(201);
    const order = first.json() as Order;
    expect(order).toMatchObject({ kind: 'INSTANT_PURCHASE', status: 'PLACED', side: 'bought', amount: 50_000, shippingFee: 2_500, total: 52_500, currency: 'SAR', payBy: clock.now + ORDER_PAYMENT_WINDOW_MS });
    expect(order.actions.sort()).toEqual(['CANCEL', 'PAY']);
    expect(order.history.map((step) => [step.status, step.by])).toEqual([['PLACED', 'BUYER']]);
    expect((await adStatusOf(ad.slug)).status).toBe('ENDED');

    const again = await buy(buyer, ad.slug, idempotencyKey);
    expect(again.statusCode).toBe(200);
    expect((again.json() as Order).id).toBe(order.id);
    expect(refusalOf(await buy(other, ad.slug))).toEqual({ status: 410, code: 'PRODUCT_UNAVAILABLE' });
    // The seller sees the same order from the other side, with what they may do.
    const sold = await orderOf(seller, order.id);
    expect(sold).toMatchObject({ side: 'sold', status: 'PLACED', actions: ['CANCEL'] });
    expect((await other.browser.get(`/api/orders/${order.id}`)).statusCode).toBe(404);
  });

  it('sells an instant sale to exactly one of two buyers at once', async () => {
    const ad = await newInstantSale();
    const [first, second] = await Promise.all([buy(buyer, ad.slug), buy(other, ad.slug)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 410]);
    const orders = await t.app.db.selectFrom('orders').select('buyer_id').where('ad_id', '=', ad.id).execute();
    expect(orders).toHaveLength(1);
  });

  it('refuses to sell to its owner, to sell what is not an instant sale, and to sell a draft', async () => {
    const ad = await newInstantSale();
    expect(refusalOf(await buy(seller, ad.slug))).toEqual({ status: 403, code: 'OWN_AD_PURCHASE' });
    const auction = await newAuction(t.app, seller);
    expect(refusalOf(await buy(buyer, auction.slug))).toEqual({ status: 409, code: 'NOT_AN_INSTANT_SALE' });
    const draft = await newInstantSale({ status: 'DRAFT' });
    expect(refusalOf(await buy(buyer, draft.slug))).toEqual({ status: 404, code: 'NOT_FOUND' });
    const ended = await newInstantSale({ ends_at: clock.now - MINUTE_MS });
    expect(refusalOf(await buy(buyer, ended.slug))).toEqual({ status: 410, code: 'PRODUCT_UNAVAILABLE' });
  });

  it('is paid by card, shipped by the seller, confirmed by the buyer and completes after the time to raise a problem', async () => {
    const ad = await newInstantSale();
    const order = await bought(buyer, ad.slug);
    const payment = await payByCard(buyer, order.id);
    expect(payment.status).toBe('SUCCEEDED');
    const paid = await orderOf(buyer, order.id);
    expect(paid).toMatchObject({ status: 'PAID', paymentMode: 'ONLINE', actions: ['CANCEL'], payment: { id: payment.id, status: 'SUCCEEDED', amount: 52_500 } });
    // The seller sees that it was paid, not the buyer's payment.
    expect(await orderOf(seller, order.id)).toMatchObject({ status: 'PAID', payment: null });
    expect((await orderOf(seller, order.id)).actions.sort()).toEqual(['CANCEL', 'SHIP']);

    expect(refusalOf(await command(buyer, order.id, 'ship'))).toEqual({ status: 409, code: 'ORDER_ACTION_NOT_ALLOWED' });
    expect(refusalOf(await command(seller, order.id, 'confirm-delivery'))).toEqual({ status: 409, code: 'ORDER_ACTION_NOT_ALLOWED' });
    clock.now += HOUR_MS;
    const shipped = await moved(seller, order.id, 'ship', { trackingNote: 'SMSA 2901 4477' });
    expect(shipped).toMatchObject({ status: 'SHIPPED', trackingNote: 'SMSA 2901 4477', nextDeadlineAt: clock.now + ORDER_DELIVERY_CONFIRMATION_MS });
    expect(refusalOf(await command(buyer, order.id, 'cancel'))).toEqual({ status: 409, code: 'ORDER_ACTION_NOT_ALLOWED' });

    clock.now += DAY_MS;
    const delivered = await moved(buyer, order.id, 'confirm-delivery');
    expect(delivered).toMatchObject({ status: 'DELIVERED', actions: [], nextDeadlineAt: clock.now + ORDER_COMPLETION_MS });
    await advance(ORDER_COMPLETION_MS - 1);
    expect((await orderOf(seller, order.id)).status).toBe('DELIVERED');
    await advance(1);
    const completed = await orderOf(seller, order.id);
    expect(completed.status).toBe('COMPLETED');
    expect(completed.history.map((step) => [step.status, step.by, step.note])).toEqual([
      ['PLACED', 'BUYER', null],
      ['AWAITING_PAYMENT', 'BUYER', null],
      ['PAID', 'PAYMENT', null],
      ['SHIPPED', 'SELLER', 'SMSA 2901 4477'],
      ['DELIVERED', 'BUYER', null],
      ['COMPLETED', 'TIME', null],
    ]);
  });

  it('takes a shipped order as delivered when the buyer says nothing, and writes each step at the time it came', async () => {
    const ad = await newInstantSale({ cash_on_delivery: 1 });
    const order = await bought(buyer, ad.slug);
    await moved(buyer, order.id, 'cash-on-delivery');
    const shippedAt = clock.now;
    await moved(seller, order.id, 'ship');
    clock.now += ORDER_DELIVERY_CONFIRMATION_MS;
    expect((await orderOf(buyer, order.id)).status).toBe('DELIVERED');
    // Both deadlines passed before the job looked: each step is in the history at its own time.
    await advance(ORDER_COMPLETION_MS);
    expect((await orderOf(seller, order.id)).history.slice(-2)).toEqual([
      { status: 'DELIVERED', by: 'TIME', note: null, at: shippedAt + ORDER_DELIVERY_CONFIRMATION_MS },
      { status: 'COMPLETED', by: 'TIME', note: null, at: shippedAt + ORDER_DELIVERY_CONFIRMATION_MS + ORDER_COMPLETION_MS },
    ]);
    // And each is told to both sides, the clock having moved it.
    const subjectsAbout = async (email: string) => (await t.app.db.selectFrom('outbox').select('subject').where('recipient', '=', email).where('body', 'like', `%${order.id}%`).execute()).map((one) => one.subject.split(':')[0]);
    await eventually('both told of both steps', async () => (await subjectsAbout(seller.email)).length === 4 && (await subjectsAbout(buyer.email)).length === 3);
    expect((await subjectsAbout(buyer.email)).sort()).toEqual(['Order completed', 'Order delivered', 'Your order is on its way']);
    expect((await subjectsAbout(seller.email)).sort()).toEqual(['Cash on delivery', 'New order', 'Order completed', 'Order delivered']);
  });

  it('takes cash on delivery only where the seller offers it', async () => {
    const withoutCash = await bought(buyer, (await newInstantSale()).slug);
    expect(withoutCash.cashOnDeliveryAllowed).toBe(false);
    expect(refusalOf(await command(buyer, withoutCash.id, 'cash-on-delivery'))).toEqual({ status: 409, code: 'CASH_ON_DELIVERY_NOT_OFFERED' });
    const withCash = await bought(buyer, (await newInstantSale({ cash_on_delivery: 1 })).slug);
    expect(withCash.actions.sort()).toEqual(['CANCEL', 'CHOOSE_CASH_ON_DELIVERY', 'PAY']);
    expect(refusalOf(await command(seller, withCash.id, 'cash-on-delivery'))).toEqual({ status: 409, code: 'ORDER_ACTION_NOT_ALLOWED' });
    const chosen = await moved(buyer, withCash.id, 'cash-on-delivery');
    expect(chosen).toMatchObject({ status: 'CASH_ON_DELIVERY', paymentMode: 'CASH_ON_DELIVERY', nextDeadlineAt: null });
  });

  it('is cancelled by the buyer, or by the seller with a reason, and the instant sale goes back on sale', async () => {
    const ad = await newInstantSale();
    const order = await bought(buyer, ad.slug);
    expect(refusalOf(await command(seller, order.id, 'cancel'))).toEqual({ status: 400, code: 'CANCEL_REASON_REQUIRED' });
    expect(refusalOf(await command(seller, order.id, 'cancel', { reason: '   ' }))).toEqual({ status: 400, code: 'CANCEL_REASON_REQUIRED' });
    expect(refusalOf(await command(other, order.id, 'cancel'))).toEqual({ status: 404, code: 'NOT_FOUND' });
    const cancelled = await moved(seller, order.id, 'cancel', { reason: 'Sold in the shop this morning' });
    expect(cancelled).toMatchObject({ status: 'CANCELLED', cancelReason: 'Sold in the shop this morning', actions: [] });
    expect(cancelled.history.at(-1)).toMatchObject({ status: 'CANCELLED', by: 'SELLER', note: 'Sold in the shop this morning' });
    expect(await adStatusOf(ad.slug)).toEqual({ status: 'PUBLISHED', round: 2 });

    // Back on sale, a new buyer buys it, and the buyer cancels without a reason.
    const second = await bought(other, ad.slug);
    expect((await moved(other, second.id, 'cancel')).status).toBe('CANCELLED');
    expect(await adStatusOf(ad.slug)).toEqual({ status: 'PUBLISHED', round: 3 });
  });

  it('refunds a paid order that is cancelled', async () => {
    const order = await bought(buyer, (await newInstantSale()).slug);
    const payment = await payByCard(buyer, order.id);
    const cancelled = await moved(buyer, order.id, 'cancel', { reason: 'Changed my mind' });
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.payment).toMatchObject({ id: payment.id, status: 'REFUNDED' });
  });

  it('cancels an unpaid order by time and puts the ad back on sale; a declined card leaves it to try again', async () => {
    const ad = await newInstantSale();
    const order = await bought(buyer, ad.slug);
    const declined = await payByCard(buyer, order.id, SANDBOX_TEST_CARDS.declined);
    expect(declined).toMatchObject({ status: 'FAILED', failure: 'CARD_DECLINED' });
    expect(await orderOf(buyer, order.id)).toMatchObject({ status: 'AWAITING_PAYMENT', actions: ['PAY', 'CANCEL'] });

    await advance(ORDER_PAYMENT_WINDOW_MS - 1);
    expect((await orderOf(buyer, order.id)).status).toBe('AWAITING_PAYMENT');
    // Past the time, the order reads as cancelled even before the job writes it, and refuses payment.
    clock.now += 1;
    expect((await orderOf(buyer, order.id)).status).toBe('CANCELLED');
    expect(refusalOf(await command(buyer, order.id, 'pay', { method: 'CARD' }))).toEqual({ status: 409, code: 'ORDER_ACTION_NOT_ALLOWED' });
    expect(await advance(0)).toBeGreaterThanOrEqual(1);
    expect((await t.app.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow()).status).toBe('CANCELLED');
    const cancelled = await orderOf(buyer, order.id);
    expect(cancelled.history.at(-1)).toMatchObject({ status: 'CANCELLED', by: 'TIME' });
    expect((await adStatusOf(ad.slug)).status).toBe('PUBLISHED');
  });

  it('keeps one payment of an order: another is not charged, and one that succeeds anyway is refunded', async () => {
    const order = await bought(buyer, (await newInstantSale()).slug);
    const tokenOf = async (card: string) => ((await buyer.browser.post('/sandbox-pay/v1/tokens', { name: 'Buyer Tester', number: card, expiry: '08/29', code: '123' }, { csrf: false })).json() as { token: string }).token;
    const confirm = async (paymentId: string, card: string) =>
      buyer.browser.post(`/api/payments/${paymentId}/confirm`, { idempotencyKey: key(), token: await tokenOf(card), returnPath: `/orders/${order.id}` });
    // A first checkout stops at the bank's challenge; the buyer opens a second (another tab) and pays it.
    const { payment: first } = (await command(buyer, order.id, 'pay', { method: 'CARD' })).json() as { payment: Payment };
    const challenged = (await confirm(first.id, SANDBOX_TEST_CARDS.challenge)).json() as Payment;
    expect(challenged.status).toBe('REQUIRES_ACTION');
    const second = await payByCard(buyer, order.id);
    expect((await orderOf(buyer, order.id)).status).toBe('PAID');
    // The first checkout is no longer wanted: trying it charges nothing.
    expect(refusalOf(await confirm(first.id, SANDBOX_TEST_CARDS.succeeds))).toEqual({ status: 409, code: 'PAYMENT_ACTION_NOT_ALLOWED' });
    // But its challenge, finished at the bank, succeeds at the provider: it is refunded, not kept.
    const passed = await buyer.browser.request('POST', challenged.actionUrl!, 'outcome=pass&code=123456', { csrf: false, contentType: 'application/x-www-form-urlencoded' });
    expect(passed.statusCode).toBe(303);
    expect((await buyer.browser.post(`/api/payments/${first.id}/sync`)).json()).toMatchObject({ status: 'REFUNDED' });
    const payments = await t.app.db.selectFrom('payments').select(['id', 'status']).where('subject_id', '=', order.id).execute();
    expect(Object.fromEntries(payments.map((row) => [row.id, row.status]))).toEqual({ [first.id]: 'REFUNDED', [second.id]: 'SUCCEEDED' });
    expect((await orderOf(buyer, order.id)).payment).toMatchObject({ id: second.id, status: 'SUCCEEDED' });
  });

  it('refunds a checkout left open when the buyer chose cash on delivery instead', async () => {
    const order = await bought(buyer, (await newInstantSale({ cash_on_delivery: 1 })).slug);
    const { payment } = (await command(buyer, order.id, 'pay', { method: 'CARD' })).json() as { payment: Payment };
    const token = ((await buyer.browser.post('/sandbox-pay/v1/tokens', { name: 'Buyer Tester', number: SANDBOX_TEST_CARDS.challenge, expiry: '08/29', code: '123' }, { csrf: false })).json() as { token: string }).token;
    const challenged = (await buyer.browser.post(`/api/payments/${payment.id}/confirm`, { idempotencyKey: key(), token, returnPath: `/orders/${order.id}` })).json() as Payment;
    expect(challenged.status).toBe('REQUIRES_ACTION');
    expect((await moved(buyer, order.id, 'cash-on-delivery')).status).toBe('CASH_ON_DELIVERY');
    // The bank's challenge, finished in the other tab, succeeds at the provider: nothing is kept.
    await buyer.browser.request('POST', challenged.actionUrl!, 'outcome=pass&code=123456', { csrf: false, contentType: 'application/x-www-form-urlencoded' });
    expect((await buyer.browser.post(`/api/payments/${payment.id}/sync`)).json()).toMatchObject({ status: 'REFUNDED' });
    expect((await orderOf(buyer, order.id)).status).toBe('CASH_ON_DELIVERY');
  });

  it('answers a repeated payment start with the same payment, and refuses its key for another method', async () => {
    const order = await bought(buyer, (await newInstantSale()).slug);
    const idempotencyKey = key();
    const first = await command(buyer, order.id, 'pay', { method: 'CARD', idempotencyKey });
    const again = await command(buyer, order.id, 'pay', { method: 'CARD', idempotencyKey });
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect((again.json() as { payment: Payment }).payment.id).toBe((first.json() as { payment: Payment }).payment.id);
    expect(refusalOf(await command(buyer, order.id, 'pay', { method: 'PAYPAL', idempotencyKey }))).toEqual({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(refusalOf(await command(seller, order.id, 'pay', { method: 'CARD' }))).toEqual({ status: 409, code: 'ORDER_ACTION_NOT_ALLOWED' });
  });

  it('makes the winner of a finalised auction and a buy-now buyer an order each', async () => {
    const auction = await newAuction(t.app, seller, { shipping_type: 'FREE' });
    expect((await bid(buyer, auction, 25_000)).statusCode).toBe(201);
    clock.now += HOUR_MS;
    await t.app.auctionDeadlines.resync();
    const finalised = await seller.browser.post(`/api/ads/${auction.slug}/finalise`, { idempotencyKey: key() });
    expect(finalised.statusCode, finalised.body).toBe(201);
    const wins = (await buyer.browser.get('/api/orders?side=bought')).json() as OrderSummary[];
    expect(wins.find((order) => order.ad.slug === auction.slug)).toMatchObject({ kind: 'AUCTION_WIN', status: 'PLACED', amount: 25_000, shippingFee: 0, seller: { fullName: 'Seller Tester' } });

    const combined = await newAuction(t.app, seller, { type: 'INSTANT_SALE_AND_AUCTION', instant_purchase_amount: 90_000 });
    expect((await buyer.browser.post(`/api/ads/${combined.slug}/buy-now`, { idempotencyKey: key() })).statusCode).toBe(201);
    const sold = (await seller.browser.get('/api/orders?side=sold')).json() as OrderSummary[];
    expect(sold.find((order) => order.ad.slug === combined.slug)).toMatchObject({ kind: 'BUY_NOW', amount: 90_000, buyer: { fullName: 'Buyer Tester' }, side: 'sold' });
    expect(((await other.browser.get('/api/orders?side=bought')).json() as OrderSummary[]).some((order) => order.ad.slug === combined.slug)).toBe(false);
  });

  it('offers the item of an auction order cancelled unpaid to the next bidder, one live order at a time', async () => {
    const auction = await newAuction(t.app, seller, { shipping_type: 'FREE' });
    expect((await bid(other, auction, 20_000)).statusCode).toBe(201);
    expect((await bid(buyer, auction, 25_000)).statusCode).toBe(201);
    clock.now += HOUR_MS;
    await t.app.auctionDeadlines.resync();
    expect((await seller.browser.post(`/api/ads/${auction.slug}/finalise`, { idempotencyKey: key() })).statusCode).toBe(201);
    const won = ((await seller.browser.get('/api/orders?side=sold')).json() as OrderSummary[]).find((order) => order.ad.slug === auction.slug)!;
    // While the winner may still pay, the item is theirs: no offer to another, no repost.
    expect((await orderOf(seller, won.id)).nextBidder).toBeNull();
    expect(refusalOf(await command(seller, won.id, 'offer-next-bidder'))).toEqual({ status: 409, code: 'ORDER_ACTION_NOT_ALLOWED' });
    expect(refusalOf(await seller.browser.post(`/api/ads/${auction.slug}/repost`, {}))).toEqual({ status: 409, code: 'AD_ORDER_OPEN' });

    await advance(ORDER_PAYMENT_WINDOW_MS);
    expect(await orderOf(seller, won.id)).toMatchObject({ status: 'CANCELLED', nextBidder: { fullName: 'Other Tester', amount: 20_000 } });
    expect((await orderOf(buyer, won.id)).nextBidder).toBeNull();
    expect(refusalOf(await command(buyer, won.id, 'offer-next-bidder'))).toEqual({ status: 404, code: 'NOT_FOUND' });

    const offerKey = key();
    const offered = await command(seller, won.id, 'offer-next-bidder', { idempotencyKey: offerKey });
    expect(offered.statusCode, offered.body).toBe(201);
    const second = offered.json() as Order;
    expect(second).toMatchObject({ kind: 'NEXT_BIDDER', status: 'PLACED', amount: 20_000, buyer: { fullName: 'Other Tester' }, side: 'sold' });
    expect(second.history.map((step) => [step.status, step.by])).toEqual([['PLACED', 'SELLER']]);
    const retried = await command(seller, won.id, 'offer-next-bidder', { idempotencyKey: offerKey });
    expect([retried.statusCode, (retried.json() as Order).id]).toEqual([200, second.id]);
    expect(refusalOf(await command(seller, won.id, 'offer-next-bidder'))).toEqual({ status: 409, code: 'ORDER_ACTION_NOT_ALLOWED' });
    expect((await orderOf(seller, won.id)).nextBidder).toBeNull();
    await eventually('the next bidder told of the offer', async () =>
      (await t.app.db.selectFrom('outbox').select('body').where('recipient', '=', other.email).where('body', 'like', `%${second.id}%`).execute()).length === 1);

    // The next bidder declines by cancelling; nobody is left, and the owner may repost.
    expect(await moved(other, second.id, 'cancel')).toMatchObject({ status: 'CANCELLED', actions: [] });
    // The first offer's key names the order it was offered from: sent for another, it is refused.
    expect((await command(seller, second.id, 'offer-next-bidder', { idempotencyKey: offerKey })).json()).toMatchObject({ error: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    expect((await orderOf(seller, second.id)).nextBidder).toBeNull();
    expect(refusalOf(await command(seller, second.id, 'offer-next-bidder'))).toEqual({ status: 409, code: 'NO_NEXT_BIDDER' });
    const { round } = await adStatusOf(auction.slug);
    const two = await t.app.db.selectFrom('orders').select(['kind', 'status']).where('ad_id', '=', auction.id).where('round', '=', round).orderBy('created_at').execute();
    expect(two).toEqual([{ kind: 'AUCTION_WIN', status: 'CANCELLED' }, { kind: 'NEXT_BIDDER', status: 'CANCELLED' }]);
  });

  it('offers the item to nobody else once an order of its round completed the sale', async () => {
    const runnerUp = await newPerson(t.app, 'Runner');
    const auction = await newAuction(t.app, seller, { shipping_type: 'FREE' });
    for (const [person, amount] of [[other, 15_000], [runnerUp, 20_000], [buyer, 25_000]] as const) expect((await bid(person, auction, amount)).statusCode).toBe(201);
    clock.now += HOUR_MS;
    await t.app.auctionDeadlines.resync();
    expect((await seller.browser.post(`/api/ads/${auction.slug}/finalise`, { idempotencyKey: key() })).statusCode).toBe(201);
    const won = ((await seller.browser.get('/api/orders?side=sold')).json() as OrderSummary[]).find((order) => order.ad.slug === auction.slug)!;
    await moved(seller, won.id, 'cancel', { reason: 'Not paid' });
    const second = (await command(seller, won.id, 'offer-next-bidder')).json() as Order;
    expect(second.buyer.fullName).toBe('Runner Tester');
    // The runner-up pays and the sale completes: the item is sold, and Other is offered nothing.
    await t.app.db.updateTable('orders').set({ status: 'COMPLETED', next_deadline_at: null }).where('id', '=', second.id).execute();
    expect((await orderOf(seller, won.id)).nextBidder).toBeNull();
    expect(refusalOf(await command(seller, won.id, 'offer-next-bidder'))).toEqual({ status: 409, code: 'ORDER_ACTION_NOT_ALLOWED' });
  });

  it('refuses every move the machine does not give that person in that state, and changes nothing', async () => {
    const allowed: Record<string, { buyer: string[]; seller: string[] }> = {
      PLACED: { buyer: ['pay', 'cash-on-delivery', 'cancel'], seller: ['cancel'] },
      AWAITING_PAYMENT: { buyer: ['pay', 'cash-on-delivery', 'cancel'], seller: ['cancel'] },
      CASH_ON_DELIVERY: { buyer: ['cancel'], seller: ['ship', 'cancel'] },
      PAID: { buyer: ['cancel'], seller: ['ship', 'cancel'] },
      SHIPPED: { buyer: ['confirm-delivery'], seller: [] },
      DELIVERED: { buyer: [], seller: [] },
      COMPLETED: { buyer: [], seller: [] },
      CANCELLED: { buyer: [], seller: [] },
    };
    const commands = ['pay', 'cash-on-delivery', 'ship', 'confirm-delivery', 'cancel'];
    const order = await bought(buyer, (await newInstantSale({ cash_on_delivery: 1 })).slug);
    const stored = () => t.app.db.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    let refused = 0;
    for (const [status, sides] of Object.entries(allowed)) {
      await t.app.db
        .updateTable('orders')
        .set({ status, shipped_at: ['SHIPPED', 'DELIVERED', 'COMPLETED'].includes(status) ? clock.now : null, delivered_at: ['DELIVERED', 'COMPLETED'].includes(status) ? clock.now : null, updated_at: clock.now })
        .where('id', '=', order.id)
        .execute();
      const before = await stored();
      for (const [person, side] of [[buyer, 'buyer'], [seller, 'seller'], [other, 'stranger']] as const) {
        for (const path of commands) {
          if (side !== 'stranger' && sides[side].includes(path)) continue;
          const response = await command(person, order.id, path, { method: 'CARD', reason: 'Because' });
          expect(response.statusCode, `${side} ${path} on ${status}`).toBe(side === 'stranger' ? 404 : 409);
          refused += 1;
        }
      }
      expect(await stored(), status).toEqual(before);
    }
    expect(refused).toBe(8 * 15 - 15);
  });

  it('tells both people over their sockets of each move, and the payer when the provider settles a payment', async () => {
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const heard: { buyer: string[]; seller: string[] } = { buyer: [], seller: [] };
    const buyerSocket = connectAs(origin, buyer.cookie);
    const sellerSocket = connectAs(origin, seller.cookie);
    await Promise.all([buyerSocket, sellerSocket].map((socket) => new Promise((resolve) => socket.once('connect', () => resolve(null)))));
    buyerSocket.on(SOCKET_EVENTS.ORDER_CHANGED, ({ status }) => heard.buyer.push(status));
    buyerSocket.on(SOCKET_EVENTS.PAYMENT_SETTLED, () => heard.buyer.push('payment settled'));
    sellerSocket.on(SOCKET_EVENTS.ORDER_CHANGED, ({ status }) => heard.seller.push(status));
    sellerSocket.on(SOCKET_EVENTS.PAYMENT_SETTLED, () => heard.seller.push('payment settled'));

    const order = await bought(buyer, (await newInstantSale()).slug);
    await payByCard(buyer, order.id);
    await moved(seller, order.id, 'ship');
    await eventually('every move heard', () => heard.seller.length >= 4 && heard.buyer.length >= 5);
    expect(heard.seller).toEqual(['PLACED', 'AWAITING_PAYMENT', 'PAID', 'SHIPPED']);
    expect(heard.buyer).toEqual(['PLACED', 'AWAITING_PAYMENT', 'payment settled', 'PAID', 'SHIPPED']);
    closeOpenSockets();
  });

  it('tells the other side of each move by message, with a link to the order', async () => {
    const order = await bought(buyer, (await newInstantSale({ cash_on_delivery: 1 })).slug);
    const aboutThisOrder = (recipient: string) => t.app.db.selectFrom('outbox').select('body').where('recipient', '=', recipient).where('body', 'like', `%${order.id}%`).execute();
    // Told after the sale committed, without holding up the buyer's answer.
    await eventually('the seller told of the new order', async () => (await aboutThisOrder(seller.email)).length === 1);
    await moved(buyer, order.id, 'cash-on-delivery');
    await moved(seller, order.id, 'ship', { trackingNote: 'Aramex 88' });
    // The buyer moved the order to cash on delivery and hears only of the seller's shipping.
    await eventually('the buyer told of the shipping', async () => (await aboutThisOrder(buyer.email)).length === 1);
    const [shipped] = await aboutThisOrder(buyer.email);
    expect(shipped!.body).toContain(`/orders/${order.id}`);
    expect(shipped!.body).toMatch(/^The seller shipped/);
  });

  it('writes to each person in the language they last read the site in', async () => {
    const arabicSeller = await newPerson(t.app, 'Arabic', { locale: 'ar' });
    expect((await arabicSeller.browser.get('/api/my/ads')).statusCode).toBe(200);
    const ad = await newAuction(t.app, arabicSeller, { type: 'INSTANT_SALE', price: 50_000, opening_amount: null, on_back_price: null, shipping_type: 'FREE', ends_at: null, next_deadline_at: null });
    const subjectsTo = async (person: Person) => (await t.app.db.selectFrom('outbox').select('subject').where('recipient', '=', person.email).execute()).map((one) => one.subject);
    const first = await bought(buyer, ad.slug);
    await eventually('the seller told in Arabic', async () => (await subjectsTo(arabicSeller)).some((subject) => subject.startsWith('طلب جديد')));
    // A request naming no language (a script) changes nothing; one from a browser reading English is remembered.
    const asSeller = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/my/ads', headers: { cookie: arabicSeller.cookie, ...headers } });
    expect((await asSeller({})).statusCode).toBe(200);
    expect((await t.app.db.selectFrom('users').select('locale').where('id', '=', arabicSeller.id).executeTakeFirstOrThrow()).locale).toBe('ar');
    expect((await asSeller({ 'accept-language': 'en-GB,en;q=0.9' })).statusCode).toBe(200);
    await moved(buyer, first.id, 'cancel');
    await eventually('the seller told in English', async () => (await subjectsTo(arabicSeller)).some((subject) => subject.startsWith('Order cancelled')));
    expect(await subjectsTo(arabicSeller)).toHaveLength(2);
  });
});
