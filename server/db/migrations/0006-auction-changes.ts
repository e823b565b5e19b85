import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Commands answer with a change (`auctionChangeSchema`) that tells where each of its bidders stands,
 * and the bid engine decides runs of bids together. Where each bidder stands in an auction's round
 * (their highest bid, how many they placed) is kept in `auction_bidders`, written with the bids, so
 * it is read by key instead of summed over every bid of the round, which grows with each one. It is
 * filled from the bids already placed. Answers kept under idempotency keys have the old shape; they
 * only serve a retry within moments, so they are dropped rather than rewritten.
 */
// Migrations see the database as it was when they were written, not as schema.ts types it today.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Milliseconds since the epoch and money in minor units outgrow PostgreSQL's 32-bit integer.
  const bigInteger = db.getExecutor().adapter instanceof PostgresAdapter ? 'bigint' : 'integer';
  await db.schema
    .createTable('auction_bidders')
    .addColumn('ad_id', 'text', (col) => col.notNull().references('ads.id').onDelete('cascade'))
    .addColumn('round', 'integer', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('highest_amount', bigInteger, (col) => col.notNull())
    .addColumn('bid_count', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('auction_bidders_pk', ['ad_id', 'round', 'user_id'])
    .execute();
  // Deleting an account cascades to its standings and receipts: found by index, not by a scan.
  await db.schema.createIndex('auction_bidders_user_idx').on('auction_bidders').column('user_id').execute();
  await db.schema.createIndex('command_receipts_ad_idx').on('command_receipts').column('ad_id').execute();
  await sql`
    INSERT INTO auction_bidders (ad_id, round, user_id, highest_amount, bid_count)
    SELECT offers.ad_id, offers.round, offers.user_id, MAX(offers.amount), COUNT(*)
    FROM offers JOIN ads ON ads.id = offers.ad_id
    WHERE ads.type IN ('INSTANT_SALE_AND_AUCTION', 'PUBLIC_AUCTION', 'PRIVATE_AUCTION', 'LIVE_AUCTION')
    GROUP BY offers.ad_id, offers.round, offers.user_id`.execute(db);
  await sql`DELETE FROM command_receipts`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('command_receipts_ad_idx').execute();
  await db.schema.dropTable('auction_bidders').execute();
}
