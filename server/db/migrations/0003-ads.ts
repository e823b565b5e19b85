import { type Kysely, PostgresAdapter, sql } from 'kysely';

/** Columns carried over unchanged from the first ads table. */
const KEPT_AD_COLUMNS = [
  'id', 'slug', 'owner_id', 'type', 'status', 'title', 'description', 'category_id', 'subcategory_id', 'brand_id', 'condition',
  'currency', 'price', 'shipping_type', 'shipping_fee', 'opening_amount', 'on_back_price', 'instant_purchase_amount',
  'allow_decimal_bids', 'negotiable', 'returnable', 'country_code', 'city_id', 'starts_at', 'ends_at', 'auction_duration_ms',
  'sub_auction_duration_ms', 'live_link', 'offers_visible_to_subscribers', 'seq', 'created_at', 'updated_at', 'published_at',
];

/**
 * Ads as sellers write them: a draft may be saved at any point, so what a published ad must have
 * (category, condition, shipping) may be missing from a draft. SQLite cannot relax a NOT NULL in
 * place, so the table is rebuilt, the same way on both dialects. Beside it: the countries an ad is
 * offered in, its media, favourites, and the offers and subscribers that lock an ad (their own
 * issues fill them; the ad rules read them now).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Milliseconds since the epoch and money in minor units outgrow PostgreSQL's 32-bit integer.
  const bigInteger = db.getExecutor().adapter instanceof PostgresAdapter ? 'bigint' : 'integer';

  await db.schema
    .createTable('ads_next')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('category_id', 'integer', (col) => col.references('categories.id'))
    .addColumn('subcategory_id', 'integer', (col) => col.references('categories.id'))
    .addColumn('brand_id', 'integer', (col) => col.references('brands.id'))
    .addColumn('condition', 'text')
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('price', bigInteger)
    .addColumn('shipping_type', 'text')
    .addColumn('shipping_fee', bigInteger)
    .addColumn('opening_amount', bigInteger)
    .addColumn('on_back_price', bigInteger)
    .addColumn('instant_purchase_amount', bigInteger)
    .addColumn('allow_decimal_bids', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('negotiable', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('returnable', 'integer', (col) => col.notNull().defaultTo(0))
    // The first country the ad is offered in: its currency and city. All of them are in ad_countries.
    .addColumn('country_code', 'text', (col) => col.notNull().references('countries.code'))
    .addColumn('city_id', 'integer', (col) => col.references('cities.id'))
    .addColumn('starts_now', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('starts_at', bigInteger)
    .addColumn('ends_at', bigInteger)
    .addColumn('auction_duration_ms', bigInteger)
    .addColumn('sub_auction_duration_ms', bigInteger)
    .addColumn('live_link', 'text')
    .addColumn('offers_visible_to_subscribers', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('keywords', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('main_image_id', 'text')
    // A repost opens a new round: offers of earlier rounds no longer lock the ad.
    .addColumn('round', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('bid_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('seq', bigInteger, (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', bigInteger, (col) => col.notNull())
    .addColumn('updated_at', bigInteger, (col) => col.notNull())
    .addColumn('published_at', bigInteger)
    .addColumn('ended_at', bigInteger)
    .execute();
  const columns = sql.join(KEPT_AD_COLUMNS.map((column) => sql.ref(column)));
  await sql`INSERT INTO ads_next (${columns}, starts_now) SELECT ${columns}, 0 FROM ads`.execute(db);
  await db.schema.dropTable('ads').execute();
  await db.schema.alterTable('ads_next').renameTo('ads').execute();
  await db.schema.createIndex('ads_status_published_idx').on('ads').columns(['status', 'published_at']).execute();
  await db.schema.createIndex('ads_status_ends_idx').on('ads').columns(['status', 'ends_at']).execute();
  await db.schema.createIndex('ads_owner_idx').on('ads').column('owner_id').execute();
  await db.schema.createIndex('ads_category_idx').on('ads').column('category_id').execute();
  await db.schema.createIndex('ads_subcategory_idx').on('ads').column('subcategory_id').execute();

  await db.schema
    .createTable('ad_countries')
    .addColumn('ad_id', 'text', (col) => col.notNull().references('ads.id').onDelete('cascade'))
    .addColumn('country_code', 'text', (col) => col.notNull().references('countries.code'))
    .addPrimaryKeyConstraint('ad_countries_pk', ['ad_id', 'country_code'])
    .execute();
  await db.schema.createIndex('ad_countries_country_idx').on('ad_countries').columns(['country_code', 'ad_id']).execute();
  await sql`INSERT INTO ad_countries (ad_id, country_code) SELECT id, country_code FROM ads`.execute(db);

  await db.schema
    .createTable('media')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // Uploaded before the ad is saved, then attached; a file never attached is swept after a day.
    .addColumn('ad_id', 'text', (col) => col.references('ads.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('mime', 'text', (col) => col.notNull())
    .addColumn('bytes', bigInteger, (col) => col.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('original_name', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', bigInteger, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('media_ad_idx').on('media').columns(['ad_id', 'position']).execute();
  await db.schema.createIndex('media_owner_idx').on('media').column('owner_id').execute();

  await db.schema
    .createTable('favorites')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ad_id', 'text', (col) => col.notNull().references('ads.id').onDelete('cascade'))
    .addColumn('created_at', bigInteger, (col) => col.notNull())
    .addPrimaryKeyConstraint('favorites_pk', ['user_id', 'ad_id'])
    .execute();
  await db.schema.createIndex('favorites_ad_idx').on('favorites').column('ad_id').execute();

  await db.schema
    .createTable('offers')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('ad_id', 'text', (col) => col.notNull().references('ads.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('round', 'integer', (col) => col.notNull())
    .addColumn('amount', bigInteger, (col) => col.notNull())
    .addColumn('created_at', bigInteger, (col) => col.notNull())
    .addColumn('awarded_at', bigInteger)
    .execute();
  await db.schema.createIndex('offers_ad_idx').on('offers').columns(['ad_id', 'round']).execute();

  await db.schema
    .createTable('ad_participants')
    .addColumn('ad_id', 'text', (col) => col.notNull().references('ads.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', bigInteger, (col) => col.notNull())
    .addPrimaryKeyConstraint('ad_participants_pk', ['ad_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['ad_participants', 'offers', 'favorites', 'media', 'ad_countries']) {
    await db.schema.dropTable(table).execute();
  }
}
