import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuctionChange } from '../../domain/auction';
import { CHANGE_BID_LIMIT } from '../../domain/limits';
import { CSRF_COOKIE, CSRF_HEADER } from '../../domain/auth';
import { adRoom, SOCKET_EVENTS } from '../../domain/realtime-events';
import { FINAL_WINDOW_MS, HOUR_MS } from '../../domain/timing';
import enErrors from '../../locales/en/errors.json';
import { loadConfig } from '../../server/config';
import { createDatabase } from '../../server/db/database';
import type { Database } from '../../server/db/schema';
import { bid, fixturesOver, newAuction, newPerson, type Person } from './helpers/auction-fixtures';
import { buildTestApp, createPostgresDatabase, type TestApp, testDialect } from './helpers/test-app';
import { type ServerProcess, startServerProcess } from '../server-process';
import { AuctionWatcher, bidsCarried, closeOpenSockets, comparable, connectAs, coveredSeqs, eventually, placeBidAt, placedAt, resultOf, snapshotFrom } from './helpers/auction-watcher';

afterEach(closeOpenSockets);

describe(`auctions heard live over socket.io on ${testDialect}`, () => {
  let t: TestApp;
  let origin: string;
  /** A second connection to the app's database: it sees only what has been committed. */
  let committed: Kysely<Database>;
  let owner: Person;
  let alice: Person;
  let bob: Person;

  beforeAll(async () => {
    // The real clock: deadlines here fire from the scheduler's timers, as in production.
    t = await buildTestApp();
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    committed = createDatabase(t.app.config.database);
    owner = await newPerson(t.app, 'Owner');
    alice = await newPerson(t.app, 'Alice');
    bob = await newPerson(t.app, 'Bob', { locale: 'ar' });
  });
  afterAll(async () => {
    await committed?.destroy();
    await t?.close();
  });

  it('a watcher hears every committed bid in gapless seq; a bid is answered after its commit', async () => {
    const ad = await newAuction(t.app, owner);
    const watcher = new AuctionWatcher(origin, ad);
    const startSeq = (await eventually('the first snapshot', () => watcher.view)).auction.seq;

    const first = await bid(alice, ad, 15_000);
    expect(first.statusCode, first.body).toBe(201);

    const placed = await placedAt(origin, bob.cookie, ad, 16_000);
    // Read as soon as the answer is in, from a connection that cannot see an uncommitted write.
    const stored = await committed.selectFrom('offers').select(['id', 'amount', 'seq']).where('ad_id', '=', ad.id).orderBy('seq').execute();
    expect(placed.bids).toMatchObject([{ amount: 16_000, seq: startSeq + 2, bidder: { id: bob.id } }]);
    expect(placed).toMatchObject({ fromSeq: startSeq + 1, bidders: [{ id: bob.id, highestAmount: 16_000, bidCount: 1 }] });
    expect(placed.auction).toMatchObject({ seq: startSeq + 2, highestBid: placed.bids[0], bidCount: 2 });
    expect(stored.at(-1)).toEqual({ id: placed.bids[0]!.id, amount: 16_000, seq: startSeq + 2 });

    // Refusals commit and announce nothing: the next accepted bid's seq follows straight on.
    expect((await placeBidAt(origin, bob.cookie, ad, 16_000)).status).toBe(409);
    const last = await placedAt(origin, alice.cookie, ad, 17_000);
    expect(last).toMatchObject({ fromSeq: startSeq + 2, auction: { seq: startSeq + 3 }, bidders: [{ id: alice.id, highestAmount: 17_000, bidCount: 2 }] });
    await eventually('the third change', () => coveredSeqs(watcher.heard).length >= 3);
    expect(coveredSeqs(watcher.heard)).toEqual([startSeq + 1, startSeq + 2, startSeq + 3]);
    expect(bidsCarried(watcher.heard).map((one) => one.amount)).toEqual([15_000, 16_000, 17_000]);
    // Placed one after another, each bid went out alone, as its bidder's answer said it.
    expect(watcher.heard).toContainEqual(placed);
    expect(watcher.snapshotsTaken).toBe(1);
    expect(comparable(watcher.view!)).toEqual(comparable(await snapshotFrom(origin, ad)));
  });

  it('fifty bids waiting together go out in runs: each change starts where the last ended, carries its latest bids and its bidders’ standings, and a watcher applying them ends where the server is', async () => {
    const ad = await newAuction(t.app, owner, { on_back_price: null });
    const bidders = await Promise.all(Array.from({ length: 50 }, (_, index) => newPerson(t.app, `Bidder${index}`)));
    const watcher = new AuctionWatcher(origin, ad);
    const startSeq = (await eventually('the first snapshot', () => watcher.view)).auction.seq;

    // The bids wait behind a command holding the ad, as they would behind a run being committed. Sent
    // at once they would reach the engine in the order their sessions were read, which on PostgreSQL's
    // pool is any order; so each is sent once the last has reached it, and they wait in amount order.
    // A second command after the twentieth splits them into two runs.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = t.app.auctions.inTurn({ id: ad.id }, () => gate);
    const reachedEngine = vi.spyOn(t.app.auctions, 'placeBid');
    const RUN_SPLIT_AT = 20;
    let split: Promise<void> | undefined;
    const sent: Array<ReturnType<typeof bid>> = [];
    for (const [index, bidder] of bidders.entries()) {
      if (index === RUN_SPLIT_AT) split = t.app.auctions.inTurn({ id: ad.id }, async () => {});
      sent.push(bid(bidder, ad, 10_000 + (index + 1) * 100));
      await vi.waitFor(() => expect(reachedEngine).toHaveBeenCalledTimes(index + 1), { interval: 1 });
    }
    reachedEngine.mockRestore();
    release();
    await Promise.all([held, split]);

    const responses = await Promise.all(sent);
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    const answers = responses.map((response) => response.json() as AuctionChange);
    const stored = await committed.selectFrom('offers').select(['id', 'seq', 'amount', 'user_id']).where('ad_id', '=', ad.id).orderBy('seq').execute();
    expect(stored.map((row) => row.id)).toEqual(answers.map((answer) => answer.bids[0]!.id));
    // A bid decided in a run is still answered with its own change: its seq alone, its bidder's standing.
    for (const answer of answers) {
      const [placed] = answer.bids;
      expect(answer.bids).toHaveLength(1);
      expect(answer).toMatchObject({ fromSeq: placed!.seq - 1, auction: { seq: placed!.seq, highestBid: placed }, bidders: [{ id: placed!.bidder.id, highestAmount: placed!.amount, bidCount: 1 }] });
    }

    const lastSeq = stored.at(-1)!.seq;
    await eventually('the last change', () => watcher.view?.auction.seq === lastSeq);
    const heard = watcher.heard.filter((change) => change.auction.seq > startSeq);
    // Gapless and without overlap: together the changes cover every stored bid's seq once, in order.
    expect(coveredSeqs(heard)).toEqual(stored.map((row) => row.seq));
    for (const change of heard) {
      const covered = stored.filter((row) => row.seq! > change.fromSeq && row.seq! <= change.auction.seq);
      expect(change.bids.map((one) => one.id)).toEqual(covered.slice(-CHANGE_BID_LIMIT).reverse().map((row) => row.id));
      expect(change.auction).toMatchObject({ bidCount: change.auction.seq - startSeq, highestBid: change.bids[0] });
      // Every bidder of the run, those of bids left out too, at where the run left them.
      expect(new Map(change.bidders.map((one) => [one.id, [one.highestAmount, one.bidCount]]))).toEqual(new Map(covered.map((row) => [row.user_id, [row.amount, 1]])));
    }
    // The bids that waited together were decided, committed and broadcast together: the group commit, as a watcher sees it.
    expect(heard.map((change) => change.auction.seq - change.fromSeq)).toEqual([RUN_SPLIT_AT, bidders.length - RUN_SPLIT_AT]);

    // The runs alone kept the watcher whole: no gap, no second snapshot.
    expect(watcher.snapshotsTaken).toBe(1);
    const server = await snapshotFrom(origin, ad);
    const view = watcher.view!;
    expect(comparable({ ...view, bids: [] })).toEqual(comparable({ ...server, bids: [] }));
    expect(view.bidders).toHaveLength(stored.length);
    // Each run left bids out, and starts the watcher's list again from its own: the list is then the newest part of the server's.
    expect(view.bids.length).toBeGreaterThanOrEqual(CHANGE_BID_LIMIT);
    expect(view.bids).toEqual(server.bids.slice(0, view.bids.length));
  });

  it('a bidder watching a small room hears the change with the room, then its own bid answered', async () => {
    const ad = await newAuction(t.app, owner);
    const socket = connectAs(origin, alice.cookie);
    resultOf(await socket.emitWithAck(SOCKET_EVENTS.AD_WATCH, ad.id));
    const heard: string[] = [];
    socket.on(SOCKET_EVENTS.AUCTION_CHANGED, () => heard.push('change'));
    const answer = await placeBidAt(origin, alice.cookie, ad, 15_000);
    expect(answer.status).toBe(201);
    heard.push('answer');
    await eventually('the answer and the change', () => heard.length === 2);
    expect(heard).toEqual(['change', 'answer']);
  });

  it('only a published auction can be watched; its watchers hear at once when the owner deletes the ad', async () => {
    const visitor = connectAs(origin, 'locale=en');
    expect(await visitor.emitWithAck(SOCKET_EVENTS.AD_WATCH, randomUUID())).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: enErrors.NOT_FOUND } });
    const sale = await newAuction(t.app, owner, { type: 'SALE', price: 50_000, opening_amount: null, on_back_price: null, ends_at: null, auction_duration_ms: null });
    expect(await visitor.emitWithAck(SOCKET_EVENTS.AD_WATCH, sale.id)).toMatchObject({ ok: false, error: { code: 'NOT_AN_AUCTION' } });

    const ad = await newAuction(t.app, owner);
    expect(await visitor.emitWithAck(SOCKET_EVENTS.AD_WATCH, ad.id)).toEqual({ ok: true, result: null });
    const removals: Array<{ adId: string }> = [];
    visitor.on(SOCKET_EVENTS.AD_REMOVED, (removal) => removals.push(removal));
    const deleted = await owner.browser.delete(`/api/ads/${ad.slug}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await eventually('the removal', () => removals[0])).toEqual({ adId: ad.id });
    // A page joining now is told the auction is gone, rather than being let into an empty room.
    expect(await visitor.emitWithAck(SOCKET_EVENTS.AD_WATCH, ad.id)).toMatchObject({ ok: false, error: { code: 'PRODUCT_UNAVAILABLE' } });
  });

  it('the watchers of an ended auction hear at once when its owner deletes their account with it', async () => {
    const seller = await newPerson(t.app, 'Leaving');
    const now = Date.now();
    const ended = await newAuction(t.app, seller, { starts_at: now - 2 * HOUR_MS, ends_at: now - HOUR_MS, published_at: now - 2 * HOUR_MS });
    const visitor = connectAs(origin, 'locale=en');
    expect(await visitor.emitWithAck(SOCKET_EVENTS.AD_WATCH, ended.id)).toEqual({ ok: true, result: null });
    const removals: Array<{ adId: string }> = [];
    visitor.on(SOCKET_EVENTS.AD_REMOVED, (removal) => removals.push(removal));
    const deleted = await seller.browser.delete('/api/me');
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await eventually('the removal', () => removals[0])).toEqual({ adId: ended.id });
  });

  it('announces the close when the end passes, by the server’s clock alone', async () => {
    // Room for the set-up below on a loaded machine: it must all happen before the end.
    const endsAt = Date.now() + 5_000;
    const ad = await newAuction(t.app, owner, { ends_at: endsAt });
    const unbid = await newAuction(t.app, owner, { ends_at: endsAt });
    expect((await bid(alice, ad, 15_000)).statusCode).toBe(201);
    const watcher = new AuctionWatcher(origin, ad);
    const unbidWatcher = new AuctionWatcher(origin, unbid);
    const before = await eventually('the first snapshot', () => watcher.view);
    const unbidBefore = await eventually('the first snapshot', () => unbidWatcher.view);
    expect([before.auction.phase, unbidBefore.auction.phase]).toEqual(['active', 'active']);
    expect(Date.now()).toBeLessThan(endsAt);

    const close = await eventually('the final window', () => watcher.heard.find((change) => change.auction.phase === 'finalWindow'), endsAt - Date.now() + 3_000);
    expect(Date.now()).toBeGreaterThanOrEqual(endsAt);
    expect(close).toMatchObject({ fromSeq: before.auction.seq, bids: [], bidders: [], auction: { seq: before.auction.seq + 1, endsAt, finalWindowEndsAt: endsAt + FINAL_WINDOW_MS } });
    expect(close.auction.serverTime).toBeGreaterThanOrEqual(endsAt);
    expect(watcher.view!.auction.phase).toBe('finalWindow');
    // Without a bid there is no winner to finalise: the auction simply ends.
    const unbidClose = await eventually('the end without bids', () => unbidWatcher.heard.find((change) => change.auction.phase === 'endedWithoutBids'));
    expect(unbidClose.auction.seq).toBe(unbidBefore.auction.seq + 1);
  });

  it('a watcher that missed a broadcast sees the seq gap and takes the snapshot again', async () => {
    const ad = await newAuction(t.app, owner);
    const watcher = new AuctionWatcher(origin, ad);
    const witness = new AuctionWatcher(origin, ad);
    const startSeq = (await eventually('the first snapshots', () => witness.view && watcher.view)).auction.seq;

    t.app.io.in(watcher.socket.id!).socketsLeave(adRoom(ad.id));
    expect((await bid(alice, ad, 15_000)).statusCode).toBe(201);
    // The broadcast follows the answer: once another watcher has it, it has passed this one by.
    await eventually('the bid, heard by the other watcher', () => witness.view?.auction.seq === startSeq + 1);
    t.app.io.in(watcher.socket.id!).socketsJoin(adRoom(ad.id));
    expect((await bid(bob, ad, 16_000)).statusCode).toBe(201);

    await eventually('the snapshot after the gap', () => watcher.view?.auction.seq === startSeq + 2);
    expect(coveredSeqs(watcher.heard)).toEqual([startSeq + 2]);
    expect(watcher.snapshotsTaken).toBe(2);
    expect(comparable(watcher.view!)).toEqual(comparable(await snapshotFrom(origin, ad)));
  });

  it('a watcher whose connection drops across a bid and the close catches up on reconnecting: its state equals the server’s', async () => {
    const endsAt = Date.now() + 8_000;
    const ad = await newAuction(t.app, owner, { ends_at: endsAt });
    const watcher = new AuctionWatcher(origin, ad);
    const stayed = new AuctionWatcher(origin, ad);
    const startSeq = (await eventually('the first snapshots', () => stayed.view && watcher.view)).auction.seq;
    expect((await bid(alice, ad, 15_000)).statusCode).toBe(201);
    await eventually('the bid, heard live', () => watcher.view?.auction.seq === startSeq + 1);

    // The server loses the connection (a network change); the client comes back only after the
    // auction's close, so that it misses a bid and the close, however late the close is announced.
    watcher.socket.io.reconnection(false);
    const firstConnection = watcher.socket.id;
    t.app.io.sockets.sockets.get(firstConnection!)!.conn.close();
    await eventually('the drop', () => !watcher.socket.connected);

    expect((await bid(bob, ad, 16_000)).statusCode).toBe(201);
    expect((await bid(alice, ad, 17_000)).statusCode).toBe(201);
    const close = await eventually('the close', () => stayed.heard.find((change) => change.auction.phase === 'finalWindow'), endsAt - Date.now() + 3_000);
    expect(watcher.socket.connected).toBe(false);
    watcher.socket.connect();

    await eventually('the reconnection and its snapshot', () => watcher.socket.connected && watcher.view?.auction.seq === close.auction.seq);
    expect(watcher.socket.id).not.toBe(firstConnection);
    const server = await snapshotFrom(origin, ad);
    expect(server.auction).toMatchObject({ phase: 'finalWindow', seq: startSeq + 4 });
    expect(server.bids.map((one) => one.amount)).toEqual([17_000, 16_000, 15_000]);
    expect(comparable(watcher.view!)).toEqual(comparable(server));
    // What it missed came from the snapshot taken on reconnecting: it heard only the first bid.
    expect(coveredSeqs(watcher.heard)).toEqual([startSeq + 1]);
    expect(watcher.snapshotsTaken).toBe(2);
    expect(comparable(stayed.view!)).toEqual(comparable(server));
  });
});

const children = new Set<ChildProcess>();

/** The marketplace as `npm start` runs it, in its own process, which the test can kill outright. */
async function startServer(settings: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess(settings, 30_000);
  children.add(server.child);
  void server.exited.then(() => children.delete(server.child));
  return server;
}

describe(`a server killed during a storm of bids, on ${testDialect}`, () => {
  let dataDir: string;
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let db: Kysely<Database> | undefined;

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-crash-'));
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await Promise.all([...children].map((child) => new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)))));
    await db?.destroy();
    await postgres?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('after SIGKILL and a restart no acknowledged bid is lost, seq stays gapless, and the auction’s deadline still fires', async () => {
    postgres = testDialect === 'postgres' ? await createPostgresDatabase() : undefined;
    const settings = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'false',
      SEED_DEMO_MEDIA: 'false',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      CLIENT_DIST_DIR: path.join(dataDir, 'no-build'),
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    };
    const startingAt = Date.now();
    const first = await startServer(settings);
    const startUpMs = Date.now() - startingAt;

    // The people and the auction are written straight into the server's database (SQLite's WAL
    // takes a second connection). That server armed nothing for this auction at its start-up, and
    // bids move no deadline: only the restarted server's start-up can arm the end.
    db = createDatabase(loadConfig(settings).database);
    const fixtures = fixturesOver(db);
    const owner = await newPerson(fixtures, 'Owner');
    const bidders = await Promise.all(Array.from({ length: 20 }, (_, index) => newPerson(fixtures, `Bidder${index}`)));
    // Room for the storm and for a restart as slow as the first start-up, with a watcher joined before the end.
    const endsAt = Date.now() + 5_000 + 3 * startUpMs;
    const ad = await newAuction(fixtures, owner, { ends_at: endsAt, on_back_price: null });
    const { seq: startSeq } = await db.selectFrom('ads').select('seq').where('id', '=', ad.id).executeTakeFirstOrThrow();

    const KILL_AFTER_ACKNOWLEDGED = 30;
    const csrf = randomUUID();
    let amountsIssued = 0;
    let killed = false;
    let awaitingAnswer = 0;
    let awaitingAnswerAtKill = 0;
    const acknowledged: AuctionChange[] = [];
    const refusals: string[] = [];
    const failuresBeforeKill: unknown[] = [];
    const kill = () => {
      killed = true;
      awaitingAnswerAtKill = awaitingAnswer;
      first.child.kill('SIGKILL');
    };
    // Each bidder bids again as soon as answered, every bid above all amounts sent before it.
    const bidUntilKilled = async (bidder: Person) => {
      while (!killed) {
        const amount = 10_000 + ++amountsIssued * 100;
        try {
          awaitingAnswer += 1;
          const response = await fetch(`${first.origin}/api/ads/${ad.slug}/bids`, {
            method: 'POST',
            headers: { cookie: `${bidder.cookie}; ${CSRF_COOKIE}=${csrf}`, [CSRF_HEADER]: csrf, 'content-type': 'application/json' },
            body: JSON.stringify({ amount, idempotencyKey: randomUUID() }),
          }).finally(() => (awaitingAnswer -= 1));
          const body = (await response.json()) as AuctionChange & { error: { code: string } };
          if (response.status !== 201) {
            refusals.push(body.error.code);
            continue;
          }
          acknowledged.push(body);
          if (acknowledged.length === KILL_AFTER_ACKNOWLEDGED) kill();
        } catch (error) {
          if (!killed) failuresBeforeKill.push(error);
          return;
        }
      }
    };
    await Promise.all(bidders.map(bidUntilKilled));
    await first.exited;

    expect(failuresBeforeKill).toEqual([]);
    expect(awaitingAnswerAtKill).toBeGreaterThan(0);
    expect(new Set(refusals)).toEqual(new Set(refusals.length > 0 ? ['BID_NOT_ABOVE_HIGHEST_BID'] : []));
    const stored = await db.selectFrom('offers').select(['id', 'amount', 'seq']).where('ad_id', '=', ad.id).orderBy('seq').execute();
    for (const { fromSeq, bids: [ack] } of acknowledged) {
      expect(stored).toContainEqual({ id: ack!.id, amount: ack!.amount, seq: ack!.seq });
      expect(fromSeq).toBe(ack!.seq - 1);
    }
    expect(stored.map((row) => row.seq)).toEqual(stored.map((_, index) => startSeq + index + 1));
    for (let index = 1; index < stored.length; index++) expect(stored[index]!.amount).toBeGreaterThan(stored[index - 1]!.amount);
    const top = stored.at(-1)!;
    expect(await db.selectFrom('ads').select(['seq', 'highest_offer_id', 'bid_count']).where('id', '=', ad.id).executeTakeFirstOrThrow()).toEqual({
      seq: top.seq,
      highest_offer_id: top.id,
      bid_count: stored.length,
    });

    const restarted = await startServer(settings);
    const watcher = new AuctionWatcher(restarted.origin, ad);
    const before = await eventually('the snapshot from the restarted server', () => watcher.view);
    expect(before.auction).toMatchObject({ phase: 'active', seq: top.seq, highestBid: { id: top.id, amount: top.amount }, bidCount: stored.length });
    // Joined before the end, so it hears the deadline the restarted server armed at its start-up.
    expect(Date.now()).toBeLessThan(endsAt);
    const close = await eventually('the final window', () => watcher.heard.find((change) => change.auction.phase === 'finalWindow'), endsAt - Date.now() + 3_000);
    expect(close.auction).toMatchObject({ seq: startSeq + stored.length + 1, highestBid: { id: top.id } });
    expect(comparable(watcher.view!)).toEqual(comparable(await snapshotFrom(restarted.origin, ad)));
  }, 90_000);
});
