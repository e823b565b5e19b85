import { type Kysely, PostgresAdapter } from 'kysely';

// Migrations see the database as it was when they were written, not as schema.ts types it today.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const bigInteger = db.getExecutor().adapter instanceof PostgresAdapter ? 'bigint' : 'integer';
  // One buyer's negotiation on one round of an ad (machines/negotiation.machine.ts): their latest
  // offer, the owner's counter-offer to it, and, once agreed, the price and until when to order.
  await db.schema
    .createTable('negotiations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('ad_id', 'text', (col) => col.notNull().references('ads.id').onDelete('cascade'))
    .addColumn('round', 'integer', (col) => col.notNull())
    .addColumn('buyer_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('attempts_used', 'integer', (col) => col.notNull())
    .addColumn('offer_amount', bigInteger, (col) => col.notNull())
    .addColumn('offer_at', bigInteger, (col) => col.notNull())
    .addColumn('offer_expires_at', bigInteger, (col) => col.notNull())
    .addColumn('counter_amount', bigInteger)
    .addColumn('counter_at', bigInteger)
    .addColumn('counter_expires_at', bigInteger)
    .addColumn('agreed_amount', bigInteger)
    .addColumn('order_by', bigInteger)
    .addColumn('order_id', 'text', (col) => col.references('orders.id').onDelete('set null'))
    .addColumn('next_deadline_at', bigInteger)
    .addColumn('created_at', bigInteger, (col) => col.notNull())
    .addColumn('updated_at', bigInteger, (col) => col.notNull())
    .addUniqueConstraint('negotiations_ad_round_buyer_unique', ['ad_id', 'round', 'buyer_id'])
    .execute();
  await db.schema.createIndex('negotiations_buyer_idx').on('negotiations').column('buyer_id').execute();
  await db.schema.createIndex('negotiations_deadline_idx').on('negotiations').column('next_deadline_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('negotiations').execute();
}
