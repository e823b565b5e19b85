import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DEFAULT_CURRENCY } from '../../../domain/money';
import { DAY_MS } from '../../../domain/timing';
import type { Database } from '../../db/schema';

/**
 * Gives a new account the free package (SPEC.md section 6). Runs inside the transaction that
 * creates the account, so there is never an account without its package.
 */
export async function activateFreePackage(db: Kysely<Database>, userId: string, now: number): Promise<void> {
  const free = await db.selectFrom('subscription_packages').select(['id', 'ad_credits', 'validity_days']).where('is_free', '=', 1).executeTakeFirstOrThrow();
  await db
    .insertInto('subscriptions')
    .values({
      id: randomUUID(),
      user_id: userId,
      package_id: free.id,
      status: 'ACTIVE',
      price: 0,
      currency: DEFAULT_CURRENCY,
      ad_credits: free.ad_credits,
      ad_credits_remaining: free.ad_credits,
      paid_at: null,
      starts_at: now,
      ends_at: free.validity_days === null ? null : now + free.validity_days * DAY_MS,
      canceled_at: null,
      payment_id: null,
      created_at: now,
    })
    .execute();
}
