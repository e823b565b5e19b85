import { type Kysely, PostgresAdapter, sql } from 'kysely';

const PAYMENT_WINDOW_MS = 48 * 60 * 60 * 1000;

// Migrations see the database as it was when they were written, not as schema.ts types it today.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const bigInteger = db.getExecutor().adapter instanceof PostgresAdapter ? 'bigint' : 'integer';
  // A seller's choice per ad: the buyer may pay in cash when the item is handed over.
  await db.schema.alterTable('ads').addColumn('cash_on_delivery', 'integer', (col) => col.notNull().defaultTo(0)).execute();

  // An order follows its sale to completed or cancelled (machines/order.machine.ts); what it costs is fixed when it is made.
  const columns: [string, string, boolean][] = [
    ['status', 'text', true],
    ['shipping_fee', bigInteger, true],
    ['cash_on_delivery_allowed', 'integer', true],
    ['pay_by', bigInteger, false],
    ['payment_mode', 'text', false],
    ['payment_id', 'text', false],
    ['tracking_note', 'text', false],
    ['shipped_at', bigInteger, false],
    ['delivered_at', bigInteger, false],
    ['cancelled_by', 'text', false],
    ['cancel_reason', 'text', false],
    ['next_deadline_at', bigInteger, false],
    ['updated_at', bigInteger, false],
  ];
  for (const [name, type, withDefault] of columns) {
    await db.schema
      .alterTable('orders')
      .addColumn(name, sql.raw(type), (col) => (withDefault ? col.notNull().defaultTo(name === 'status' ? 'PLACED' : 0) : col))
      .execute();
  }
  // Orders made before this migration wait for payment from when they were made.
  await sql`UPDATE orders SET pay_by = created_at + ${PAYMENT_WINDOW_MS}, next_deadline_at = created_at + ${PAYMENT_WINDOW_MS}, updated_at = created_at`.execute(db);
  await sql`UPDATE orders SET kind = 'BUY_NOW' WHERE kind = 'INSTANT_PURCHASE' AND ad_id IN (SELECT id FROM ads WHERE type = 'INSTANT_SALE_AND_AUCTION')`.execute(db);
  await sql`UPDATE orders SET shipping_fee = COALESCE((SELECT shipping_fee FROM ads WHERE ads.id = orders.ad_id AND ads.shipping_type = 'PAID'), 0)`.execute(db);
  await db.schema.createIndex('orders_deadline_idx').on('orders').column('next_deadline_at').execute();

  // Each move of an order, for its history.
  await db.schema
    .createTable('order_events')
    .addColumn('order_id', 'text', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('actor', 'text', (col) => col.notNull())
    .addColumn('note', 'text')
    .addColumn('at', bigInteger, (col) => col.notNull())
    .addPrimaryKeyConstraint('order_events_pk', ['order_id', 'position'])
    .execute();
  await sql`INSERT INTO order_events (order_id, position, status, actor, note, at) SELECT id, 1, 'PLACED', 'BUYER', NULL, created_at FROM orders`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_events').execute();
  await db.schema.dropIndex('orders_deadline_idx').execute();
  for (const column of ['status', 'shipping_fee', 'cash_on_delivery_allowed', 'pay_by', 'payment_mode', 'payment_id', 'tracking_note', 'shipped_at', 'delivered_at', 'cancelled_by', 'cancel_reason', 'next_deadline_at', 'updated_at']) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
  await db.schema.alterTable('ads').dropColumn('cash_on_delivery').execute();
}
