import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * The bid engine's records. On the ad: the current round's own schedule (a live auction's
 * sub-auction, or null to follow the ad's schedule), how the round was closed, its highest offer, and
 * the last phase announced to watchers, which the deadline scheduler compares to decide, exactly once
 * across nodes, that a deadline's change is still to be broadcast. Offers (bids) get the ad's `seq`
 * at acceptance. Participants get their standing (join requests). Every keyed command keeps its
 * answer, so a retry returns it and does nothing again; orders record what was sold. And a
 * correction of earlier data: tenders carry no shipping type.
 */
// Migrations see the database as it was when they were written, not as schema.ts types it today.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Milliseconds since the epoch and money in minor units outgrow PostgreSQL's 32-bit integer.
  const bigInteger = db.getExecutor().adapter instanceof PostgresAdapter ? 'bigint' : 'integer';

  // Tenders ask for no shipping (domain/ad-form.ts); the tables before this one made every ad say something.
  await sql`UPDATE ads SET shipping_type = NULL WHERE type IN ('PUBLIC_TENDER', 'PRIVATE_TENDER')`.execute(db);

  await db.schema.alterTable('ads').addColumn('round_starts_at', bigInteger).execute();
  await db.schema.alterTable('ads').addColumn('round_ends_at', bigInteger).execute();
  await db.schema.alterTable('ads').addColumn('round_outcome', 'text').execute();
  await db.schema.alterTable('ads').addColumn('round_outcome_at', bigInteger).execute();
  await db.schema.alterTable('ads').addColumn('round_buyer_id', 'text').execute();
  await db.schema.alterTable('ads').addColumn('highest_offer_id', 'text').execute();
  await db.schema.alterTable('ads').addColumn('announced_phase', 'text').execute();

  await db.schema.alterTable('offers').addColumn('seq', bigInteger).execute();
  await db.schema.createIndex('offers_user_idx').on('offers').column('user_id').execute();

  await db.schema.alterTable('ad_participants').addColumn('status', 'text', (col) => col.notNull().defaultTo('ACCEPTED')).execute();
  await db.schema.alterTable('ad_participants').addColumn('added_by_owner', 'integer', (col) => col.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('ad_participants').addColumn('updated_at', bigInteger).execute();
  await sql`UPDATE ad_participants SET updated_at = created_at`.execute(db);

  await db.schema
    .createTable('command_receipts')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'text', (col) => col.notNull())
    .addColumn('command', 'text', (col) => col.notNull())
    .addColumn('ad_id', 'text', (col) => col.notNull().references('ads.id').onDelete('cascade'))
    .addColumn('result', 'text', (col) => col.notNull())
    .addColumn('created_at', bigInteger, (col) => col.notNull())
    .addPrimaryKeyConstraint('command_receipts_pk', ['user_id', 'idempotency_key'])
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('ad_id', 'text', (col) => col.notNull().references('ads.id').onDelete('cascade'))
    .addColumn('round', 'integer', (col) => col.notNull())
    .addColumn('buyer_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('seller_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('amount', bigInteger, (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('created_at', bigInteger, (col) => col.notNull())
    .addUniqueConstraint('orders_ad_round_unique', ['ad_id', 'round'])
    .execute();
  await db.schema.createIndex('orders_buyer_idx').on('orders').column('buyer_id').execute();
  await db.schema.createIndex('orders_seller_idx').on('orders').column('seller_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('orders').execute();
  await db.schema.dropTable('command_receipts').execute();
  for (const column of ['updated_at', 'added_by_owner', 'status']) await db.schema.alterTable('ad_participants').dropColumn(column).execute();
  await db.schema.dropIndex('offers_user_idx').execute();
  await db.schema.alterTable('offers').dropColumn('seq').execute();
  for (const column of ['announced_phase', 'highest_offer_id', 'round_buyer_id', 'round_outcome_at', 'round_outcome', 'round_ends_at', 'round_starts_at']) {
    await db.schema.alterTable('ads').dropColumn(column).execute();
  }
}
