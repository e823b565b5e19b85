import { type Kysely, PostgresAdapter, sql } from 'kysely';

const FREE_PACKAGE_ID = 'free';

/**
 * The paid packages the marketplace opens with: tax-included prices in each currency served, in
 * major units. They are rows from here on, priced and retired in the database without a release.
 */
const PAID_PACKAGES = [
  {
    id: 'starter', slug: 'starter', name_ar: 'باقة البداية', name_en: 'Starter', ad_credits: 10, validity_days: 30, sort_order: 1,
    description_ar: 'عشرة إعلانات لمدة شهر، لمن يبيع بين حين وآخر', description_en: 'Ten ads over a month, for the occasional seller',
    prices: { SAR: 49, AED: 49, QAR: 49, KWD: 4, BHD: 5, OMR: 5, JOD: 9, EGP: 649 },
  },
  {
    id: 'pro', slug: 'pro', name_ar: 'الباقة الاحترافية', name_en: 'Pro', ad_credits: 40, validity_days: 90, sort_order: 2,
    description_ar: 'أربعون إعلانًا لثلاثة أشهر، للبائع النشط', description_en: 'Forty ads over three months, for the active seller',
    prices: { SAR: 149, AED: 149, QAR: 149, KWD: 12, BHD: 15, OMR: 15, JOD: 28, EGP: 1_990 },
  },
  {
    id: 'business', slug: 'business', name_ar: 'باقة الأعمال', name_en: 'Business', ad_credits: 150, validity_days: 365, sort_order: 3,
    description_ar: 'مئة وخمسون إعلانًا لسنة كاملة، للمتاجر والمعارض', description_en: 'A hundred and fifty ads over a year, for shops and showrooms',
    prices: { SAR: 449, AED: 449, QAR: 449, KWD: 37, BHD: 45, OMR: 45, JOD: 85, EGP: 5_990 },
  },
];

/** ISO 4217 exponents, as of this migration. */
const MINOR_UNITS: Record<string, number> = { KWD: 1000, BHD: 1000, OMR: 1000, JOD: 1000 };

