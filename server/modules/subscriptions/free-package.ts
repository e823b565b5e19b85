import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Gives a new account the free package (SPEC.md section 6). Runs inside the transaction that
 * creates the account, so there is never an account without its package.
 */
export async function activateFreePackage(db: Kysely<Database>, userId: string, now: number): Promise<void> {
  const free = await db.selectFrom('subscription_packages').select(['id', 'price', 'currency', 'ad_credits', 'validity_days']).where('is_free', '=', 1).executeTakeFirstOrThrow();
  await db
    .insertInto('subscriptions')
    .values({
      id: randomUUID(),
      user_id: userId,
      package_id: free.id,
      status: 'ACTIVE',
      price: free.price,
      currency: free.currency,
      ad_credits_remaining: free.ad_credits,
      paid_at: null,
      starts_at: now,
      ends_at: free.validity_days === null ? null : now + free.validity_days * 24 * 60 * 60 * 1000,
      created_at: now,
    })
    .execute();
}
