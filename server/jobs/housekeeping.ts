import fp from 'fastify-plugin';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { sweepAbandonedUploadFiles, sweepUnattachedMedia } from '../modules/media/media.plugin';
import { HOUR_MS } from '../../domain/timing';

export const HOUSEKEEPING_INTERVAL_MS = HOUR_MS;
/** Used and expired codes stay a day, long enough to answer "why was my code refused?" from the logs. */
const SPENT_RECORD_RETENTION_MS = 24 * HOUR_MS;
/** An upload no ad was saved with: a day is ample to finish the ad form it was picked in. */
const UNATTACHED_MEDIA_RETENTION_MS = 24 * HOUR_MS;

/** Deletes what can no longer be used: expired sessions, codes, sign-in handshakes and old rate-limit windows. */
export async function sweepExpiredRecords(db: Kysely<Database>, now: number): Promise<void> {
  const longAgo = now - SPENT_RECORD_RETENTION_MS;
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
  await db
    .deleteFrom('verification_codes')
    .where('expires_at', '<=', longAgo)
    .where((eb) => eb.or([eb('reset_expires_at', 'is', null), eb('reset_expires_at', '<=', now)]))
    .execute();
  await db.deleteFrom('oidc_logins').where('expires_at', '<=', now).execute();
  await db.deleteFrom('social_registrations').where('expires_at', '<=', now).execute();
  // The longest rate-limit window is an hour; a day-old window counts nothing any more.
  await db.deleteFrom('rate_limits').where('window_started_at', '<=', longAgo).execute();
  // A client retries a keyed command within seconds; a day-old answer will never be asked for again.
  await db.deleteFrom('command_receipts').where('created_at', '<=', longAgo).execute();
}

/** Runs the sweep every hour on this node; several nodes sweeping the same rows is harmless. */
export default fp(
  async (app) => {
    const timer = setInterval(() => {
      sweepExpiredRecords(app.db, app.now()).catch((error: unknown) => app.log.error({ err: error }, 'housekeeping failed'));
      sweepUnattachedMedia(app, UNATTACHED_MEDIA_RETENTION_MS).catch((error: unknown) => app.log.error({ err: error }, 'sweeping unattached uploads failed'));
      sweepAbandonedUploadFiles(app).catch((error: unknown) => app.log.error({ err: error }, 'sweeping abandoned incoming uploads failed'));
      // SQLite's planner statistics follow the data only when asked (PostgreSQL's autovacuum does it there).
      if (app.dialect === 'sqlite') sql`PRAGMA optimize`.execute(app.db).catch((error: unknown) => app.log.error({ err: error }, 'refreshing SQLite statistics failed'));
    }, HOUSEKEEPING_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'housekeeping', dependencies: ['database', 'clock'] },
);
