import type { Kysely } from 'kysely';
import { indexAllAdsForSearch } from '../../modules/ads/search-index';
import { createAdSearchTable, dropAdSearchTable } from '../dialect';

/**
 * Full-text search over ads (the search table is dialect-specific, see `createAdSearchTable`), and
 * indexes for the listing's filters that had none. Ads saved before this migration are indexed
 * here, with the same code that indexes every later save.
 */
// The database as it was when this was written, not as schema.ts types it today.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await createAdSearchTable(db);
  await db.schema.createIndex('ads_brand_idx').on('ads').column('brand_id').execute();
  await db.schema.createIndex('ads_city_idx').on('ads').column('city_id').execute();
  await indexAllAdsForSearch(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ads_city_idx').execute();
  await db.schema.dropIndex('ads_brand_idx').execute();
  await dropAdSearchTable(db);
}
