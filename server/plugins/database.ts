import { type Kysely, sql } from 'kysely';
import fp from 'fastify-plugin';
import { createDatabase } from '../db/database';
import { dialectOf, type DialectName } from '../db/dialect';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import { seedOnFirstRun } from '../db/seed/seed';
import { startWalCheckpointer } from '../db/wal-checkpointer';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dialect: DialectName;
  }
}

/** SQLite's own: a commit that leaves the log this many pages long copies it back itself. */
const SQLITE_DEFAULT_AUTOCHECKPOINT_PAGES = 1_000;
/**
 * With the checkpointer beside the commits, a storm with no quiet moment leaves none of its checkpoints
 * with the whole log copied, and the log would never start over. Past this many pages (64 MB) a commit
 * checkpoints itself, finding most of the log copied already.
 */
const MOST_LOG_PAGES_LEFT_TO_THE_CHECKPOINTER = 16_384;

/** Opens the database, brings its schema up to date and seeds it on its first run. */
export default fp(
  async (app) => {
    // The pool replaces a broken idle connection on its own; it is worth a line in the log, not a crash.
    const db = createDatabase(app.config.database, (error) => app.log.warn({ err: error }, 'an idle database connection was lost'));
    const settings = app.config.database;
    let stopCheckpointer = async () => {};
    if (settings.dialect === 'sqlite') {
      await sql`PRAGMA wal_autocheckpoint = ${sql.lit(MOST_LOG_PAGES_LEFT_TO_THE_CHECKPOINTER)}`.execute(db);
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
      // Last: the last connection to close folds the write-ahead log into the database file and removes it.
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
