import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Server nodes on one PostgreSQL now reach each other through socket.io's PostgreSQL adapter
 * (server/realtime/cluster.ts) instead of a relay of their own: its table of packets too long for a
 * notification replaces the relay's. The columns are the ones the adapter reads and writes. SQLite is
 * one node by nature and has no such table.
 */
// Migrations see the database as it was when they were written, not as schema.ts types it today.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('relayed_messages').execute();
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.schema
    .createTable('socket_io_attachments')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('payload', 'bytea', (col) => col.notNull())
    .execute();
  // The adapter sweeps the table by age every half minute.
  await db.schema.createIndex('socket_io_attachments_created_idx').on('socket_io_attachments').column('created_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('socket_io_attachments').ifExists().execute();
  const bigInteger = db.getExecutor().adapter instanceof PostgresAdapter ? 'bigint' : 'integer';
  await db.schema
    .createTable('relayed_messages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', bigInteger, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('relayed_messages_created_idx').on('relayed_messages').column('created_at').execute();
}
