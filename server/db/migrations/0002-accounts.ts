import { type Kysely, PostgresAdapter, sql } from 'kysely';

/** The free package every account starts with (SPEC.md section 6). */
export const FREE_PACKAGE = { id: 'free', slug: 'free', nameAr: 'الباقة المجانية', nameEn: 'Free package', adCredits: 5 } as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Milliseconds since the epoch and money in minor units outgrow PostgreSQL's 32-bit integer.
  const bigInteger = db.getExecutor().adapter instanceof PostgresAdapter ? 'bigint' : 'integer';

  // Proof that the person controls the email address: only a code that travelled by email sets it.
  // `verified_at` says the account is active, which a code by SMS or WhatsApp also achieves.
  await db.schema.alterTable('users').addColumn('email_verified_at', bigInteger).execute();
  await sql`UPDATE users SET email_verified_at = verified_at`.execute(db);

  await db.schema
    .createTable('verification_codes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('destination', 'text', (col) => col.notNull())
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('sends', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('expires_at', bigInteger, (col) => col.notNull())
    .addColumn('resend_available_at', bigInteger, (col) => col.notNull())
    .addColumn('verified_at', bigInteger)
    .addColumn('reset_token_hash', 'text')
    .addColumn('reset_expires_at', bigInteger)
    .addColumn('created_at', bigInteger, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('verification_codes_user_idx').on('verification_codes').column('user_id').execute();
  await db.schema.createIndex('verification_codes_reset_idx').on('verification_codes').column('reset_token_hash').execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('window_started_at', bigInteger, (col) => col.notNull())
    .addColumn('hits', 'integer', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('user_identities')
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', bigInteger, (col) => col.notNull())
    .addPrimaryKeyConstraint('user_identities_pk', ['provider', 'subject'])
    .execute();
  await db.schema.createIndex('user_identities_user_idx').on('user_identities').column('user_id').execute();

  await db.schema
    .createTable('oidc_logins')
    .addColumn('state', 'text', (col) => col.primaryKey())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('nonce', 'text', (col) => col.notNull())
    .addColumn('code_verifier', 'text', (col) => col.notNull())
    .addColumn('redirect_to', 'text', (col) => col.notNull())
    .addColumn('expires_at', bigInteger, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('social_registrations')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('last_name', 'text', (col) => col.notNull())
    .addColumn('expires_at', bigInteger, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('subscription_packages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('name_ar', 'text', (col) => col.notNull())
    .addColumn('name_en', 'text', (col) => col.notNull())
    .addColumn('price', bigInteger, (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    // Null means unlimited (SPEC.md section 3: validity in days or unlimited).
    .addColumn('validity_days', 'integer')
    .addColumn('ad_credits', 'integer', (col) => col.notNull())
    .addColumn('is_free', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('sort_order', 'integer', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('package_id', 'text', (col) => col.notNull().references('subscription_packages.id'))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('price', bigInteger, (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('ad_credits_remaining', 'integer', (col) => col.notNull())
    .addColumn('paid_at', bigInteger)
    .addColumn('starts_at', bigInteger, (col) => col.notNull())
    .addColumn('ends_at', bigInteger)
    .addColumn('created_at', bigInteger, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('subscriptions_user_idx').on('subscriptions').column('user_id').execute();

  await db
    .insertInto('subscription_packages' as never)
    .values({ id: FREE_PACKAGE.id, slug: FREE_PACKAGE.slug, name_ar: FREE_PACKAGE.nameAr, name_en: FREE_PACKAGE.nameEn, price: 0, currency: 'SAR', validity_days: null, ad_credits: FREE_PACKAGE.adCredits, is_free: 1, sort_order: 0 } as never)
    .execute();
  // Accounts made before this migration get the free package they would have had at registration.
  await sql`
    INSERT INTO subscriptions (id, user_id, package_id, status, price, currency, ad_credits_remaining, paid_at, starts_at, ends_at, created_at)
    SELECT 'free-' || id, id, ${FREE_PACKAGE.id}, 'ACTIVE', 0, 'SAR', ${FREE_PACKAGE.adCredits}, NULL, created_at, NULL, created_at FROM users
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
  for (const table of ['subscriptions', 'subscription_packages', 'social_registrations', 'oidc_logins', 'user_identities', 'rate_limits', 'verification_codes']) {
    await db.schema.dropTable(table).execute();
  }
}
