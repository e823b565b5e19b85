import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { DAY_MS } from '../../domain/timing';
import { newAuction, newPerson, type Person } from '../server/helpers/auction-fixtures';
import { buildTestApp, createPostgresDatabase } from '../server/helpers/test-app';
import { describeMachine, percentile } from './figures';

/**
 * The bid engine alone (issue 5): how long one bid takes from `placeBid` to its answer, as the
 * database grows: SQLite always, PostgreSQL too when BENCH_DATABASE_URL names a cluster (a database is
 * created in it and dropped afterwards). No sockets and no crowd: in the auction benchmark a change of
 * a tenth in the engine's own time moves the watcher ratios less than they move from one run to the
 * next, and the database there holds a few thousand bids when the paced bids are measured. Here the
 * bids come one at a time with a pause between them, as the auction benchmark's paced bids do, on one
 * auction, at each size of the database. Figures depend on the machine: printed, never asserted.
 */
/** Bids the database holds, about, when each size is measured. */
const STORED_BIDS = [0, 25_000, 50_000, 100_000] as const;
/** Bids measured at each size. */
const MEASURED_BIDS = 2_000;
/** Between measured bids: about the auction benchmark's pace, where each bid finds the event loop idle. */
const PAUSE_MS = 2;
/** Bids placed together while the database grows: the engine commits each such run in one transaction. */
const GROWTH_RUN = 100;
/** Unmeasured bids before each size is measured, so that the engine's code is compiled as in a running server. */
const WARM_UP_BIDS = 2_000;
/** SAR bids are whole riyals: each bid is one riyal above the last. */
const AMOUNT_STEP = 100;

/** Prints one line of figures for each size of the database named by `env` (SQLite when empty). */
async function measure(database: string, env: Record<string, string>): Promise<void> {
  const testApp = await buildTestApp({ env });
  const { app } = testApp;
  try {
    const owner = await newPerson(app, 'Owner');
    const bidders: Person[] = [];
    for (let index = 0; index < 4; index++) bidders.push(await newPerson(app, `Bidder${index + 1}`));
    const ad = await newAuction(app, owner, { on_back_price: null, ends_at: app.now() + 30 * DAY_MS, auction_duration_ms: 30 * DAY_MS });
    let amount = 10_000;
    let placed = 0;
    const placeBid = () => {
      amount += AMOUNT_STEP;
      placed += 1;
      const bidder = bidders[placed % bidders.length]!;
      return app.auctions.placeBid({ ad: { id: ad.id }, userId: bidder.id, amount, idempotencyKey: randomUUID(), receivedAt: app.now() });
    };
    for (const stored of STORED_BIDS) {
      while (placed < stored) await Promise.all(Array.from({ length: Math.min(GROWTH_RUN, stored - placed) }, placeBid));
      for (let index = 0; index < WARM_UP_BIDS; index++) await placeBid();
      const storedBefore = placed;
      const times: number[] = [];
      for (let index = 0; index < MEASURED_BIDS; index++) {
        await sleep(PAUSE_MS);
        const startedAt = performance.now();
        await placeBid();
        times.push((performance.now() - startedAt) * 1000);
      }
      const mean = times.reduce((total, time) => total + time, 0) / times.length;
      const cells = [percentile(times, 0.5), percentile(times, 0.9), percentile(times, 0.99), mean].map((time) => time.toFixed(0).padStart(8));
      console.log(`| ${database.padEnd(10)} | ${storedBefore.toLocaleString('en').padStart(18)} | ${cells.join(' | ')} |`);
    }
  } finally {
    await testApp.close();
  }
}

async function main(): Promise<void> {
  console.log('Bid engine benchmark: one public auction, bids placed through the engine (no socket), one at a time with a pause between them.');
  console.log(`${describeMachine()}. At each size of the database, ${WARM_UP_BIDS} bids unmeasured, then ${MEASURED_BIDS} measured, ${PAUSE_MS} ms apart.\n`);
  console.log('| database   | bids stored before | p50 (µs) | p90 (µs) | p99 (µs) | mean (µs) |');
  console.log('|------------|-------------------:|---------:|---------:|---------:|----------:|');
  await measure('SQLite', {});
  const postgresUrl = process.env.BENCH_DATABASE_URL;
  if (!postgresUrl) {
    console.log('\nPostgreSQL: not run (optional). Set BENCH_DATABASE_URL=postgres://user@host:port/postgres to include it.');
    return;
  }
  const database = await createPostgresDatabase(postgresUrl, 'bench');
  try {
    await measure('PostgreSQL', { DATABASE_URL: database.url });
  } finally {
    await database.drop();
  }
}

await main();
