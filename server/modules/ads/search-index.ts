import type { Kysely } from 'kysely';
import { searchBodyOf } from '../../../domain/search-text';
import type { AdSearchTable, Database } from '../../db/schema';

/** Small enough for SQLite's and PostgreSQL's limits on bound parameters, large enough to be few round trips. */
const BATCH_SIZE = 500;

function selectSearchSources(db: Kysely<Database>) {
  return db
    .selectFrom('ads')
    .leftJoin('categories as category', 'category.id', 'ads.category_id')
    .leftJoin('categories as subcategory', 'subcategory.id', 'ads.subcategory_id')
    .leftJoin('brands as brand', 'brand.id', 'ads.brand_id')
    .select([
      'ads.id', 'ads.title', 'ads.description', 'ads.keywords',
      'category.name_ar as category_ar', 'category.name_en as category_en',
      'subcategory.name_ar as subcategory_ar', 'subcategory.name_en as subcategory_en',
      'brand.name_ar as brand_ar', 'brand.name_en as brand_en',
    ]);
}

type SearchSource = Awaited<ReturnType<ReturnType<typeof selectSearchSources>['executeTakeFirstOrThrow']>>;

/** A buyer finds an ad by its own words and by the names of its category, subcategory and brand in either language. */
function searchRowOf(ad: SearchSource): AdSearchTable {
  const names = [ad.category_ar, ad.category_en, ad.subcategory_ar, ad.subcategory_en, ad.brand_ar, ad.brand_en].filter((name) => name !== null);
  return { ad_id: ad.id, body: searchBodyOf([ad.title, ...(JSON.parse(ad.keywords) as string[]), ...names, ad.description]) };
}

async function saveSearchRows(db: Kysely<Database>, rows: AdSearchTable[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('ad_search')
    .values(rows)
    .onConflict((conflict) => conflict.column('ad_id').doUpdateSet((eb) => ({ body: eb.ref('excluded.body') })))
    .execute();
}

/** Brings one ad's search text up to date; every write to an ad's words, category or brand calls it. */
export async function indexAdForSearch(db: Kysely<Database>, adId: string): Promise<void> {
  const ad = await selectSearchSources(db).where('ads.id', '=', adId).executeTakeFirst();
  if (ad) await saveSearchRows(db, [searchRowOf(ad)]);
}

/** Indexes every ad, a batch at a time so a large table never sits in memory whole: for bulk loads. */
export async function indexAllAdsForSearch(db: Kysely<Database>): Promise<void> {
  let after: string | undefined;
  for (;;) {
    let batch = selectSearchSources(db).orderBy('ads.id').limit(BATCH_SIZE);
    if (after !== undefined) batch = batch.where('ads.id', '>', after);
    const ads = await batch.execute();
    await saveSearchRows(db, ads.map(searchRowOf));
    if (ads.length < BATCH_SIZE) return;
    after = ads.at(-1)!.id;
  }
}
