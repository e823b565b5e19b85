import type { Kysely } from 'kysely';

/**
 * The language a person reads the site in, so what is sent to them unasked (an order moved, an offer
 * answered) is in their words. Unknown until their next signed-in request says it; meanwhile Arabic.
 */
// Migrations see the database as it was when they were written, not as schema.ts types it today.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('locale', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('locale').execute();
}
