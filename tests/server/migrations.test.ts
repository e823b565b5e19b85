import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, SqliteDialect } from 'kysely';
import pg from 'pg';
import { expect, it } from 'vitest';
import * as initial from '../../server/db/migrations/0001-initial';
import * as accounts from '../../server/db/migrations/0002-accounts';
import * as ads from '../../server/db/migrations/0003-ads';
import * as adSearch from '../../server/db/migrations/0004-ad-search';
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
