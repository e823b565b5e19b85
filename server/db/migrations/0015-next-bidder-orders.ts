import { type Kysely, PostgresAdapter, sql } from 'kysely';

const LIVE_ORDER_INDEX = 'orders_live_ad_round_unique';

/**
 * An auction round may close into more than one order: when the winner does not pay, the owner may
 * offer the item to the next bidder. One order per round becomes one live order per round, so two
 * people still cannot be sold the same item at once. SQLite cannot drop a table's constraint: the
 * table is made again without it, as SQLite's documentation lays out (foreign keys off meanwhile, so
 * dropping the old table does not cascade into its history and payments).
 */
// Migrations see the database as it was when they were written, not as schema.ts types it today.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.schema.alterTable('orders').dropConstraint('orders_ad_round_unique').execute();
  } else {
    await rebuildSqliteOrders(db, (definition) => definition.replace(/,\s*constraint\s+"orders_ad_round_unique"\s+unique\s*\("ad_id",\s*"round"\)/i, ''));
  }
  await db.schema.createIndex(LIVE_ORDER_INDEX).on('orders').columns(['ad_id', 'round']).unique().where(sql.ref('status'), '<>', 'CANCELLED').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex(LIVE_ORDER_INDEX).execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.schema.alterTable('orders').addUniqueConstraint('orders_ad_round_unique', ['ad_id', 'round']).execute();
  } else {
    await rebuildSqliteOrders(db, (definition) => definition.replace(/\)\s*$/, ', constraint "orders_ad_round_unique" unique ("ad_id", "round"))'));
  }
}

/** Makes SQLite's `orders` again from its stored definition as `rewrite` changes it, with its rows and indexes. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function rebuildSqliteOrders(db: Kysely<any>, rewrite: (definition: string) => string): Promise<void> {
  const { rows: schemaRows } = await sql<{ type: string; name: string; sql: string | null }>`SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'orders'`.execute(db);
  const table = schemaRows.find((row) => row.type === 'table')!;
  const rewritten = rewrite(table.sql!);
  if (rewritten === table.sql) throw new Error('orders: the constraint to drop was not found in its definition');
  const indexes = schemaRows.filter((row) => row.type === 'index' && row.sql !== null);
  const { rows: [enforced] } = await sql<{ foreign_keys: number }>`PRAGMA foreign_keys`.execute(db);
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql.raw(rewritten.replace(/^CREATE TABLE\s+"?orders"?/i, 'CREATE TABLE "orders_rebuilt"')).execute(trx);
      await sql`INSERT INTO orders_rebuilt SELECT * FROM orders`.execute(trx);
      await sql`DROP TABLE orders`.execute(trx);
      await sql`ALTER TABLE orders_rebuilt RENAME TO orders`.execute(trx);
      for (const index of indexes) await sql.raw(index.sql!).execute(trx);
      const { rows: broken } = await sql`PRAGMA foreign_key_check`.execute(trx);
      if (broken.length > 0) throw new Error(`orders: ${broken.length} foreign keys broken by the rebuild`);
    });
  } finally {
    if (enforced?.foreign_keys === 1) await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}
