import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { ERROR_CODES, type ErrorCode } from '../../domain/errors';
import { AppError } from '../errors';

export interface RateLimitPolicy {
  /** What the key counts, so two policies never share a counter. */
  name: string;
  limit: number;
  windowMs: number;
  /** The refusal past the limit, when the generic "too many attempts" would not say what happened. */
  refusal?: ErrorCode;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: {
      /**
       * Counts one use of the key and refuses with the policy's code (and Retry-After) once it is over
       * the limit. Counting and checking are one statement, so parallel requests cannot all slip
       * through on the same stale count.
       */
      consume(policy: RateLimitPolicy, key: string): Promise<void>;
      /** Gives back one use, for limits that count only failures: a use is taken before the outcome is known. */
      release(policy: RateLimitPolicy, key: string): Promise<void>;
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

    app.decorate('rateLimits', {
      async consume(policy, key) {
        const now = app.now();
        const windowOpenedAfter = now - policy.windowMs;
        const counter = await app.db
          .insertInto('rate_limits')
          .values({ key: counterKey(policy, key), window_started_at: now, hits: 1 })
          .onConflict((conflict) =>
            conflict.column('key').doUpdateSet({
              hits: sql`CASE WHEN rate_limits.window_started_at <= ${windowOpenedAfter} THEN 1 ELSE rate_limits.hits + 1 END`,
              window_started_at: sql`CASE WHEN rate_limits.window_started_at <= ${windowOpenedAfter} THEN ${now} ELSE rate_limits.window_started_at END`,
            }),
          )
          .returning(['hits', 'window_started_at'])
          .executeTakeFirstOrThrow();
        if (Number(counter.hits) <= policy.limit) return;
        const retryAfterS = Math.max(1, Math.ceil((Number(counter.window_started_at) + policy.windowMs - now) / 1000));
        throw new AppError(policy.refusal ?? ERROR_CODES.RATE_LIMITED, undefined, { 'Retry-After': String(retryAfterS) });
      },
      async release(policy, key) {
        await app.db
          .updateTable('rate_limits')
          .set((eb) => ({ hits: eb('hits', '-', 1) }))
          .where('key', '=', counterKey(policy, key))
          .where('hits', '>', 0)
          .execute();
      },
      async clear(policy, key) {
        await app.db.deleteFrom('rate_limits').where('key', '=', counterKey(policy, key)).execute();
      },
    });
  },
  { name: 'rate-limits', dependencies: ['database', 'clock'] },
);
