import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../domain/timing';
import type { Database } from '../../server/db/schema';
import * as auctionDeadlinesMigration from '../../server/db/migrations/0009-auction-deadlines';
import { DEADLINE_READ_INTERVAL_MS, deadlinesDueBy } from '../../server/jobs/auction-deadlines';
import { type AuctionAd, fixturesOver, newAuction, newPerson, type Person } from './helpers/auction-fixtures';
import { eventually } from './helpers/auction-watcher';
import { buildTestApp, createPostgresDatabase, type TestApp, testDialect } from './helpers/test-app';

const RUNNING_AUCTIONS = 50_000;

/** The stored state of an ad the scheduler writes. */
const storedOf = (db: Kysely<Database>, ad: AuctionAd) => db.selectFrom('ads').select(['seq', 'announced_phase', 'next_deadline_at']).where('id', '=', ad.id).executeTakeFirstOrThrow();

/**
 * The nodes of this file share one database across their restarts, with a clock of their own:
 * SQLite's file in a directory kept here, or a PostgreSQL database of the test run's cluster.
 */
async function sharedDatabase(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  // No demo ads: the deadlines in the database are the test's alone.
  const env = { SEED_DEMO_DATA: 'false' };
  if (testDialect === 'postgres') {
    const database = await createPostgresDatabase();
    return { env: { ...env, DATABASE_URL: database.url }, drop: database.drop };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-deadlines-'));
  return { env: { ...env, DATA_DIR: dataDir }, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

/** `count` copies of the running auction `template`, ending ten seconds apart after it, in one statement. */
async function copyAuction(db: Kysely<Database>, template: AuctionAd, count: number): Promise<void> {
  await sql`
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${sql.lit(count)})
    INSERT INTO ads (id, slug, owner_id, type, status, title, description, category_id, subcategory_id, condition, currency, opening_amount,
      on_back_price, allow_decimal_bids, negotiable, returnable, country_code, starts_at, ends_at, auction_duration_ms,
      offers_visible_to_subscribers, created_at, updated_at, published_at, announced_phase, next_deadline_at)
    SELECT ads.id || '-' || i, ads.slug || '-' || i, owner_id, type, status, title, description, category_id, subcategory_id, condition, currency, opening_amount,
      on_back_price, allow_decimal_bids, negotiable, returnable, country_code, starts_at, ends_at + i * 10000, auction_duration_ms,
      offers_visible_to_subscribers, created_at, updated_at, published_at, announced_phase, next_deadline_at + i * 10000
    FROM ads CROSS JOIN n WHERE ads.id = ${template.id}`.execute(db);
}

describe(`a node starting over ${RUNNING_AUCTIONS.toLocaleString('en')} running auctions, on ${testDialect}`, () => {
  const clock = { now: Date.UTC(2026, 10, 21, 18, 0, 0) };
  let database: Awaited<ReturnType<typeof sharedDatabase>>;
  let node: TestApp | undefined;
  const overdue: AuctionAd[] = [];
  const dueSoon: AuctionAd[] = [];
  /** The ads whose stored deadline the node read one by one, in order. */
  const readOneByOne: string[] = [];
  let openTheGate: () => void = () => {};

  beforeAll(async () => {
    database = await sharedDatabase();
    const first = await buildTestApp({ env: database.env, now: () => clock.now });
    try {
      const fixtures = fixturesOver(first.app.db);
      const owner = await newPerson(first.app, 'Owner');
      // As the scheduler leaves running auctions: their start announced, each waiting for its end.
      const running = (endsAt: number) => newAuction(fixtures, owner, { starts_at: clock.now - HOUR_MS, ends_at: endsAt, announced_phase: 'active', next_deadline_at: endsAt });
      const template = await running(clock.now + DAY_MS);
      await copyAuction(first.app.db, template, RUNNING_AUCTIONS - 1);
      // Ended while no node ran, and ending within the next read's window.
      for (let index = 0; index < 3; index++) overdue.push(await running(clock.now - MINUTE_MS + index));
      for (let index = 0; index < 5; index++) dueSoon.push(await running(clock.now + DEADLINE_READ_INTERVAL_MS + index * 1_000));
      // As PostgreSQL's autovacuum would after a bulk load; SQLite gathers statistics only when asked.
      await sql`ANALYZE`.execute(first.app.db);
    } finally {
      await first.close();
    }
  }, 120_000);
  afterAll(async () => {
    openTheGate();
    await node?.close();
    await database?.drop();
  });

  it('answers requests while it arms: its start waits for no deadline', async () => {
    const gate = new Promise<void>((resolve) => (openTheGate = resolve));
    node = await buildTestApp({
      env: database.env,
      now: () => clock.now,
      awaitDeadlineArming: false,
      // Every ad read one by one, held at the gate: the start-up pass waits there at its first.
      beforeReady: (app) => {
        const announcePhase = app.auctions.announcePhase;
        app.auctions.announcePhase = async (adId) => {
          readOneByOne.push(adId);
          await gate;
          return announcePhase(adId);
        };
      },
    });
    await eventually('the start-up pass at its first deadline', () => readOneByOne.length === 1);
    expect((await node.app.inject('/api/health')).statusCode).toBe(200);
    expect((await node.app.inject(`/api/ads/${dueSoon[0]!.slug}/auction`)).json()).toMatchObject({ auction: { phase: 'active' } });
    expect(readOneByOne).toEqual([overdue[0]!.id]);
    openTheGate();
  });

  it('fires the deadlines that passed while it was down, and reads no running auction one by one', async () => {
    // A pass of its own, after the start-up pass: the deadlines of the next window are read from the index, and armed.
    expect(await node!.app.auctionDeadlines.resync()).toBe(dueSoon.length);
    // Read one by one: only the deadlines due, each once.
    expect(readOneByOne).toEqual(overdue.map((ad) => ad.id));
    for (const ad of overdue) expect(await storedOf(node!.app.db, ad)).toEqual({ seq: 1, announced_phase: 'endedWithoutBids', next_deadline_at: null });
    for (const ad of dueSoon) expect(await storedOf(node!.app.db, ad)).toMatchObject({ seq: 0, announced_phase: 'active' });
  });

  it('each read of the deadlines takes what falls due within its window, from the index: its work grows with them, not with the auctions running', async () => {
    const { db } = node!.app;
    const due = deadlinesDueBy(db, clock.now + 2 * DEADLINE_READ_INTERVAL_MS).compile();
    const explain = testDialect === 'postgres' ? 'EXPLAIN' : 'EXPLAIN QUERY PLAN';
    const plan = await db.executeQuery(CompiledQuery.raw(`${explain} ${due.sql}`, [...due.parameters]));
    expect(JSON.stringify(plan.rows)).toContain('ads_next_deadline_idx');

    // Ten more auctions end soon (bids in their last seconds would not move them; an owner bringing the end closer would).
    const sooner = await db.selectFrom('ads').select('id').where('next_deadline_at', '>', clock.now + DAY_MS).orderBy('next_deadline_at').limit(10).execute();
    await db
      .updateTable('ads')
      .set({ ends_at: clock.now + MINUTE_MS, next_deadline_at: clock.now + MINUTE_MS })
      .where('id', 'in', sooner.map((ad) => ad.id))
      .execute();
    expect(await node!.app.auctionDeadlines.resync()).toBe(dueSoon.length + sooner.length);
    expect(readOneByOne).toHaveLength(overdue.length);

    // Their end comes: fired from the index too, the other 50,000 untouched.
    clock.now += MINUTE_MS;
    expect(await node!.app.auctionDeadlines.resync()).toBe(dueSoon.length + sooner.length);
    expect(readOneByOne).toHaveLength(overdue.length + dueSoon.length + sooner.length);
    const announced = await db.selectFrom('ads').select((eb) => eb.fn.countAll<number>().as('count')).where('announced_phase', '=', 'endedWithoutBids').executeTakeFirstOrThrow();
    expect(Number(announced.count)).toBe(overdue.length + dueSoon.length + sooner.length);
  });
});

describe(`the deadlines of auctions running before they were stored, on ${testDialect}`, () => {
  it('are filled by the migration: a start or an end still ahead, now for one passed, none for an auction time changes no more', async () => {
    const t = await buildTestApp({ env: { SEED_DEMO_DATA: 'false' } });
    try {
      const fixtures = fixturesOver(t.app.db);
      const owner = await newPerson(t.app, 'Owner');
      const now = Date.now();
      const ads = {
        scheduled: await newAuction(fixtures, owner, { starts_at: now + HOUR_MS, ends_at: now + 2 * HOUR_MS, announced_phase: 'scheduled' }),
        active: await newAuction(fixtures, owner, { starts_at: now - HOUR_MS, ends_at: now + HOUR_MS, announced_phase: 'active' }),
        liveRound: await newAuction(fixtures, owner, { type: 'LIVE_AUCTION', starts_at: now - 10 * MINUTE_MS, ends_at: now + HOUR_MS, sub_auction_duration_ms: 30 * MINUTE_MS, announced_phase: 'active' }),
        endedWhileDown: await newAuction(fixtures, owner, { starts_at: now - HOUR_MS, ends_at: now - MINUTE_MS, announced_phase: 'active' }),
        endedByItsOwner: await newAuction(fixtures, owner, { status: 'ENDED', starts_at: now - HOUR_MS, ends_at: now + HOUR_MS, ended_at: now - MINUTE_MS, announced_phase: null }),
        finalised: await newAuction(fixtures, owner, { starts_at: now - HOUR_MS, ends_at: now - MINUTE_MS, announced_phase: 'finalised' }),
        instantSale: await newAuction(fixtures, owner, { type: 'INSTANT_SALE', starts_at: null, ends_at: null, opening_amount: null, price: 10_000 }),
      };
      await auctionDeadlinesMigration.down(t.app.db);
      const migratedFrom = Date.now();
      await auctionDeadlinesMigration.up(t.app.db);
      const migratedBy = Date.now();

      const stored = Object.fromEntries(
        await Promise.all(Object.entries(ads).map(async ([name, ad]) => [name, (await storedOf(t.app.db, ad)).next_deadline_at] as const)),
      ) as Record<keyof typeof ads, number | null>;
      expect(stored).toMatchObject({ scheduled: now + HOUR_MS, active: now + HOUR_MS, liveRound: now + 20 * MINUTE_MS, finalised: null, instantSale: null });
      for (const passed of [stored.endedWhileDown, stored.endedByItsOwner]) {
        expect(passed).toBeGreaterThanOrEqual(migratedFrom);
        expect(passed).toBeLessThanOrEqual(migratedBy);
      }
      // Due: the next read fires them, and stores each auction's exact next deadline.
      await t.app.auctionDeadlines.resync();
      expect(await storedOf(t.app.db, ads.endedWhileDown)).toEqual({ seq: 1, announced_phase: 'endedWithoutBids', next_deadline_at: null });
      expect(await storedOf(t.app.db, ads.endedByItsOwner)).toEqual({ seq: 1, announced_phase: 'endedWithoutBids', next_deadline_at: null });
    } finally {
      await t.close();
    }
  });
});

/** Several nodes on one PostgreSQL each wait for every deadline; the database decides which announces it. */
describe.runIf(testDialect === 'postgres')('two nodes on one PostgreSQL', () => {
  const clock = { now: Date.UTC(2026, 10, 21, 18, 0, 0) };
  let database: Awaited<ReturnType<typeof sharedDatabase>>;
  const nodes: TestApp[] = [];
  let owner: Person;

  beforeAll(async () => {
    database = await sharedDatabase();
    // One after the other: the second finds the schema migrated by the first.
    for (let index = 0; index < 2; index++) nodes.push(await buildTestApp({ env: database.env, now: () => clock.now }));
    owner = await newPerson(nodes[0]!.app, 'Owner');
  });
  afterAll(async () => {
    for (const node of nodes) await node.close();
    await database?.drop();
  });

  it('a deadline both nodes fire at once is announced once: the second finds it fired under the ad’s lock', async () => {
    const endsAt = clock.now + MINUTE_MS;
    const ad = await newAuction(nodes[0]!.app, owner, { ends_at: endsAt });
    expect(await storedOf(nodes[0]!.app.db, ad)).toEqual({ seq: 1, announced_phase: 'active', next_deadline_at: endsAt });
    clock.now = endsAt;

    // The ad held locked while both nodes find its deadline due and wait for the lock.
    const holder = new pg.Client({ connectionString: database.env.DATABASE_URL });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM ads WHERE id = $1 FOR UPDATE', [ad.id]);
      const fired = nodes.map((node) => node.app.auctions.announcePhase(ad.id));
      await eventually('both nodes waiting for the ad’s lock', async () => {
        const { rows } = await sql<{ waiting: string }>`SELECT count(*) AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(nodes[0]!.app.db);
        return Number(rows[0]!.waiting) === 2;
      });
      await holder.query('COMMIT');
      expect(await Promise.all(fired)).toEqual([null, null]);
    } finally {
      await holder.end();
    }
    expect(await storedOf(nodes[0]!.app.db, ad)).toEqual({ seq: 2, announced_phase: 'endedWithoutBids', next_deadline_at: null });
  });

  it('deadlines both nodes read and fire together are each announced once', async () => {
    const endsAt = clock.now + MINUTE_MS;
    const ads = await Promise.all(Array.from({ length: 20 }, () => newAuction(nodes[0]!.app, owner, { ends_at: endsAt })));
    clock.now = endsAt;
    await Promise.all(nodes.map((node) => node.app.auctionDeadlines.resync()));
    for (const ad of ads) expect(await storedOf(nodes[1]!.app.db, ad)).toEqual({ seq: 2, announced_phase: 'endedWithoutBids', next_deadline_at: null });
  });
});
