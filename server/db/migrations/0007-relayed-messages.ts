import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Socket messages too long for a PostgreSQL notification (under 8,000 bytes), kept for the moment
 * the other server nodes take to read them (server/realtime/node-relay.ts). Only nodes on PostgreSQL
 * write here; on SQLite one node serves everything, and the table stays empty.
 */
// Migrations see the database as it was when they were written, not as schema.ts types it today.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Milliseconds since the epoch and money in minor units outgrow PostgreSQL's 32-bit integer.
  const bigInteger = db.getExecutor().adapter instanceof PostgresAdapter ? 'bigint' : 'integer';
  await db.schema
    .createTable('relayed_messages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', bigInteger, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('relayed_messages_created_idx').on('relayed_messages').column('created_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('relayed_messages').execute();
}
