import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations see the database as it was when they were written, not as schema.ts types it today.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const bigInteger = db.getExecutor().adapter instanceof PostgresAdapter ? 'bigint' : 'integer';
  // Tax invoices are numbered in one unbroken sequence: one row counts, and issuing a number updates
  // it in the payment's own transaction, so two successes at once wait for each other.
  await db.schema
    .createTable('receipt_counter')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('last_number', 'integer', (col) => col.notNull())
    .execute();
  await db.insertInto('receipt_counter').values({ id: 1, last_number: 0 }).execute();
  await db.schema
    .createTable('receipts')
    .addColumn('payment_id', 'text', (col) => col.primaryKey().references('payments.id').onDelete('cascade'))
    .addColumn('number', 'integer', (col) => col.notNull().unique())
    .addColumn('issued_at', bigInteger, (col) => col.notNull())
    .execute();
  // Payments that succeeded before receipts existed get theirs too, numbered in the order they succeeded.
  await sql`INSERT INTO receipts (payment_id, number, issued_at)
    SELECT id, ROW_NUMBER() OVER (ORDER BY succeeded_at, id), succeeded_at FROM payments WHERE succeeded_at IS NOT NULL`.execute(db);
  await sql`UPDATE receipt_counter SET last_number = (SELECT COUNT(*) FROM receipts) WHERE id = 1`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('receipts').execute();
  await db.schema.dropTable('receipt_counter').execute();
}
