import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Negotiation, ReceivedOffer } from '../../domain/negotiation-schemas';
import type { Order } from '../../domain/orders';
import { HOUR_MS, NEGOTIATED_ORDER_WINDOW_MS, NEGOTIATION_OFFER_TTL_MS } from '../../domain/timing';
import type { AuctionSnapshot } from '../../domain/auction';
import type { AdTable } from '../../server/db/schema';
import { bid, newAuction, newPerson, type Person } from './helpers/auction-fixtures';
import { buildTestApp, type TestApp, testDialect } from './helpers/test-app';

interface Refusal {
  error: { code: string };
}

describe(`negotiation on ${testDialect}`, () => {
  let t: TestApp;
  const clock = { now: Date.UTC(2026, 10, 28, 9, 0, 0) };
  let owner: Person;
  let buyer: Person;
  let other: Person;

  beforeAll(async () => {
    t = await buildTestApp({ now: () => clock.now, env: { SEED_DEMO_DATA: 'false' } });
    owner = await newPerson(t.app, 'Owner');
    buyer = await newPerson(t.app, 'Buyer');
    other = await newPerson(t.app, 'Other');
  });
  afterAll(async () => t.close());

  const key = () => randomUUID();
  const refusalOf = (response: { statusCode: number; json: () => unknown }) => ({ status: response.statusCode, code: (response.json() as Refusal).error.code });
  /** A negotiable instant sale at 1,000 SAR. */
  const newSale = (overrides: Partial<Insertable<AdTable>> = {}) =>
    newAuction(t.app, owner, { type: 'INSTANT_SALE', price: 100_000, negotiable: 1, opening_amount: null, on_back_price: null, shipping_type: 'FREE', ends_at: null, next_deadline_at: null, ...overrides });
  const offer = (person: Person, slug: string, amount: number, idempotencyKey = key()) => person.browser.post(`/api/ads/${slug}/negotiation/offers`, { amount, idempotencyKey });
  const offered = async (person: Person, slug: string, amount: number) => {
    const response = await offer(person, slug, amount);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Negotiation;
  };
  const act = (person: Person, slug: string, action: string) => person.browser.post(`/api/ads/${slug}/negotiation/${action}`, { idempotencyKey: key() });
  const received = async (slug: string) => (await owner.browser.get(`/api/ads/${slug}/offers`)).json() as ReceivedOffer[];
  const answer = (slug: string, negotiationId: string, verb: 'accept' | 'reject' | 'counter', amount?: number) =>
    owner.browser.post(`/api/ads/${slug}/offers/${negotiationId}/${verb}`, { idempotencyKey: key(), ...(amount === undefined ? {} : { amount }) });
  const mine = async (person: Person, slug: string) => (await person.browser.get(`/api/ads/${slug}/negotiation`)).json() as Negotiation;
  const attemptsLeft = (negotiation: Negotiation) => negotiation.facts.attemptLimit - negotiation.facts.attemptsUsed;
  /** A negotiable auction with an instant purchase amount of 900 SAR, bidding from 100 SAR, ending in an hour. */
  const newCombined = (overrides: Partial<Insertable<AdTable>> = {}) =>
    newAuction(t.app, owner, { type: 'INSTANT_SALE_AND_AUCTION', instant_purchase_amount: 90_000, negotiable: 1, shipping_type: 'FREE', ...overrides });
  const auctionOf = async (slug: string) => ((await buyer.browser.get(`/api/ads/${slug}/auction`)).json() as AuctionSnapshot).auction;

  it('takes an offer below the price only, from a buyer, on an ad whose owner takes offers', async () => {
    const ad = await newSale();
    expect(refusalOf(await offer(buyer, ad.slug, 100_000))).toEqual({ status: 400, code: 'OFFER_NOT_BELOW_PRICE' });
    expect(refusalOf(await offer(buyer, ad.slug, 120_000))).toEqual({ status: 400, code: 'OFFER_NOT_BELOW_PRICE' });
    const zero = await offer(buyer, ad.slug, 0);
    expect((zero.json() as { error: { code: string; fields: Record<string, string> } }).error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { amount: 'NOT_POSITIVE_INTEGER' } });
    // A number too long to be exact is too large, as in the ad form, not "not whole".
    const huge = await offer(buyer, ad.slug, 1e20);
    expect((huge.json() as { error: { code: string; fields: Record<string, string> } }).error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { amount: 'AMOUNT_TOO_LARGE' } });
    expect(refusalOf(await offer(owner, ad.slug, 80_000))).toEqual({ status: 409, code: 'NEGOTIATION_NOT_ALLOWED' });
    const fixed = await newSale({ negotiable: 0 });
    expect(refusalOf(await offer(buyer, fixed.slug, 80_000))).toEqual({ status: 409, code: 'NOT_NEGOTIABLE' });
    // Refusals spent no attempt.
    expect(attemptsLeft(await mine(buyer, ad.slug))).toBe(3);
    const first = await offered(buyer, ad.slug, 80_000);
    expect(first).toMatchObject({ status: 'OFFERED', facts: { offer: { amount: 80_000, expiresAt: clock.now + NEGOTIATION_OFFER_TTL_MS } } });
    expect(attemptsLeft(first)).toBe(2);
    expect(refusalOf(await offer(buyer, ad.slug, 85_000))).toEqual({ status: 409, code: 'OFFER_ALREADY_OPEN' });
    const [seen] = await received(ad.slug);
    expect(seen).toMatchObject({ status: 'OFFERED', buyer: { fullName: 'Buyer Tester' }, answers: ['accept', 'reject', 'counter'] });
    expect((await buyer.browser.get(`/api/ads/${ad.slug}/offers`)).statusCode).toBe(403);
    // The owner's list of ads says how many offers wait for an answer.
    const openOffersOf = async () => ((await owner.browser.get('/api/my/ads')).json() as { items: { slug: string; openOffers: number }[] }).items.find((item) => item.slug === ad.slug)?.openOffers;
    expect(await openOffersOf()).toBe(1);
    await answer(ad.slug, seen!.id, 'reject');
    expect(await openOffersOf()).toBe(0);
  });

  it('counts offers sent at once one after another: no buyer gets a fourth', async () => {
    const ad = await newSale();
    for (const amount of [60_000, 65_000]) {
      await offered(buyer, ad.slug, amount);
      const [open] = await received(ad.slug);
      expect((await answer(ad.slug, open!.id, 'reject')).statusCode).toBe(204);
    }
    const atOnce = await Promise.all([offer(buyer, ad.slug, 70_000), offer(buyer, ad.slug, 71_000), offer(buyer, ad.slug, 72_000)]);
    expect(atOnce.map((response) => response.statusCode).sort()).toEqual([201, 409, 409]);
    const [open] = await received(ad.slug);
    expect((await answer(ad.slug, open!.id, 'reject')).statusCode).toBe(204);
    expect(refusalOf(await offer(buyer, ad.slug, 75_000))).toEqual({ status: 409, code: 'NEGOTIATION_LIMIT_REACHED' });
    const spent = await mine(buyer, ad.slug);
    expect({ status: spent.status, left: attemptsLeft(spent) }).toEqual({ status: 'REJECTED', left: 0 });
  });

  it('holds the ad for the buyer whose offer was accepted, who orders at the agreed price', async () => {
    const ad = await newSale();
    await offered(buyer, ad.slug, 90_000);
    await offered(other, ad.slug, 85_000);
    const offers = await received(ad.slug);
    const buyers = Object.fromEntries(offers.map((one) => [one.buyer.fullName, one]));
    expect((await answer(ad.slug, buyers['Buyer Tester']!.id, 'accept')).statusCode).toBe(204);
    // Held: no second acceptance, no purchase by anyone else, no new offer from the buyer.
    expect(refusalOf(await answer(ad.slug, buyers['Other Tester']!.id, 'accept'))).toEqual({ status: 409, code: 'AD_HELD_FOR_BUYER' });
    expect(refusalOf(await other.browser.post('/api/orders', { adSlug: ad.slug, idempotencyKey: key() }))).toEqual({ status: 409, code: 'AD_HELD_FOR_BUYER' });
    expect(refusalOf(await offer(buyer, ad.slug, 80_000))).toEqual({ status: 409, code: 'PRICE_ALREADY_NEGOTIATED' });
    expect(await mine(other, ad.slug)).toMatchObject({ status: 'OFFERED', heldForAnother: true });

    const ordered = await act(buyer, ad.slug, 'order');
    expect(ordered.statusCode, ordered.body).toBe(200);
    const { orderId } = ordered.json() as Negotiation;
    const order = (await buyer.browser.get(`/api/orders/${orderId}`)).json() as Order;
    expect(order).toMatchObject({ kind: 'NEGOTIATED', amount: 90_000, status: 'PLACED' });
    expect((await t.app.db.selectFrom('ads').select('status').where('id', '=', ad.id).executeTakeFirstOrThrow()).status).toBe('ENDED');
    expect(refusalOf(await act(buyer, ad.slug, 'order'))).toEqual({ status: 410, code: 'PRODUCT_UNAVAILABLE' });
  });

  it('negotiates the combined type below its instant amount and above the highest bid; ordering buys the auction outright', async () => {
    const ad = await newCombined();
    const endsAt = clock.now + HOUR_MS;
    expect((await bid(other, ad, 30_000)).statusCode).toBe(201);
    expect(refusalOf(await offer(buyer, ad.slug, 90_000))).toEqual({ status: 400, code: 'OFFER_NOT_BELOW_PRICE' });
    expect(refusalOf(await offer(buyer, ad.slug, 30_000))).toEqual({ status: 409, code: 'OFFER_NOT_ABOVE_BID' });
    // An offer, and a price agreed, last no longer than the auction.
    const open = await offered(buyer, ad.slug, 70_000);
    expect(open.facts.offer).toMatchObject({ amount: 70_000, expiresAt: endsAt });
    const [seen] = await received(ad.slug);
    expect((await answer(ad.slug, seen!.id, 'accept')).statusCode).toBe(204);
    expect((await mine(buyer, ad.slug)).facts).toMatchObject({ agreedAmount: 70_000, orderBy: endsAt });

    // Held for the buyer: nobody else buys outright, but bidding goes on.
    expect(refusalOf(await other.browser.post(`/api/ads/${ad.slug}/buy-now`, { idempotencyKey: key() }))).toEqual({ status: 409, code: 'AD_HELD_FOR_BUYER' });
    expect((await bid(other, ad, 40_000)).statusCode).toBe(201);
    const seqBefore = (await auctionOf(ad.slug)).seq;

    const ordered = await act(buyer, ad.slug, 'order');
    expect(ordered.statusCode, ordered.body).toBe(200);
    const { orderId } = ordered.json() as Negotiation;
    expect((await buyer.browser.get(`/api/orders/${orderId}`)).json() as Order).toMatchObject({ kind: 'NEGOTIATED', amount: 70_000, status: 'PLACED' });
    // The auction ended as bought outright, at the agreed price, as one more change its watchers hear of.
    expect(await auctionOf(ad.slug)).toMatchObject({ phase: 'boughtOutright', seq: seqBefore + 1, outcome: { kind: 'BOUGHT_OUTRIGHT', buyerId: buyer.id, amount: 70_000 } });
    expect(refusalOf(await bid(other, ad, 50_000))).toMatchObject({ status: 409 });
    // Cancelled, the sale leaves the auction ended, as a cancelled buy-now does: it is not put back on sale half-closed.
    expect((await buyer.browser.post(`/api/orders/${orderId}/cancel`, { idempotencyKey: key() })).statusCode).toBe(200);
    expect(await t.app.db.selectFrom('ads').select(['status', 'round_outcome']).where('id', '=', ad.id).executeTakeFirstOrThrow()).toEqual({ status: 'ENDED', round_outcome: 'BOUGHT_OUTRIGHT' });
  });

  it('closes the combined type to offers before its start and once bidding reaches the instant amount; a bid above an agreed price ends it', async () => {
    const later = await newCombined({ starts_at: clock.now + HOUR_MS, ends_at: clock.now + 2 * HOUR_MS });
    expect(refusalOf(await offer(buyer, later.slug, 50_000))).toEqual({ status: 409, code: 'BID_NOT_STARTED' });

    const ad = await newCombined();
    await offered(buyer, ad.slug, 50_000);
    const [seen] = await received(ad.slug);
    await answer(ad.slug, seen!.id, 'accept');
    expect((await bid(other, ad, 60_000)).statusCode).toBe(201);
    expect(refusalOf(await act(buyer, ad.slug, 'order'))).toEqual({ status: 409, code: 'OFFER_NOT_ABOVE_BID' });
    expect((await mine(buyer, ad.slug)).status).toBe('ACCEPTED');
    // Beaten, the agreement holds the item no longer: the owner may agree with another buyer.
    const third = await newPerson(t.app, 'Third');
    await offered(third, ad.slug, 70_000);
    const thirdsOffer = (await received(ad.slug)).find((one) => one.buyer.fullName === 'Third Tester')!;
    expect(thirdsOffer.heldForAnother).toBe(false);
    expect((await answer(ad.slug, thirdsOffer.id, 'accept')).statusCode).toBe(204);
    expect((await mine(buyer, ad.slug)).heldForAnother).toBe(true);

    // An open offer a bid reaches is no longer one the owner is offered to take.
    const fourth = await newPerson(t.app, 'Fourth');
    await offered(fourth, ad.slug, 80_000);
    expect((await bid(other, ad, 85_000)).statusCode).toBe(201);
    const reached = (await received(ad.slug)).find((one) => one.buyer.fullName === 'Fourth Tester')!;
    expect(reached.answers).toEqual(['reject', 'counter']);
    expect(refusalOf(await answer(ad.slug, reached.id, 'accept'))).toEqual({ status: 409, code: 'OFFER_NOT_ABOVE_BID' });
    expect((await bid(other, ad, 90_000)).statusCode).toBe(201);
    expect(refusalOf(await offer(other, ad.slug, 80_000))).toEqual({ status: 409, code: 'NEGOTIATION_CLOSED_BY_AUCTION' });
    expect((await received(ad.slug)).map((one) => one.answers)).toEqual([[], [], []]);
    const fourths = (await received(ad.slug)).find((one) => one.buyer.fullName === 'Fourth Tester')!;
    expect(refusalOf(await answer(ad.slug, fourths.id, 'accept'))).toEqual({ status: 409, code: 'NEGOTIATION_CLOSED_BY_AUCTION' });
  });

  it('lets the owner counter once, within the offer and the price, and the buyer accept or decline it', async () => {
    const ad = await newSale();
    await offered(buyer, ad.slug, 70_000);
    const [open] = await received(ad.slug);
    expect(refusalOf(await answer(ad.slug, open!.id, 'counter', 60_000))).toEqual({ status: 400, code: 'COUNTER_OUT_OF_RANGE' });
    expect(refusalOf(await answer(ad.slug, open!.id, 'counter', 100_000))).toEqual({ status: 400, code: 'COUNTER_OUT_OF_RANGE' });
    expect((await answer(ad.slug, open!.id, 'counter', 85_000)).statusCode).toBe(204);
    expect(refusalOf(await answer(ad.slug, open!.id, 'counter', 84_000))).toEqual({ status: 409, code: 'NEGOTIATION_NOT_ALLOWED' });
    expect(await mine(buyer, ad.slug)).toMatchObject({ status: 'COUNTERED', facts: { counter: { amount: 85_000 } } });
    const accepted = (await act(buyer, ad.slug, 'accept-counter')).json() as Negotiation;
    expect(accepted).toMatchObject({ status: 'ACCEPTED', facts: { agreedAmount: 85_000, orderBy: clock.now + NEGOTIATED_ORDER_WINDOW_MS } });
    // The owner is told by message that their price was taken, with the amount agreed.
    const toOwner = await t.app.db.selectFrom('outbox').select(['subject', 'body']).where('recipient', '=', owner.email).orderBy('created_at', 'desc').execute();
    expect(toOwner.map((message) => message.body)).toContainEqual(expect.stringContaining('850 SAR'));

    const declinedAd = await newSale();
    await offered(other, declinedAd.slug, 70_000);
    const [second] = await received(declinedAd.slug);
    await answer(declinedAd.slug, second!.id, 'counter', 90_000);
    expect(((await act(other, declinedAd.slug, 'decline-counter')).json() as Negotiation).status).toBe('REJECTED');
    expect(((await act(other, declinedAd.slug, 'withdraw')).statusCode)).toBe(409);
  });

  it('lets a buyer withdraw an open offer; an offer left unanswered expires, by the server clock', async () => {
    const ad = await newSale();
    await offered(buyer, ad.slug, 70_000);
    expect(((await act(buyer, ad.slug, 'withdraw')).json() as Negotiation).status).toBe('WITHDRAWN');
    await offered(buyer, ad.slug, 72_000);
    clock.now += NEGOTIATION_OFFER_TTL_MS - 1;
    expect((await mine(buyer, ad.slug)).status).toBe('OFFERED');
    clock.now += 1;
    expect((await mine(buyer, ad.slug)).status).toBe('EXPIRED');
    const [expired] = await received(ad.slug);
    expect(refusalOf(await answer(ad.slug, expired!.id, 'accept'))).toEqual({ status: 409, code: 'NEGOTIATION_NOT_ALLOWED' });
    expect(await t.app.negotiations.applyDeadlines()).toBeGreaterThanOrEqual(1);
    expect((await t.app.db.selectFrom('negotiations').select('status').where('id', '=', expired!.id).executeTakeFirstOrThrow()).status).toBe('EXPIRED');
  });

  it('keeps the limit and an agreed price across a relisting, takes no offer outside the ad\'s dates, and holds a key to its offer', async () => {
    const ad = await newSale();
    for (const amount of [60_000, 61_000, 62_000]) {
      await offered(buyer, ad.slug, amount);
      const [open] = await received(ad.slug);
      await answer(ad.slug, open!.id, 'reject');
    }
    // Bought outright and cancelled: the ad is back on sale in a new round, and the buyer's limit with it.
    const bought = (await buyer.browser.post('/api/orders', { adSlug: ad.slug, idempotencyKey: key() })).json() as Order;
    expect((await buyer.browser.post(`/api/orders/${bought.id}/cancel`, { idempotencyKey: key() })).statusCode).toBe(200);
    expect(refusalOf(await offer(buyer, ad.slug, 63_000))).toEqual({ status: 409, code: 'NEGOTIATION_LIMIT_REACHED' });

    const ended = await newSale({ ends_at: clock.now - HOUR_MS });
    expect(refusalOf(await offer(buyer, ended.slug, 50_000))).toEqual({ status: 410, code: 'PRODUCT_UNAVAILABLE' });
    const later = await newSale({ starts_at: clock.now + HOUR_MS });
    expect(refusalOf(await offer(buyer, later.slug, 50_000))).toEqual({ status: 410, code: 'PRODUCT_UNAVAILABLE' });

    const twoOffers = await newSale();
    await offered(buyer, twoOffers.slug, 70_000);
    await offered(other, twoOffers.slug, 71_000);
    const [first, second] = await received(twoOffers.slug);
    const idempotencyKey = key();
    const reject = (negotiationId: string) => owner.browser.post(`/api/ads/${twoOffers.slug}/offers/${negotiationId}/reject`, { idempotencyKey });
    expect((await reject(first!.id)).statusCode).toBe(204);
    expect(refusalOf(await reject(second!.id))).toEqual({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('puts the ad back on sale when the buyer does not order within the window', async () => {
    const ad = await newSale();
    await offered(buyer, ad.slug, 90_000);
    const [open] = await received(ad.slug);
    await answer(ad.slug, open!.id, 'accept');
    clock.now += NEGOTIATED_ORDER_WINDOW_MS + HOUR_MS;
    expect(refusalOf(await act(buyer, ad.slug, 'order'))).toEqual({ status: 409, code: 'ORDER_WINDOW_PASSED' });
    expect((await mine(buyer, ad.slug)).status).toBe('LAPSED');
    const bought = await other.browser.post('/api/orders', { adSlug: ad.slug, idempotencyKey: key() });
    expect(bought.statusCode, bought.body).toBe(201);
  });
});
