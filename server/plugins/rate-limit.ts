import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { ERROR_CODES } from '../../domain/errors';
import { AppError } from '../errors';

export interface RateLimitPolicy {
  /** What the key counts, so two policies never share a counter. */
  name: string;
  limit: number;
  windowMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: {
      /** Refuses with RATE_LIMITED (and Retry-After) once the key has used up its window. */
      assertAllowed(policy: RateLimitPolicy, key: string): Promise<void>;
      /** Counts one use of the key. */
      record(policy: RateLimitPolicy, key: string): Promise<void>;
      /** Counts one use, refusing first if none is left. */
      consume(policy: RateLimitPolicy, key: string): Promise<void>;
      clear(policy: RateLimitPolicy, key: string): Promise<void>;
    };
  }
}

/**
 * Fixed-window counters kept in the database, so every server node shares them and a restart does
 * not hand out fresh attempts. Time is the app's clock, so tests step through windows.
 */
export default fp(
  async (app) => {
    const counterKey = (policy: RateLimitPolicy, key: string) => `${policy.name}:${key}`;

    const assertAllowed = async (policy: RateLimitPolicy, key: string) => {
      const now = app.now();
      const row = await app.db.selectFrom('rate_limits').select(['hits', 'window_started_at']).where('key', '=', counterKey(policy, key)).executeTakeFirst();
      if (!row || row.window_started_at + policy.windowMs <= now || row.hits < policy.limit) return;
      const retryAfterS = Math.max(1, Math.ceil((row.window_started_at + policy.windowMs - now) / 1000));
      throw new AppError(ERROR_CODES.RATE_LIMITED, undefined, { 'Retry-After': String(retryAfterS) });
    };

    const record = async (policy: RateLimitPolicy, key: string) => {
      const now = app.now();
      const windowOpenedAfter = now - policy.windowMs;
      await app.db
        .insertInto('rate_limits')
        .values({ key: counterKey(policy, key), window_started_at: now, hits: 1 })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            hits: sql`CASE WHEN rate_limits.window_started_at <= ${windowOpenedAfter} THEN 1 ELSE rate_limits.hits + 1 END`,
            window_started_at: sql`CASE WHEN rate_limits.window_started_at <= ${windowOpenedAfter} THEN ${now} ELSE rate_limits.window_started_at END`,
          }),
        )
        .execute();
    };

    app.decorate('rateLimits', {
      assertAllowed,
      record,
      async consume(policy, key) {
        await assertAllowed(policy, key);
        await record(policy, key);
      },
      async clear(policy, key) {
        await app.db.deleteFrom('rate_limits').where('key', '=', counterKey(policy, key)).execute();
      },
    });
  },
  { name: 'rate-limits', dependencies: ['database', 'clock'] },
);
