import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * The price an auction round was bought outright at: the instant purchase amount, or less when the
 * owner agreed a lower price with the buyer. The rounds bought before this were bought at the former.
 */
// Migrations see the database as it was when they were written, not as schema.ts types it today.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const bigInteger = db.getExecutor().adapter instanceof PostgresAdapter ? 'bigint' : 'integer';
  await db.schema.alterTable('ads').addColumn('round_sale_amount', bigInteger).execute();
  await sql`UPDATE ads SET round_sale_amount = instant_purchase_amount WHERE round_outcome = 'BOUGHT_OUTRIGHT'`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ads').dropColumn('round_sale_amount').execute();
}
