import { type Kysely, PostgresAdapter } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Milliseconds since the epoch and money in minor units outgrow PostgreSQL's 32-bit integer.
  const bigInteger = db.getExecutor().adapter instanceof PostgresAdapter ? 'bigint' : 'integer';

  await db.schema
    .createTable('countries')
    .addColumn('code', 'text', (col) => col.primaryKey())
    .addColumn('dial_code', 'text', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('sort_order', 'integer', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('cities')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('country_code', 'text', (col) => col.notNull().references('countries.code'))
    .addColumn('name_ar', 'text', (col) => col.notNull())
    .addColumn('name_en', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('cities_country_idx').on('cities').column('country_code').execute();

  await db.schema
    .createTable('categories')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('parent_id', 'integer', (col) => col.references('categories.id'))
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('name_ar', 'text', (col) => col.notNull())
    .addColumn('name_en', 'text', (col) => col.notNull())
    .addColumn('icon', 'text', (col) => col.notNull())
    .addColumn('sort_order', 'integer', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('brands')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('category_id', 'integer', (col) => col.notNull().references('categories.id'))
    .addColumn('name_ar', 'text', (col) => col.notNull())
    .addColumn('name_en', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('last_name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('phone', 'text', (col) => col.notNull().unique())
    .addColumn('country_code', 'text', (col) => col.notNull().references('countries.code'))
    .addColumn('city_id', 'integer', (col) => col.references('cities.id'))
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('about', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', bigInteger, (col) => col.notNull())
    .addColumn('verified_at', bigInteger)
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', bigInteger, (col) => col.notNull())
    .addColumn('expires_at', bigInteger, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('ads')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('category_id', 'integer', (col) => col.notNull().references('categories.id'))
    .addColumn('subcategory_id', 'integer', (col) => col.references('categories.id'))
    .addColumn('brand_id', 'integer', (col) => col.references('brands.id'))
    .addColumn('condition', 'text', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('price', bigInteger)
    .addColumn('shipping_type', 'text', (col) => col.notNull())
    .addColumn('shipping_fee', bigInteger)
    .addColumn('opening_amount', bigInteger)
    .addColumn('on_back_price', bigInteger)
    .addColumn('instant_purchase_amount', bigInteger)
    .addColumn('allow_decimal_bids', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('negotiable', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('returnable', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('country_code', 'text', (col) => col.notNull().references('countries.code'))
    .addColumn('city_id', 'integer', (col) => col.references('cities.id'))
    .addColumn('starts_at', bigInteger)
    .addColumn('ends_at', bigInteger)
    .addColumn('auction_duration_ms', bigInteger)
    .addColumn('sub_auction_duration_ms', bigInteger)
    .addColumn('live_link', 'text')
    .addColumn('offers_visible_to_subscribers', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('seq', bigInteger, (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', bigInteger, (col) => col.notNull())
    .addColumn('updated_at', bigInteger, (col) => col.notNull())
    .addColumn('published_at', bigInteger)
    .execute();
  await db.schema.createIndex('ads_status_published_idx').on('ads').columns(['status', 'published_at']).execute();
  await db.schema.createIndex('ads_owner_idx').on('ads').column('owner_id').execute();

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('topic', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', bigInteger, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', bigInteger, (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['outbox', 'contact_messages', 'ads', 'sessions', 'users', 'brands', 'categories', 'cities', 'countries']) {
    await db.schema.dropTable(table).execute();
  }
}
