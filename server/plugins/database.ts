import type { Kysely } from 'kysely';
import fp from 'fastify-plugin';
import { createDatabase } from '../db/database';
import { dialectOf, type DialectName } from '../db/dialect';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import { seedOnFirstRun } from '../db/seed/seed';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dialect: DialectName;
  }
}

/** Opens the database, brings its schema up to date and seeds it on its first run. */
export default fp(
  async (app) => {
    // The pool replaces a broken idle connection on its own; it is worth a line in the log, not a crash.
    const db = createDatabase(app.config.database, (error) => app.log.warn({ err: error }, 'an idle database connection was lost'));
    // The last connection to close folds SQLite's write-ahead log into the database file and removes it.
    app.addHook('onClose', () => db.destroy());
    const applied = await migrateToLatest(db);
    if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
    if (await seedOnFirstRun(db, { demo: app.config.seedDemoData, now: app.now() })) app.log.info('seed data inserted');
    app.decorate('db', db);
    app.decorate('dialect', dialectOf(db));
  },
  { name: 'database', dependencies: ['config', 'clock'] },
);
