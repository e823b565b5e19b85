import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, SqliteDialect } from 'kysely';
import pg from 'pg';
import { expect, it } from 'vitest';
import * as initial from '../../server/db/migrations/0001-initial';
import * as accounts from '../../server/db/migrations/0002-accounts';
import * as ads from '../../server/db/migrations/0003-ads';
import * as adSearch from '../../server/db/migrations/0004-ad-search';
import { migrateTo } from '../../server/db/migrate';
import * as nextBidderOrders from '../../server/db/migrations/0015-next-bidder-orders';
import { createPostgresDatabase, testDialect } from './helpers/test-app';

/** An empty database of the test run's dialect, untyped as migrations take it, and how to be rid of it. */
async function emptyDatabase(): Promise<{ db: Kysely<unknown>; drop: () => Promise<void> }> {
  if (testDialect === 'sqlite') {
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    return { db, drop: () => db.destroy() };
  }
  const database = await createPostgresDatabase();
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max: 1 }) }) });
  return { db, drop: async () => { await db.destroy(); await database.drop(); } };
}

it('indexes for search the ads saved before the search migration, with the text of its day', async () => {
  const { db, drop } = await emptyDatabase();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const untyped = db as Kysely<any>;
  try {
    for (const migration of [initial, accounts, ads]) await migration.up(db);
    await untyped.insertInto('countries').values({ code: 'SA', dial_code: '966', currency: 'SAR', sort_order: 0 }).execute();
    await untyped
      .insertInto('users')
      .values({ id: 'seller', slug: 'seller', first_name: 'A', last_name: 'B', email: 'seller@example.com', phone: '966500000001', country_code: 'SA', city_id: null, password_hash: 'x', about: '', created_at: 5, verified_at: 5 })
      .execute();
    await untyped.insertInto('categories').values([
      { id: 1, parent_id: null, slug: 'vehicles', name_ar: 'مركبات', name_en: 'Vehicles', icon: 'car', sort_order: 0 },
      { id: 2, parent_id: 1, slug: 'cars', name_ar: 'سيارات', name_en: 'Cars', icon: 'car', sort_order: 0 },
    ]).execute();
    await untyped.insertInto('brands').values({ id: 1, category_id: 2, name_ar: 'تويوتا', name_en: 'Toyota' }).execute();
    await untyped
      .insertInto('ads')
      .values({ id: 'early', slug: 'early', owner_id: 'seller', type: 'INSTANT_SALE', status: 'PUBLISHED', title: 'السيّارة كامري ٢٠٢١', description: 'Élan, مُؤكَّد', keywords: '["فُل كامل"]', category_id: 1, subcategory_id: 2, brand_id: 1, currency: 'SAR', country_code: 'SA', created_at: 5, updated_at: 5 })
      .execute();

    await adSearch.up(db);

    expect(await untyped.selectFrom('ad_search').select(['ad_id', 'body']).execute()).toEqual([
      { ad_id: 'early', body: 'السياره سياره كامري 2021 فل كامل مركبات vehicles سيارات cars تويوتا toyota elan موكد' },
    ]);
    const found = testDialect === 'sqlite'
      ? await sql<{ ad_id: string }>`SELECT ad_search.ad_id FROM ad_search_fts JOIN ad_search ON ad_search.id = ad_search_fts.rowid WHERE ad_search_fts MATCH '"سيار"*'`.execute(db)
      : await sql<{ ad_id: string }>`SELECT ad_id FROM ad_search WHERE body_vector @@ to_tsquery('simple', 'سيار:*')`.execute(db);
    expect(found.rows).toEqual([{ ad_id: 'early' }]);

    await adSearch.down(db);
    await adSearch.up(db);
    expect(await untyped.selectFrom('ad_search').select('ad_id').execute()).toEqual([{ ad_id: 'early' }]);
  } finally {
    await drop();
  }
});

it('keeps every order, its history and what refers to it when one live order per auction round replaces one order per round', async () => {
  const { db, drop } = await emptyDatabase();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const untyped = db as Kysely<any>;
  try {
    if (testDialect === 'sqlite') await sql`PRAGMA foreign_keys = ON`.execute(db);
    await migrateTo(db, '0014-negotiations');
    await untyped.insertInto('countries').values({ code: 'SA', dial_code: '966', currency: 'SAR', sort_order: 0 }).onConflict((conflict) => conflict.doNothing()).execute();
    await untyped.insertInto('users').values(['seller', 'winner', 'runner-up'].map((id, index) => ({ id, slug: id, first_name: 'A', last_name: 'B', email: `${id}@example.com`, phone: `96650000000${index}`, country_code: 'SA', city_id: null, password_hash: 'x', about: '', created_at: 5, verified_at: 5 }))).execute();
    await untyped.insertInto('ads').values({ id: 'ad', slug: 'ad', owner_id: 'seller', type: 'PUBLIC_AUCTION', status: 'ENDED', title: 'T', description: 'D', keywords: '[]', currency: 'SAR', country_code: 'SA', created_at: 5, updated_at: 5 }).execute();
    const order = { ad_id: 'ad', round: 1, seller_id: 'seller', kind: 'AUCTION_WIN', amount: 900, currency: 'SAR', created_at: 6 };
    await untyped.insertInto('orders').values({ ...order, id: 'won', buyer_id: 'winner', status: 'CANCELLED', cancelled_by: 'TIME', updated_at: 7 }).execute();
    await untyped.insertInto('order_events').values([{ order_id: 'won', position: 1, status: 'PLACED', actor: 'BUYER', note: null, at: 6 }, { order_id: 'won', position: 2, status: 'CANCELLED', actor: 'TIME', note: null, at: 7 }]).execute();
    const before = await untyped.selectFrom('orders').selectAll().execute();

    expect(await migrateTo(db, '0015-next-bidder-orders')).toEqual(['0015-next-bidder-orders']);

    expect(await untyped.selectFrom('orders').selectAll().execute()).toEqual(before);
    expect(await untyped.selectFrom('order_events').select('position').where('order_id', '=', 'won').execute()).toHaveLength(2);
    // A second order of the round, now that the first is cancelled; but never two live ones.
    await untyped.insertInto('orders').values({ ...order, id: 'next', buyer_id: 'runner-up', amount: 800, status: 'PLACED' }).execute();
    await expect(untyped.insertInto('orders').values({ ...order, id: 'third', buyer_id: 'winner', status: 'PLACED' }).execute()).rejects.toThrow(/unique/i);
    // The history still refers to the orders table made again: deleting an order takes its history with it.
    await untyped.deleteFrom('orders').where('id', '=', 'won').execute();
    expect(await untyped.selectFrom('order_events').select('position').where('order_id', '=', 'won').execute()).toEqual([]);
    await expect(untyped.insertInto('order_events').values({ order_id: 'nowhere', position: 1, status: 'PLACED', actor: 'BUYER', note: null, at: 6 }).execute()).rejects.toThrow(/foreign key/i);

    // And back: one order per round again, with the orders kept.
    await untyped.deleteFrom('orders').where('id', '=', 'next').execute();
    await nextBidderOrders.down(db);
    await untyped.insertInto('orders').values({ ...order, id: 'won', buyer_id: 'winner', status: 'CANCELLED', updated_at: 7 }).execute();
    await expect(untyped.insertInto('orders').values({ ...order, id: 'again', buyer_id: 'runner-up', status: 'PLACED' }).execute()).rejects.toThrow(/unique/i);
  } finally {
    await drop();
  }
});
