import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * A number the database raises, in the same transaction, with every write that can change which ads a
 * listing finds or in what order: an ad published, edited, ended or deleted, the countries it is
 * offered in, its search text, the names of categories and cities. The listing keeps the matches of a
 * search under this number and finds them again once it has moved, on every node alike. What bids
 * write (counts, the highest offer, the auction's phase and deadlines) is left out: the listing reads
 * each kept ad's card afresh, and does not keep the sorts that bids or time reorder.
 */
const ORDER_AND_FILTER_COLUMNS = [
  'status', 'type', 'title', 'category_id', 'subcategory_id', 'brand_id', 'condition', 'price', 'opening_amount',
  'country_code', 'city_id', 'shipping_type', 'starts_at', 'ends_at', 'published_at',
];
const WATCHED_TABLES = ['ads', 'ad_countries', 'ad_search', 'categories', 'cities'];

// Migrations see the database as it was when they were written, not as schema.ts types it today.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('listing_changes')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn('version', postgres ? 'bigint' : 'integer', (col) => col.notNull())
    .execute();
  await db.insertInto('listing_changes').values({ id: 1, version: 0 }).execute();
  const columns = sql.raw(ORDER_AND_FILTER_COLUMNS.join(', '));
  if (postgres) {
    await sql`CREATE FUNCTION listing_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE listing_changes SET version = version + 1 WHERE id = 1;
        RETURN NULL;
      END $$`.execute(db);
    for (const table of WATCHED_TABLES) {
      const events = table === 'ads' ? sql`INSERT OR DELETE OR UPDATE OF ${columns}` : sql`INSERT OR DELETE OR UPDATE`;
      await sql`CREATE TRIGGER ${sql.raw(`${table}_listing_changed`)} AFTER ${events} ON ${sql.table(table)} FOR EACH STATEMENT EXECUTE FUNCTION listing_changed()`.execute(db);
    }
    return;
  }
  // SQLite has no statement triggers and a trigger has one event: three per table, each row counted.
  for (const table of WATCHED_TABLES) {
    for (const event of ['INSERT', 'DELETE', table === 'ads' ? `UPDATE OF ${ORDER_AND_FILTER_COLUMNS.join(', ')}` : 'UPDATE']) {
      const name = `${table}_listing_changed_on_${event.split(' ')[0]!.toLowerCase()}`;
      await sql`CREATE TRIGGER ${sql.raw(name)} AFTER ${sql.raw(event)} ON ${sql.table(table)} BEGIN
        UPDATE listing_changes SET version = version + 1 WHERE id = 1;
      END`.execute(db);
    }
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of WATCHED_TABLES) {
    if (postgres) await sql`DROP TRIGGER ${sql.raw(`${table}_listing_changed`)} ON ${sql.table(table)}`.execute(db);
    else for (const event of ['insert', 'delete', 'update']) await sql`DROP TRIGGER ${sql.raw(`${table}_listing_changed_on_${event}`)}`.execute(db);
  }
  if (postgres) await sql`DROP FUNCTION listing_changed()`.execute(db);
  await db.schema.dropTable('listing_changes').execute();
}
