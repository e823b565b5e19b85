import { randomUUID } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuctionChange, AuctionSnapshot, Participant } from '../../domain/auction';
import { MAX_AMOUNT_MINOR } from '../../domain/money';
import { FINAL_WINDOW_MS, HOUR_MS, MINUTE_MS } from '../../domain/timing';
import arErrors from '../../locales/ar/errors.json';
import enErrors from '../../locales/en/errors.json';
import { type AuctionAd, bid, newAuction, newPerson, type Person } from './helpers/auction-fixtures';
import { TestBrowser } from './helpers/browser';
import { buildTestApp, type TestApp, testDialect } from './helpers/test-app';

type Refusal = { error: { code: string; message: string; fields?: Record<string, string> } };

describe(`the bid engine on ${testDialect}`, () => {
  let t: TestApp;
  const clock = { now: Date.UTC(2026, 10, 21, 18, 0, 0) };
  let owner: Person;
  let alice: Person;
  let bob: Person;

  beforeAll(async () => {
    t = await buildTestApp({ now: () => clock.now });
    owner = await newPerson(t.app, 'Owner');
    alice = await newPerson(t.app, 'Alice');
    bob = await newPerson(t.app, 'Bob', { locale: 'ar' });
  });
  afterAll(async () => t.close());

  const snapshotOf = async (ad: AuctionAd, viewer: TestBrowser = new TestBrowser(t.app)) => {
    const response = await viewer.get(`/api/ads/${ad.slug}/auction`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AuctionSnapshot;
  };
  const refusalOf = (response: { statusCode: number; json: () => unknown }) => ({ status: response.statusCode, code: (response.json() as Refusal).error.code });
  const command = (person: Person, ad: AuctionAd, path: 'finalise' | 'sub-auctions' | 'buy-now', body: Record<string, unknown> = {}) =>
    person.browser.post(`/api/ads/${ad.slug}/${path}`, { idempotencyKey: randomUUID(), ...body });
  /** Moves the server's clock and lets the scheduler fire what fell due, as its timers would. */
  async function advanceTo(at: number) {
    clock.now = at;
    await t.app.auctionDeadlines.resync();
  }

  it('takes a bid above the opening amount and the highest bid, and refuses every other with its reason', async () => {
    const ad = await newAuction(t.app, owner, { starts_at: clock.now + MINUTE_MS, ends_at: clock.now + HOUR_MS });

    expect(refusalOf(await new TestBrowser(t.app).post(`/api/ads/${ad.slug}/bids`, { amount: 15_000, idempotencyKey: randomUUID() }))).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
    expect(refusalOf(await bid(alice, ad, 15_000))).toEqual({ status: 409, code: 'BID_NOT_STARTED' });
    await advanceTo(clock.now + MINUTE_MS);

    expect(refusalOf(await bid(owner, ad, 15_000))).toEqual({ status: 403, code: 'OWN_AUCTION' });
    expect(refusalOf(await bid(alice, ad, 10_000))).toEqual({ status: 400, code: 'BID_NOT_ABOVE_OPENING_AMOUNT' });
    expect(refusalOf(await bid(alice, ad, 15_050))).toEqual({ status: 400, code: 'BID_DECIMALS_NOT_ALLOWED' });
    expect(refusalOf(await bid(alice, ad, 150.5))).toEqual({ status: 400, code: 'NOT_POSITIVE_INTEGER' });
    expect(refusalOf(await bid(alice, ad, -100))).toEqual({ status: 400, code: 'NOT_POSITIVE_INTEGER' });
    // Beyond the amount limit no later bid could exceed it, and no column could hold it.
    expect(refusalOf(await bid(alice, ad, 1e300))).toEqual({ status: 400, code: 'AMOUNT_TOO_LARGE' });
    expect(refusalOf(await alice.browser.post(`/api/ads/${ad.slug}/bids`, { amount: '15000', idempotencyKey: randomUUID() }))).toEqual({ status: 400, code: 'VALIDATION_FAILED' });

    const before = await snapshotOf(ad);
    const accepted = await bid(alice, ad, 15_000);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const result = accepted.json() as AuctionChange;
    // The answer is the change this bid made: from the seq before it, the bid, and where its bidder now stands.
    expect(result.fromSeq).toBe(before.auction.seq);
    expect(result.bids).toHaveLength(1);
    const placed = result.bids[0]!;
    expect(placed).toMatchObject({ amount: 15_000, seq: before.auction.seq + 1, at: clock.now, bidder: { id: alice.id, name: 'Alice T.' } });
    expect(result.bidders).toEqual([{ id: alice.id, name: 'Alice T.', highestAmount: 15_000, bidCount: 1 }]);
    expect(result.auction).toMatchObject({ seq: before.auction.seq + 1, phase: 'active', bidCount: 1, minimumBid: 15_100, reserve: 'NOT_MET' });

    // Ties go to the earlier receipt: the same amount again is not above the highest bid.
    const tie = await bid(bob, ad, 15_000);
    expect(refusalOf(tie)).toEqual({ status: 409, code: 'BID_NOT_ABOVE_HIGHEST_BID' });
    expect((tie.json() as Refusal).error.message).toBe(arErrors.BID_NOT_ABOVE_HIGHEST_BID);
    expect((tie.json() as Refusal).error.message).not.toBe(enErrors.BID_NOT_ABOVE_HIGHEST_BID);
    // Said on the amount field of the bid form, as the page's own check says it.
    expect((tie.json() as Refusal).error.fields).toEqual({ amount: 'BID_NOT_ABOVE_HIGHEST_BID' });

    const snapshot = await snapshotOf(ad, bob.browser);
    expect(snapshot.auction.highestBid).toEqual(placed);
    expect(snapshot.bids).toEqual([placed]);
    expect(snapshot.bidders).toEqual(result.bidders);
    expect(snapshot.viewer).toEqual({ role: 'BIDDER', reservePrice: null });
    expect(snapshot.auction.serverTime).toBe(clock.now);

    // A minute on, the machine as the last run left it is used again (nothing changed but the time).
    // A bid received a second before it is decided is answered with the time it was decided at: not
    // the time the machine was placed, nor the bid's receipt.
    await advanceTo(clock.now + MINUTE_MS);
    const later = await t.app.auctions.placeBid({ ad: { id: ad.id }, userId: bob.id, amount: 16_000, idempotencyKey: randomUUID(), receivedAt: clock.now - 1_000 });
    expect(later.result.auction).toMatchObject({ serverTime: clock.now, phase: 'active', bidCount: 2 });
    expect(later.result.bids[0]!.at).toBe(clock.now - 1_000);
  });

  it('refuses a bid past the amount limit in the bidder’s language, and the auction still reads; a bid at the limit leaves a safe next minimum', async () => {
    const ad = await newAuction(t.app, owner);
    for (const [bidder, messages] of [[alice, enErrors], [bob, arErrors]] as const) {
      for (const amount of [9_007_199_254_740_900, MAX_AMOUNT_MINOR + 100]) {
        const refused = await bid(bidder, ad, amount);
        expect(refusalOf(refused), refused.body).toEqual({ status: 400, code: 'AMOUNT_TOO_LARGE' });
        expect((refused.json() as Refusal).error).toEqual({ code: 'AMOUNT_TOO_LARGE', message: messages.AMOUNT_TOO_LARGE, fields: { amount: 'AMOUNT_TOO_LARGE' } });
      }
    }
    expect((await snapshotOf(ad)).auction).toMatchObject({ bidCount: 0, highestBid: null, minimumBid: 10_100 });

    const atTheLimit = await bid(alice, ad, MAX_AMOUNT_MINOR);
    expect(atTheLimit.statusCode, atTheLimit.body).toBe(201);
    const { auction } = await snapshotOf(ad, bob.browser);
    expect(auction).toMatchObject({ bidCount: 1, highestBid: { amount: MAX_AMOUNT_MINOR }, minimumBid: MAX_AMOUNT_MINOR + 100 });
    expect(Number.isSafeInteger(auction.minimumBid)).toBe(true);
    // Its next minimum is past the limit too: nobody outbids it, and the auction keeps reading.
    expect(refusalOf(await bid(bob, ad, auction.minimumBid))).toEqual({ status: 400, code: 'AMOUNT_TOO_LARGE' });
    expect((await snapshotOf(ad)).auction.highestBid?.amount).toBe(MAX_AMOUNT_MINOR);
  });

  it('a retried key returns the first answer and places nothing; a key is for one command only', async () => {
    const ad = await newAuction(t.app, owner);
    const key = randomUUID();
    const first = await bid(alice, ad, 12_000, key);
    expect(first.statusCode).toBe(201);
    // The retry comes after someone else outbid: it still answers what the first attempt did.
    expect((await bid(bob, ad, 13_000)).statusCode).toBe(201);
    const retry = await bid(alice, ad, 12_000, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    const stored = await t.app.db.selectFrom('offers').select('amount').where('ad_id', '=', ad.id).orderBy('seq').execute();
    expect(stored.map((row) => row.amount)).toEqual([12_000, 13_000]);

    expect(refusalOf(await command(alice, ad, 'buy-now', { idempotencyKey: key }))).toEqual({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
    // A bidder's standing counts every bid of theirs in the round, the first one included.
    const again = await bid(alice, ad, 14_000);
    expect((again.json() as AuctionChange).bidders).toEqual([{ id: alice.id, name: 'Alice T.', highestAmount: 14_000, bidCount: 2 }]);
  });

  it('counts a bid received 1 ms before the end, refuses one at the end, and the scheduler announces the final window and its close', async () => {
    const ad = await newAuction(t.app, owner, { ends_at: clock.now + 10 * MINUTE_MS });
    const endsAt = clock.now + 10 * MINUTE_MS;
    await advanceTo(endsAt - 1);
    expect((await bid(alice, ad, 11_000)).statusCode).toBe(201);
    await advanceTo(endsAt);
    expect(refusalOf(await bid(bob, ad, 12_000))).toEqual({ status: 409, code: 'AUCTION_CLOSED' });
    // Received before the end but reaching the lock after it (bids ahead of it held the ad): it counts.
    const beforeLate = await snapshotOf(ad);
    const late = await t.app.auctions.placeBid({ ad: { id: ad.id }, userId: bob.id, amount: 12_000, idempotencyKey: randomUUID(), receivedAt: endsAt - 1 });
    expect(late.result.bids).toMatchObject([{ amount: 12_000, at: endsAt - 1 }]);
    expect(late.result).toMatchObject({ fromSeq: beforeLate.auction.seq, auction: { seq: beforeLate.auction.seq + 1 }, bidders: [{ id: bob.id, highestAmount: 12_000, bidCount: 1 }] });
    await expect(t.app.auctions.placeBid({ ad: { id: ad.id }, userId: alice.id, amount: 13_000, idempotencyKey: randomUUID(), receivedAt: endsAt })).rejects.toMatchObject({ code: 'AUCTION_CLOSED' });

    const inWindow = await snapshotOf(ad);
    expect(inWindow.auction).toMatchObject({ phase: 'finalWindow', finalWindowEndsAt: endsAt + FINAL_WINDOW_MS });
    const announced = await t.app.db.selectFrom('ads').select(['seq', 'announced_phase']).where('id', '=', ad.id).executeTakeFirstOrThrow();
    expect(announced).toEqual({ seq: inWindow.auction.seq, announced_phase: 'finalWindow' });
    // Announced once: another pass of the scheduler changes nothing.
    await t.app.auctionDeadlines.resync();
    expect((await snapshotOf(ad)).auction.seq).toBe(inWindow.auction.seq);

    await advanceTo(endsAt + FINAL_WINDOW_MS);
    const after = await snapshotOf(ad);
    expect(after.auction).toMatchObject({ phase: 'awaitingFinalisation', seq: inWindow.auction.seq + 1 });
  });

  it('the reserve shows as met or not, its value only to the owner; the owner finalises in the window, or declines below the reserve', async () => {
    const ad = await newAuction(t.app, owner, { ends_at: clock.now + 10 * MINUTE_MS });
    const endsAt = clock.now + 10 * MINUTE_MS;
    expect((await snapshotOf(ad)).auction.reserve).toBe('NOT_MET');
    expect((await snapshotOf(ad, alice.browser)).viewer.reservePrice).toBeNull();
    expect((await snapshotOf(ad, owner.browser)).viewer).toEqual({ role: 'OWNER', reservePrice: 20_000 });
    // Not anywhere else in what a bidder receives either.
    expect(JSON.stringify(await snapshotOf(ad, alice.browser))).not.toMatch(/[^\d]20000[^\d]/);

    await bid(alice, ad, 15_000);
    expect(refusalOf(await command(owner, ad, 'finalise'))).toEqual({ status: 409, code: 'AUCTION_ACTION_NOT_ALLOWED' });
    await advanceTo(endsAt + 30_000);
    expect(refusalOf(await command(alice, ad, 'finalise'))).toEqual({ status: 403, code: 'FORBIDDEN' });
    const beforeDecline = await snapshotOf(ad);
    const declined = await command(owner, ad, 'finalise');
    expect(declined.statusCode, declined.body).toBe(201);
    const declinedChange = declined.json() as AuctionChange;
    expect(declinedChange.auction).toMatchObject({ phase: 'ended', outcome: { kind: 'DECLINED' } });
    // A command other than a bid changes the state alone: one seq, no bids, no standings.
    expect(declinedChange).toMatchObject({ fromSeq: beforeDecline.auction.seq, auction: { seq: beforeDecline.auction.seq + 1 }, bids: [], bidders: [] });
    expect(await t.app.db.selectFrom('orders').select('id').where('ad_id', '=', ad.id).execute()).toEqual([]);

    const second = await newAuction(t.app, owner, { ends_at: clock.now + 10 * MINUTE_MS });
    await bid(alice, second, 25_000);
    expect((await snapshotOf(second)).auction.reserve).toBe('MET');
    await advanceTo(clock.now + 10 * MINUTE_MS + FINAL_WINDOW_MS + MINUTE_MS);
    // After the window the owner may still finalise; the reserve is met, so it sells.
    const finalised = await command(owner, second, 'finalise');
    expect((finalised.json() as AuctionChange).auction).toMatchObject({ phase: 'finalised', outcome: { kind: 'FINALISED' } });
    const order = await t.app.db.selectFrom('orders').selectAll().where('ad_id', '=', second.id).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ buyer_id: alice.id, seller_id: owner.id, amount: 25_000, kind: 'AUCTION_WIN' });
    expect(refusalOf(await owner.browser.delete(`/api/ads/${second.slug}`))).toEqual({ status: 409, code: 'AD_CANNOT_BE_DELETED' });
    // The winner still reads the result; a passer-by finds the product no longer available.
    expect((await snapshotOf(second, alice.browser)).auction.phase).toBe('finalised');
    expect((await new TestBrowser(t.app).get(`/api/ads/${second.slug}`)).statusCode).toBe(410);
    expect((await alice.browser.get(`/api/ads/${second.slug}`)).statusCode).toBe(200);
  });

  it('the combined type sells outright at its instant purchase amount until the bidding reaches it', async () => {
    const ad = await newAuction(t.app, owner, { type: 'INSTANT_SALE_AND_AUCTION', instant_purchase_amount: 50_000 });
    expect(refusalOf(await command(owner, ad, 'buy-now'))).toEqual({ status: 403, code: 'OWN_AUCTION' });
    await bid(alice, ad, 20_000);
    const beforePurchase = await snapshotOf(ad);
    const bought = await command(bob, ad, 'buy-now');
    expect(bought.statusCode, bought.body).toBe(201);
    const boughtChange = bought.json() as AuctionChange;
    expect(boughtChange.auction).toMatchObject({ phase: 'boughtOutright', outcome: { kind: 'BOUGHT_OUTRIGHT', buyerId: bob.id } });
    expect(boughtChange).toMatchObject({ fromSeq: beforePurchase.auction.seq, auction: { seq: beforePurchase.auction.seq + 1 }, bids: [], bidders: [] });
    expect(await t.app.db.selectFrom('orders').select(['buyer_id', 'amount', 'kind']).where('ad_id', '=', ad.id).execute()).toEqual([{ buyer_id: bob.id, amount: 50_000, kind: 'BUY_NOW' }]);
    expect(refusalOf(await bid(alice, ad, 30_000))).toEqual({ status: 409, code: 'AUCTION_CLOSED' });

    const reached = await newAuction(t.app, owner, { type: 'INSTANT_SALE_AND_AUCTION', instant_purchase_amount: 50_000 });
    await bid(alice, reached, 50_000);
    expect(refusalOf(await command(bob, reached, 'buy-now'))).toEqual({ status: 409, code: 'INSTANT_PURCHASE_UNAVAILABLE' });
    expect(refusalOf(await command(bob, await newAuction(t.app, owner), 'buy-now'))).toEqual({ status: 409, code: 'INSTANT_PURCHASE_UNAVAILABLE' });
  });

  it('a live auction runs sub-auctions inside its live session; each must fit in what remains', async () => {
    const start = clock.now;
    const ad = await newAuction(t.app, owner, {
      type: 'LIVE_AUCTION',
      ends_at: start + 25 * MINUTE_MS,
      auction_duration_ms: 25 * MINUTE_MS,
      sub_auction_duration_ms: 10 * MINUTE_MS,
      live_link: 'https://live.example.com/camels',
      on_back_price: null,
    });
    const first = await snapshotOf(ad);
    expect(first.auction).toMatchObject({ phase: 'active', endsAt: start + 10 * MINUTE_MS, liveEndsAt: start + 25 * MINUTE_MS, liveLink: 'https://live.example.com/camels', reserve: 'NONE', round: 1 });
    expect(refusalOf(await command(owner, ad, 'sub-auctions'))).toEqual({ status: 409, code: 'AUCTION_ACTION_NOT_ALLOWED' });
    await bid(alice, ad, 30_000);
    await advanceTo(start + 10 * MINUTE_MS + 5_000);
    const beforeNext = await snapshotOf(ad);
    const next = await command(owner, ad, 'sub-auctions');
    expect(next.statusCode, next.body).toBe(201);
    const nextChange = next.json() as AuctionChange;
    expect(nextChange.auction).toMatchObject({ phase: 'active', round: 2, highestBid: null, bidCount: 0, startsAt: clock.now, endsAt: clock.now + 10 * MINUTE_MS });
    expect(nextChange).toMatchObject({ fromSeq: beforeNext.auction.seq, auction: { seq: beforeNext.auction.seq + 1 }, bids: [], bidders: [] });
    // Opening the next sub-auction finalised the first round (no reserve: sold to its highest bidder).
    expect(await t.app.db.selectFrom('orders').select(['round', 'buyer_id']).where('ad_id', '=', ad.id).execute()).toEqual([{ round: 1, buyer_id: alice.id }]);
    await bid(bob, ad, 11_000);
    expect((await snapshotOf(ad)).bids.map((one) => one.amount)).toEqual([11_000]);
    await advanceTo(clock.now + 10 * MINUTE_MS);
    // Five minutes of the session remain: no room for another ten-minute sub-auction.
    expect(refusalOf(await command(owner, ad, 'sub-auctions'))).toEqual({ status: 409, code: 'SUB_AUCTION_PAST_LIVE_PERIOD' });
    expect((await command(owner, ad, 'finalise')).statusCode).toBe(201);
  });

  it('takes a round’s first bid received before the end but decided after it: the final window opens', async () => {
    const endsAt = clock.now + 10 * MINUTE_MS;
    const ad = await newAuction(t.app, owner, { ends_at: endsAt, on_back_price: null });
    await advanceTo(endsAt + 2);
    expect((await snapshotOf(ad, owner.browser)).auction.phase).toBe('endedWithoutBids');
    const late = await t.app.auctions.placeBid({ ad: { id: ad.id }, userId: bob.id, amount: 12_000, idempotencyKey: randomUUID(), receivedAt: endsAt - 1 });
    expect(late.result.auction).toMatchObject({ phase: 'finalWindow', highestBid: { amount: 12_000, at: endsAt - 1 }, bidCount: 1 });
    expect((await snapshotOf(ad)).auction).toMatchObject({ phase: 'finalWindow', highestBid: { amount: 12_000 } });
    expect((await command(owner, ad, 'finalise')).statusCode).toBe(201);
  });

  it('a private auction takes bids from participants only: join requests, the owner’s decisions and additions', async () => {
    const ad = await newAuction(t.app, owner, { type: 'PRIVATE_AUCTION' });
    const carol = await newPerson(t.app, 'Carol');
    expect((await snapshotOf(ad, alice.browser)).viewer.role).toBe('OUTSIDER');
    const refused = await bid(alice, ad, 15_000);
    expect(refusalOf(refused)).toEqual({ status: 403, code: 'OFFER_SUBMISSION_NOT_AVAILABLE' });
    expect((refused.json() as Refusal).error.message).toBe('Offer submission not available');

    expect((await alice.browser.post(`/api/ads/${ad.slug}/join-requests`)).statusCode).toBe(201);
    expect(refusalOf(await alice.browser.post(`/api/ads/${ad.slug}/join-requests`))).toEqual({ status: 409, code: 'JOIN_REQUEST_NOT_ALLOWED' });
    expect(refusalOf(await owner.browser.post(`/api/ads/${ad.slug}/join-requests`))).toEqual({ status: 409, code: 'JOIN_REQUEST_NOT_ALLOWED' });
    expect((await snapshotOf(ad, alice.browser)).viewer.role).toBe('REQUESTED');
    expect(refusalOf(await alice.browser.get(`/api/ads/${ad.slug}/participants`))).toEqual({ status: 403, code: 'FORBIDDEN' });
    const waiting = (await owner.browser.get(`/api/ads/${ad.slug}/participants`)).json() as { participants: Participant[] };
    expect(waiting.participants).toMatchObject([{ user: { id: alice.id }, status: 'REQUESTED', addedByOwner: false }]);
    // Only a waiting request can be decided; a request is no participant yet, so the ad can still be deleted.
    const accepted = await owner.browser.request('PUT', `/api/ads/${ad.slug}/participants/${alice.id}`, { status: 'ACCEPTED' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(refusalOf(await owner.browser.request('PUT', `/api/ads/${ad.slug}/participants/${alice.id}`, { status: 'REJECTED' }))).toEqual({ status: 409, code: 'AUCTION_ACTION_NOT_ALLOWED' });
    expect((await bid(alice, ad, 15_000)).statusCode).toBe(201);

    await bob.browser.post(`/api/ads/${ad.slug}/join-requests`);
    await owner.browser.request('PUT', `/api/ads/${ad.slug}/participants/${bob.id}`, { status: 'REJECTED' });
    expect((await snapshotOf(ad, bob.browser)).viewer.role).toBe('REJECTED');
    expect(refusalOf(await bob.browser.post(`/api/ads/${ad.slug}/join-requests`))).toEqual({ status: 409, code: 'JOIN_REQUEST_NOT_ALLOWED' });

    // A contact that names neither an email nor a phone number is refused before any lookup.
    const garbled = await owner.browser.post(`/api/ads/${ad.slug}/participants`, { contact: 'Carol from the office' });
    expect(refusalOf(garbled)).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
    expect((garbled.json() as Refusal).error.fields).toEqual({ contact: 'CONTACT_INVALID' });
    const unknown = await owner.browser.post(`/api/ads/${ad.slug}/participants`, { contact: 'nobody@example.com' });
    expect(refusalOf(unknown)).toEqual({ status: 404, code: 'USER_NOT_FOUND' });
    expect((unknown.json() as Refusal).error).toMatchObject({ message: 'This user does not exist', fields: { contact: 'USER_NOT_FOUND' } });
    expect((await owner.browser.post(`/api/ads/${ad.slug}/participants`, { contact: carol.email.toUpperCase() })).statusCode).toBe(201);
    // The phone as people write it: a plus, the country code, the rest grouped with brackets and spaces.
    const typedPhone = `+${carol.phone.slice(0, 3)} (${carol.phone.slice(3, 5)}) ${carol.phone.slice(5, 8)} ${carol.phone.slice(8)}`;
    const again = await owner.browser.post(`/api/ads/${ad.slug}/participants`, { contact: typedPhone });
    expect(refusalOf(again)).toEqual({ status: 409, code: 'PARTICIPANT_ALREADY_ADDED' });
    expect((again.json() as Refusal).error.message).toBe('You have already added this user');
    // The owner changes their mind about a rejected person by adding them.
    expect((await owner.browser.post(`/api/ads/${ad.slug}/participants`, { contact: bob.email })).statusCode).toBe(201);
    expect((await bid(bob, ad, 16_000)).statusCode).toBe(201);

    const idle = await newAuction(t.app, owner, { type: 'PRIVATE_AUCTION' });
    await owner.browser.post(`/api/ads/${idle.slug}/participants`, { contact: carol.email });
    expect(refusalOf(await owner.browser.delete(`/api/ads/${idle.slug}`))).toEqual({ status: 409, code: 'AD_CANNOT_BE_DELETED' });
    expect(refusalOf(await owner.browser.post(`/api/ads/${(await newAuction(t.app, owner)).slug}/participants`, { contact: carol.email }))).toEqual({ status: 409, code: 'AUCTION_ACTION_NOT_ALLOWED' });

    // Once the bidding is over there is nothing left to join.
    const latecomer = await newPerson(t.app, 'Dana');
    await advanceTo(clock.now + 2 * HOUR_MS);
    expect(refusalOf(await latecomer.browser.post(`/api/ads/${ad.slug}/join-requests`))).toEqual({ status: 409, code: 'JOIN_REQUEST_NOT_ALLOWED' });
  });

  it('fifty bidders bidding at once: accepted amounts rise with seq, every acknowledged bid is stored, one highest bidder', async () => {
    const ad = await newAuction(t.app, owner, { on_back_price: null });
    const bidders = await Promise.all(Array.from({ length: 50 }, (_, index) => newPerson(t.app, `Bidder${index}`)));
    const startSeq = (await snapshotOf(ad)).auction.seq;
    // Each bidder sends three bids at once; many collide and are refused as not above the highest.
    const attempts = bidders.flatMap((bidder, index) => [0, 1, 2].map((round) => ({ bidder, amount: 10_000 + (round * 50 + index + 1) * 100 })));
    // The lowest goes first, alone: the others, arriving in any order (on PostgreSQL, the order their
    // sessions were read), then always hold a taken bid besides the highest.
    const [lowest, ...others] = attempts;
    const first = await bid(lowest!.bidder, ad, lowest!.amount);
    const responses = [first, ...(await Promise.all(others.map(({ bidder, amount }) => bid(bidder, ad, amount))))];
    const answers = responses.filter((response) => response.statusCode === 201).map((response) => response.json() as AuctionChange);
    const acknowledged = answers.map((answer) => answer.bids[0]!);
    for (const response of responses) if (response.statusCode !== 201) expect(refusalOf(response)).toEqual({ status: 409, code: 'BID_NOT_ABOVE_HIGHEST_BID' });

    const stored = await t.app.db.selectFrom('offers').select(['id', 'amount', 'seq', 'user_id']).where('ad_id', '=', ad.id).orderBy('seq').execute();
    expect(stored.map((row) => row.id).sort()).toEqual(acknowledged.map((one) => one.id).sort());
    expect(stored.map((row) => row.seq)).toEqual(stored.map((_, index) => startSeq + index + 1));
    for (let index = 1; index < stored.length; index++) expect(stored[index]!.amount).toBeGreaterThan(stored[index - 1]!.amount);
    const snapshot = await snapshotOf(ad);
    const top = stored.at(-1)!;
    expect(snapshot.auction).toMatchObject({ seq: top.seq, bidCount: stored.length, highestBid: { id: top.id, amount: top.amount } });
    expect(snapshot.bidders[0]).toMatchObject({ id: top.user_id, highestAmount: top.amount });
    // Bids decided together in one run are still answered one by one: each its own seq, and its
    // bidder's standing right after it (amounts rise with seq, so that bid is their highest so far).
    for (const answer of answers) {
      const [placed] = answer.bids;
      expect(answer.bids).toHaveLength(1);
      expect(answer.fromSeq).toBe(placed!.seq - 1);
      expect(answer.auction).toMatchObject({ seq: placed!.seq, highestBid: placed, bidCount: placed!.seq - startSeq });
      const bidsSoFar = stored.filter((row) => row.user_id === placed!.bidder.id && row.seq! <= placed!.seq).length;
      expect(answer.bidders).toEqual([{ ...placed!.bidder, highestAmount: placed!.amount, bidCount: bidsSoFar }]);
    }
    for (const bidderId of new Set(stored.map((row) => row.user_id))) {
      const theirs = stored.filter((row) => row.user_id === bidderId);
      expect(snapshot.bidders.find((one) => one.id === bidderId)).toMatchObject({ highestAmount: theirs.at(-1)!.amount, bidCount: theirs.length });
    }
    // The bids really met: several were taken and others refused for coming in below a newer highest bid.
    expect(acknowledged.length).toBeGreaterThan(1);
    expect(responses.some((response) => response.statusCode === 409)).toBe(true);
  });

  it('bids by the address of an ad the engine has not met yet are decided in the order they reached it', async () => {
    const ad = await newAuction(t.app, owner, { on_back_price: null });
    const bidders = await Promise.all(Array.from({ length: 20 }, (_, index) => newPerson(t.app, `Early${index}`)));
    // All in one turn, before the engine has read which ad the slug names: on PostgreSQL's pool, reads
    // of their own would finish in any order.
    const placed = await Promise.all(
      bidders.map((bidder, index) => t.app.auctions.placeBid({ ad: { slug: ad.slug }, userId: bidder.id, amount: 15_000 + index * 100, idempotencyKey: randomUUID(), receivedAt: t.app.now() })),
    );
    const seqs = placed.map(({ result }) => result.auction.seq);
    expect(seqs).toEqual(seqs.map((_, index) => seqs[0]! + index));
  });

  it('bids by an address no ad has are refused as not found, all at once or later, and an ad published under it since takes bids', async () => {
    const slug = `auction-${randomUUID().slice(0, 8)}`;
    const notYet = { id: randomUUID(), slug };
    const refusals = await Promise.all([bid(alice, notYet, 15_000), bid(bob, notYet, 16_000)]);
    const notFound = { status: 404, code: 'NOT_FOUND' };
    expect(refusals.map(refusalOf)).toEqual([notFound, notFound]);
    expect(refusalOf(await bid(alice, notYet, 15_000))).toEqual(notFound);
    const ad = await newAuction(t.app, owner, { slug });
    const placed = await bid(alice, ad, 15_000);
    expect(placed.statusCode, placed.body).toBe(201);
  });

  it('an account whose bid stands in an auction not yet decided cannot be deleted; once the round is decided it can', async () => {
    const ad = await newAuction(t.app, owner, { ends_at: clock.now + 10 * MINUTE_MS, on_back_price: null });
    const dana = await newPerson(t.app, 'Dana');
    await bid(dana, ad, 15_000);
    expect(refusalOf(await dana.browser.delete('/api/me'))).toEqual({ status: 409, code: 'ACCOUNT_CANNOT_BE_DELETED' });
    await advanceTo(clock.now + 10 * MINUTE_MS);
    await command(owner, ad, 'finalise');
    expect((await dana.browser.delete('/api/me')).statusCode).toBe(204);
  });

  it('an account deleted while its bid is being placed either keeps the bid (deletion refused) or never had it', async () => {
    const ad = await newAuction(t.app, owner, { ends_at: clock.now + HOUR_MS, on_back_price: null });
    let amount = 15_000;
    for (let attempt = 0; attempt < 8; attempt++) {
      const bidder = await newPerson(t.app, `Racer${attempt}`);
      amount += 100;
      // Sent at once: the deletion's transaction usually starts while the bid waits for its turn. Before
      // the two took turns, PostgreSQL acknowledged such a bid and then deleted it with the account.
      const [placed, deleted] = await Promise.all([bid(bidder, ad, amount), bidder.browser.delete('/api/me')]);
      const stored = await t.app.db.selectFrom('offers').select('id').where('user_id', '=', bidder.id).execute();
      if (placed.statusCode === 201) {
        expect(refusalOf(deleted)).toEqual({ status: 409, code: 'ACCOUNT_CANNOT_BE_DELETED' });
        expect(stored).toHaveLength(1);
      } else {
        expect(refusalOf(placed)).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
        expect(deleted.statusCode).toBe(204);
        expect(stored).toEqual([]);
      }
    }
    expect((await snapshotOf(ad)).auction.bidCount).toBe((await t.app.db.selectFrom('offers').select('id').where('ad_id', '=', ad.id).execute()).length);
  });

  it('a buyer buying outright while deleting their account is refused as signed out, or buys first and leaves', async () => {
    for (let attempt = 0; attempt < 4; attempt++) {
      const ad = await newAuction(t.app, owner, { type: 'INSTANT_SALE_AND_AUCTION', instant_purchase_amount: 50_000 });
      const buyer = await newPerson(t.app, `Buyer${attempt}`);
      const [bought, deleted] = await Promise.all([command(buyer, ad, 'buy-now'), buyer.browser.delete('/api/me')]);
      expect(deleted.statusCode, deleted.body).toBe(204);
      if (bought.statusCode !== 201) expect(refusalOf(bought)).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
    }
  });

  it('an owner bidding on their own ended auction while deleting their account is refused, and the deletion goes through', async () => {
    for (let attempt = 0; attempt < 4; attempt++) {
      const leaving = await newPerson(t.app, `Leaving${attempt}`);
      const ad = await newAuction(t.app, leaving, { starts_at: clock.now - 2 * HOUR_MS, ends_at: clock.now - HOUR_MS, on_back_price: null });
      const [placed, deleted] = await Promise.all([bid(leaving, ad, 15_000), leaving.browser.delete('/api/me')]);
      expect(deleted.statusCode, deleted.body).toBe(204);
      // Refused as their own auction, or as signed out, or as gone with the account: never a deadlock's 500.
      expect([401, 404, 409]).toContain(placed.statusCode);
    }
  });

  it('an auction its owner ended early with a bid keeps both owner and bidder until the owner decides the round', async () => {
    const seller = await newPerson(t.app, 'Seller');
    const ad = await newAuction(t.app, seller, { ends_at: clock.now + HOUR_MS, on_back_price: null });
    const hala = await newPerson(t.app, 'Hala');
    await bid(hala, ad, 15_000);
    expect((await seller.browser.post(`/api/ads/${ad.slug}/end`)).statusCode).toBe(200);
    // Past the final window, the round still waits for its owner.
    await advanceTo(clock.now + FINAL_WINDOW_MS + MINUTE_MS);
    expect(refusalOf(await seller.browser.delete('/api/me'))).toEqual({ status: 409, code: 'ACCOUNT_CANNOT_BE_DELETED' });
    expect(refusalOf(await hala.browser.delete('/api/me'))).toEqual({ status: 409, code: 'ACCOUNT_CANNOT_BE_DELETED' });
    expect((await command(seller, ad, 'finalise')).statusCode).toBe(201);
    expect((await hala.browser.delete('/api/me')).statusCode).toBe(204);
    expect((await seller.browser.delete('/api/me')).statusCode).toBe(204);
  });

  it('outside production the owner may bring a running round’s end closer, to try the final window', async () => {
    // The dev tools answer only the machine the server runs on.
    const localOwner = await newPerson(t.app, 'Local', { ip: '127.0.0.1' });
    const localBidder = await newPerson(t.app, 'Neighbour', { ip: '127.0.0.1' });
    const ad = await newAuction(t.app, localOwner);
    expect(refusalOf(await localBidder.browser.post(`/api/dev/auctions/${ad.slug}/end-soon`, { inMs: 5_000 }))).toEqual({ status: 403, code: 'FORBIDDEN' });
    const remoteAd = await newAuction(t.app, owner);
    expect(refusalOf(await owner.browser.post(`/api/dev/auctions/${remoteAd.slug}/end-soon`, { inMs: 5_000 }))).toEqual({ status: 403, code: 'DEV_TOOLS_LOCAL_ONLY' });
    expect((await localOwner.browser.post(`/api/dev/auctions/${ad.slug}/end-soon`, { inMs: 5_000 })).statusCode).toBe(204);
    const moved = await snapshotOf(ad);
    expect(moved.auction.endsAt).toBe(clock.now + 5_000);
    // Announced as a change of its own, so watchers redraw their countdown.
    expect(moved.auction.seq).toBe(2);
    await advanceTo(clock.now + 5_000);
    expect(refusalOf(await localOwner.browser.post(`/api/dev/auctions/${ad.slug}/end-soon`, { inMs: 5_000 }))).toEqual({ status: 409, code: 'AUCTION_ACTION_NOT_ALLOWED' });
  });
});

describe.runIf(testDialect === 'postgres')('a bid on PostgreSQL', () => {
  it('runs in one transaction that locks the ad’s row, reads holding its bidders against deletion, and writes in one statement', async () => {
    // Before the app connects: each pooled connection binds the query method it is made with.
    const sent = vi.spyOn(pg.Client.prototype, 'query');
    const t = await buildTestApp();
    try {
      const owner = await newPerson(t.app, 'Owner');
      const [alice, bob] = [await newPerson(t.app, 'Alice'), await newPerson(t.app, 'Bob')];
      const ad = await newAuction(t.app, owner);
      const placeBid = (bidder: Person, amount: number) => t.app.auctions.placeBid({ ad: { id: ad.id }, userId: bidder.id, amount, idempotencyKey: randomUUID(), receivedAt: t.app.now() });
      await placeBid(alice, 15_000);
      // The second bid, which has a highest bid to read as well.
      sent.mockClear();
      await placeBid(bob, 16_000);
      const statements = sent.mock.calls.map(([query], index) => ({ client: sent.mock.contexts[index], text: typeof query === 'string' ? query : (query as { text: string }).text }));
      // The bid's own connection, found by its lock: the scheduler may run statements on others meanwhile.
      const lock = statements.find((statement) => /^select \* from "ads" where "id" = \$1 for update$/.test(statement.text));
      expect(lock).toBeDefined();
      const onItsConnection = statements.filter((statement) => statement.client === lock!.client).map((statement) => statement.text);
      const locked = onItsConnection.indexOf(lock!.text);
      const texts = onItsConnection.slice(locked - 1, onItsConnection.indexOf('commit', locked) + 1);
      expect(texts).toEqual([
        'begin',
        lock!.text,
        expect.stringMatching(/^select .* from "command_receipts" where/),
        expect.stringMatching(/^select .* from "offers" inner join "users" .* where "offers"."id" = \$1$/),
        expect.stringMatching(/^select .* from "users" left join "auction_bidders" .* for key share of "users"$/),
        // The bid, its receipt, the standing and the ad's new `seq`.
        expect.stringMatching(/^WITH "write_0" AS \(insert into "offers" .*\), "write_1" AS \(insert into "command_receipts" .*\), "write_2" AS \(insert into "auction_bidders" .*\) update "ads" set /),
        'commit',
      ]);
    } finally {
      sent.mockRestore();
      await t.close();
    }
  });
});

describe.runIf(testDialect === 'sqlite')('bids on SQLite', () => {
  const storedStanding = (t: TestApp, ad: AuctionAd, bidder: Person) =>
    t.app.db.selectFrom('auction_bidders').select(['highest_amount', 'bid_count']).where('ad_id', '=', ad.id).where('user_id', '=', bidder.id).executeTakeFirstOrThrow();

  it('a run of bids decides on the ad as it stands, after a change by the app or by another connection to the file', async () => {
    const t = await buildTestApp();
    let elsewhere: SQLite.Database | undefined;
    try {
      const owner = await newPerson(t.app, 'Owner');
      const [alice, bob] = [await newPerson(t.app, 'Alice'), await newPerson(t.app, 'Bob')];
      const ad = await newAuction(t.app, owner, { on_back_price: null });
      const changeOf = (bidder: Person, amount: number) =>
        t.app.auctions.placeBid({ ad: { id: ad.id }, userId: bidder.id, amount, idempotencyKey: randomUUID(), receivedAt: t.app.now() }).then(({ result }) => result);
      const placeBid = (bidder: Person, amount: number) => changeOf(bidder, amount).then((change) => change.auction);
      const settings = t.app.config.database;
      if (settings.dialect !== 'sqlite') throw new Error('SQLite only');
      elsewhere = new SQLite(settings.file, { timeout: 5_000 });

      await placeBid(alice, 15_000);
      const second = await placeBid(bob, 16_000);
      expect(second).toMatchObject({ bidCount: 2, highestBid: { amount: 16_000, bidder: { id: bob.id } }, minimumBid: 16_100 });

      // Changed on the same connection, by anything but the engine's run.
      await t.app.db.updateTable('ads').set({ opening_amount: 50_000 }).where('id', '=', ad.id).execute();
      await expect(placeBid(alice, 17_000)).rejects.toMatchObject({ code: 'BID_NOT_ABOVE_OPENING_AMOUNT' });
      expect(await placeBid(alice, 51_000)).toMatchObject({ bidCount: 3, openingAmount: 50_000 });

      // Changed by another connection to the file.
      elsewhere.prepare('UPDATE ads SET opening_amount = 90000 WHERE id = ?').run(ad.id);
      await expect(placeBid(bob, 60_000)).rejects.toMatchObject({ code: 'BID_NOT_ABOVE_OPENING_AMOUNT' });
      expect(await placeBid(bob, 91_000)).toMatchObject({ bidCount: 4, openingAmount: 90_000, highestBid: { amount: 91_000 } });
      expect(await placeBid(alice, 92_000)).toMatchObject({ bidCount: 5, highestBid: { amount: 92_000, bidder: { id: alice.id } } });

      // Two bids decided in one run: the next runs go on from where the later one left the auction, and each bidder.
      await Promise.all([placeBid(bob, 93_000), placeBid(alice, 94_000)]);
      await expect(placeBid(bob, 93_500)).rejects.toMatchObject({ code: 'BID_NOT_ABOVE_HIGHEST_BID' });
      const [aliceBid, bobBid] = [await changeOf(alice, 95_000), await changeOf(bob, 96_000)];
      expect(aliceBid.bidders).toEqual([{ id: alice.id, name: expect.any(String), highestAmount: 95_000, bidCount: 5 }]);
      expect(bobBid.bidders).toEqual([{ id: bob.id, name: expect.any(String), highestAmount: 96_000, bidCount: 4 }]);
      expect([await storedStanding(t, ad, alice), await storedStanding(t, ad, bob)]).toEqual([
        { highest_amount: 95_000, bid_count: 5 },
        { highest_amount: 96_000, bid_count: 4 },
      ]);
    } finally {
      elsewhere?.close();
      await t.close();
    }
  });

  it('a run that decided its bids and then failed to write them leaves the auction as the last run left it', async () => {
    const t = await buildTestApp();
    try {
      const owner = await newPerson(t.app, 'Owner');
      const alice = await newPerson(t.app, 'Alice');
      const ad = await newAuction(t.app, owner, { on_back_price: null });
      const placeBid = (amount: number) => t.app.auctions.placeBid({ ad: { id: ad.id }, userId: alice.id, amount, idempotencyKey: randomUUID(), receivedAt: t.app.now() }).then(({ result }) => result);
      // A write refused by the database itself, after the bid was decided.
      await sql`create trigger refuse_offer before insert on offers when new.amount = 17000 begin select raise(abort, 'offer refused'); end`.execute(t.app.db);
      await placeBid(15_000);
      await expect(placeBid(17_000)).rejects.toThrow('offer refused');
      const after = await placeBid(18_000);
      // The failed run's decision (Alice's second bid counted) is not in it.
      expect(after.bidders).toEqual([{ id: alice.id, name: expect.any(String), highestAmount: 18_000, bidCount: 2 }]);
      expect(after.auction).toMatchObject({ bidCount: 2, seq: after.fromSeq + 1 });
      expect(await storedStanding(t, ad, alice)).toEqual({ highest_amount: 18_000, bid_count: 2 });
    } finally {
      await t.close();
    }
  });
});
