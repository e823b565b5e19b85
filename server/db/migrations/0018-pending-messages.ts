import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * What the marketplace sends unasked (an order moved, an offer answered) waits here until a channel
 * takes it: kept across a restart, tried again later when a provider fails, and never holding up the
 * request that caused it (DESIGN.md section 8).
 */
// Migrations see the database as it was when they were written, not as schema.ts types it today.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const bigInteger = db.getExecutor().adapter instanceof PostgresAdapter ? 'bigint' : 'integer';
  await db.schema
    .createTable('pending_messages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', bigInteger, (col) => col.notNull())
    .addColumn('created_at', bigInteger, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('pending_messages_due_idx').on('pending_messages').column('next_attempt_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pending_messages').execute();
}
