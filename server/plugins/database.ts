import { type Kysely, sql } from 'kysely';
import fp from 'fastify-plugin';
import { createDatabase } from '../db/database';
import { dialectOf, type DialectName } from '../db/dialect';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import { startWalCheckpointer } from '../db/wal-checkpointer';
import { seedOnFirstRun } from '../db/seed/seed';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dialect: DialectName;
  }
}

/** SQLite's own: a commit that leaves the log this many pages long copies it back itself. */
const SQLITE_DEFAULT_AUTOCHECKPOINT_PAGES = 1_000;
/**
 * With the checkpointer: its checkpoints run beside the commits, so under a storm with no quiet moment
 * none of them ends with the whole log copied, and the log never starts over (8 s at 12,000 bids a
 * second left a 1 GB log). Past this many pages (64 MB) a commit checkpoints itself between the
 * storm's transactions, which does end with the whole log copied, most of it by the checkpointer already.
 */
const MOST_LOG_PAGES_LEFT_TO_THE_CHECKPOINTER = 16_384;
/**
 * The longest the log's file stays when the log starts over; a longer one is cut back to this. Twice
 * what a storm leaves (MOST_LOG_PAGES_LEFT_TO_THE_CHECKPOINTER and the last run's pages), so that only
 * a log a long read held back is cut: the cut is a truncation done by the first commit after the log
 * starts over, on the event loop. Under steady bids the log seldom starts over (a commit lands in most
 * of the checkpointer's rounds), so it grew past the 16 MB it was cut back to before, and the first
 * commit of each new start took 12 to 16 ms on this machine's disk, every few seconds.
 */
const LONGEST_LOG_KEPT_BYTES = 128 * 1024 * 1024;

/** Opens the database, brings its schema up to date and seeds it on its first run. */
export default fp(
  async (app) => {
    // The pool replaces a broken idle connection on its own; it is worth a line in the log, not a crash.
    const db = createDatabase(app.config.database, (error) => app.log.warn({ err: error }, 'an idle database connection was lost'));
    const settings = app.config.database;
    let stopCheckpointer = async () => {};
    if (settings.dialect === 'sqlite') {
      await sql`PRAGMA wal_autocheckpoint = ${sql.lit(MOST_LOG_PAGES_LEFT_TO_THE_CHECKPOINTER)}`.execute(db);
      await sql`PRAGMA journal_size_limit = ${sql.lit(LONGEST_LOG_KEPT_BYTES)}`.execute(db);
      ({ stop: stopCheckpointer } = startWalCheckpointer(settings.file, {
        onError: (error) => app.log.error({ err: error }, 'a write-ahead log checkpoint failed'),
        onGone: () => {
          app.log.error('the write-ahead log checkpointer stopped: commits checkpoint the log again');
          void sql`PRAGMA wal_autocheckpoint = ${sql.lit(SQLITE_DEFAULT_AUTOCHECKPOINT_PAGES)}`.execute(db);
        },
      }));
    }
    app.addHook('onClose', async () => {
      await stopCheckpointer();
      // Last: the last connection to close folds the log into the database file and removes it.
      await db.destroy();
    });
    const applied = await migrateToLatest(db);
    if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
    if (await seedOnFirstRun(db, { demo: app.config.seedDemoData, now: app.now() })) app.log.info('seed data inserted');
    app.decorate('db', db);
    app.decorate('dialect', dialectOf(db));
  },
  { name: 'database', dependencies: ['config', 'clock'] },
);