// Migrations see the database as it was when they were written, not as schema.ts types it today.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const bigInteger = db.getExecutor().adapter instanceof PostgresAdapter ? 'bigint' : 'integer';

  // A package has a price in each currency served, not one price.
  await db.schema
    .createTable('subscription_package_prices')
    .addColumn('package_id', 'text', (col) => col.notNull().references('subscription_packages.id').onDelete('cascade'))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('amount', bigInteger, (col) => col.notNull())
    .addPrimaryKeyConstraint('subscription_package_prices_pk', ['package_id', 'currency'])
    .execute();
  await sql`INSERT INTO subscription_package_prices (package_id, currency, amount) SELECT id, currency, price FROM subscription_packages`.execute(db);
  await db.schema.alterTable('subscription_packages').dropColumn('price').execute();
  await db.schema.alterTable('subscription_packages').dropColumn('currency').execute();
  await db.schema.alterTable('subscription_packages').addColumn('description_ar', 'text', (col) => col.notNull().defaultTo('')).execute();
  await db.schema.alterTable('subscription_packages').addColumn('description_en', 'text', (col) => col.notNull().defaultTo('')).execute();
  // A package taken off sale stays readable by the subscriptions that bought it.
  await db.schema.alterTable('subscription_packages').addColumn('on_sale', 'integer', (col) => col.notNull().defaultTo(1)).execute();

  // The credits a subscription gave, beside those left; canceling records when.
  await db.schema.alterTable('subscriptions').addColumn('ad_credits', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await sql`UPDATE subscriptions SET ad_credits = (SELECT ad_credits FROM subscription_packages WHERE subscription_packages.id = subscriptions.package_id)`.execute(db);
  await db.schema.alterTable('subscriptions').addColumn('canceled_at', bigInteger).execute();
  await db.schema.alterTable('subscriptions').addColumn('payment_id', 'text').execute();
  for (const { prices, ...row } of PAID_PACKAGES) {
    await db.insertInto('subscription_packages').values({ ...row, is_free: 0 }).execute();
    await db
      .insertInto('subscription_package_prices')
      .values(Object.entries(prices).map(([currency, major]) => ({ package_id: row.id, currency, amount: major * (MINOR_UNITS[currency] ?? 100) })))
      .execute();
  }
  await sql`UPDATE subscription_packages SET description_ar = 'خمسة إعلانات مجانية عند التسجيل', description_en = 'Five free ads on registration' WHERE id = ${FREE_PACKAGE_ID}`.execute(db);

  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // What the payment is for: a SUBSCRIPTION now, an ORDER later, and which one.
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('subject_id', 'text', (col) => col.notNull())
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('amount', bigInteger, (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('country_code', 'text', (col) => col.notNull())
    .addColumn('vat_basis_points', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('failure', 'text')
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('provider_payment_id', 'text')
    .addColumn('action_url', 'text')
    .addColumn('idempotency_key', 'text', (col) => col.notNull())
    .addColumn('created_at', bigInteger, (col) => col.notNull())
    .addColumn('updated_at', bigInteger, (col) => col.notNull())
    .addColumn('succeeded_at', bigInteger)
    .addColumn('refunded_at', bigInteger)
    .addUniqueConstraint('payments_user_key_unique', ['user_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('payments_provider_payment_idx').on('payments').columns(['provider', 'provider_payment_id']).execute();

  // Each webhook event is applied once, however often the provider sends it.
  await db.schema
    .createTable('payment_webhook_events')
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('event_id', 'text', (col) => col.notNull())
    .addColumn('received_at', bigInteger, (col) => col.notNull())
    .addPrimaryKeyConstraint('payment_webhook_events_pk', ['provider', 'event_id'])
    .execute();

  // The local sandbox provider's own records: what a real provider keeps on its side.
  await db.schema
    .createTable('sandbox_card_tokens')
    .addColumn('token', 'text', (col) => col.primaryKey())
    .addColumn('brand', 'text', (col) => col.notNull())
    .addColumn('last4', 'text', (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('created_at', bigInteger, (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('sandbox_payments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('amount', bigInteger, (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('failure', 'text')
    .addColumn('pending_outcome', 'text')
    .addColumn('return_url', 'text')
    .addColumn('created_at', bigInteger, (col) => col.notNull())
    .addColumn('updated_at', bigInteger, (col) => col.notNull())
    .execute();
  // Answers kept by idempotency key, so a repeated request gets the first answer.
  await db.schema
    .createTable('sandbox_idempotent_answers')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('answer', 'text', (col) => col.notNull())
    .addColumn('created_at', bigInteger, (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('sandbox_webhooks')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('event_id', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('deliver_at', bigInteger, (col) => col.notNull())
    .addColumn('delivered_at', bigInteger)
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('sandbox_webhooks_due_idx').on('sandbox_webhooks').columns(['delivered_at', 'deliver_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['sandbox_webhooks', 'sandbox_idempotent_answers', 'sandbox_payments', 'sandbox_card_tokens', 'payment_webhook_events', 'payments']) {
    await db.schema.dropTable(table).execute();
  }
  for (const column of ['payment_id', 'canceled_at', 'ad_credits']) await db.schema.alterTable('subscriptions').dropColumn(column).execute();
  for (const column of ['on_sale', 'description_en', 'description_ar']) await db.schema.alterTable('subscription_packages').dropColumn(column).execute();
  await db.schema.alterTable('subscription_packages').addColumn('price', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('subscription_packages').addColumn('currency', 'text', (col) => col.notNull().defaultTo('SAR')).execute();
  await sql`UPDATE subscription_packages SET price = COALESCE((SELECT amount FROM subscription_package_prices p WHERE p.package_id = subscription_packages.id AND p.currency = 'SAR'), 0)`.execute(db);
  await db.schema.dropTable('subscription_package_prices').execute();
}
