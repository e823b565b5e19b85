import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { COUNTRY_COOKIE, readCookie } from '../../../domain/locale';
import { DEFAULT_CURRENCY } from '../../../domain/money';
import type { Subscription, SubscriptionPackage, SubscriptionStatus } from '../../../domain/subscriptions';
import { vatRateOf } from '../../../domain/tax';
import { DAY_MS } from '../../../domain/timing';
import { subscriptionStateOf, subscriptionStatusOf } from '../../../machines/subscription.machine';
import type { Database } from '../../db/schema';
import { nameOf } from '../../db/localized-name';

type Db = Kysely<Database>;

const DEFAULT_COUNTRY = 'SA';

/**
 * Where a buyer pays from: the country asked for, else the one they chose on the site, else the one
 * of their account; a visitor who named none pays as the marketplace's home country.
 */
export async function buyerCountryOf(db: Db, request: FastifyRequest, asked: string | undefined): Promise<string> {
  const chosen = asked ?? readCookie(request.headers.cookie, COUNTRY_COOKIE);
  if (chosen) return chosen;
  const account = request.user ? await db.selectFrom('users').select('country_code').where('id', '=', request.user.id).executeTakeFirst() : undefined;
  return account?.country_code ?? DEFAULT_COUNTRY;
}

/** The currency a country pays in; a country the marketplace does not serve pays in the default one. */
export async function currencyOfCountry(db: Db, countryCode: string): Promise<string> {
  const country = await db.selectFrom('countries').select('currency').where('code', '=', countryCode).executeTakeFirst();
  return country?.currency ?? DEFAULT_CURRENCY;
}

function packagesIn(db: Db, currency: string) {
  return db
    .selectFrom('subscription_packages as p')
    .leftJoin('subscription_package_prices as price', (join) => join.onRef('price.package_id', '=', 'p.id').on('price.currency', '=', currency))
    .select(['p.id', 'p.slug', 'p.name_ar', 'p.name_en', 'p.description_ar', 'p.description_en', 'p.ad_credits', 'p.validity_days', 'p.is_free', 'price.amount'])
    .where('p.on_sale', '=', 1)
    // A paid package is offered where it has a price in the currency; the free one is free everywhere.
    .where((eb) => eb.or([eb('p.is_free', '=', 1), eb('price.amount', 'is not', null)]))
    .orderBy('p.sort_order');
}

export type OfferedPackage = SubscriptionPackage & { id: string };

export async function offeredPackages(db: Db, country: string, slug?: string): Promise<OfferedPackage[]> {
  const currency = await currencyOfCountry(db, country);
  const query = packagesIn(db, currency);
  const rows = await (slug === undefined ? query : query.where('p.slug', '=', slug)).execute();
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: nameOf(row),
    description: { ar: row.description_ar, en: row.description_en },
    price: row.is_free ? 0 : Number(row.amount),
    currency,
    vatBasisPoints: vatRateOf(country),
    adCredits: row.ad_credits,
    validityDays: row.validity_days,
    isFree: row.is_free === 1,
  }));
}

export function validityMsOf(validityDays: number | null): number | null {
  return validityDays === null ? null : validityDays * DAY_MS;
}

export function subscriptionRows(db: Db) {
  return db
    .selectFrom('subscriptions as s')
    .innerJoin('subscription_packages as p', 'p.id', 's.package_id')
    .select(['s.id', 's.user_id', 's.status', 's.price', 's.currency', 's.ad_credits', 's.ad_credits_remaining', 's.paid_at', 's.starts_at', 's.ends_at', 's.canceled_at', 's.payment_id', 's.created_at'])
    .select(['p.slug', 'p.name_ar', 'p.name_en', 'p.is_free', 'p.validity_days']);
}

export type SubscriptionRow = Awaited<ReturnType<ReturnType<typeof subscriptionRows>['executeTakeFirstOrThrow']>>;

export function subscriptionStateOfRow(row: SubscriptionRow, now: number) {
  return subscriptionStateOf(row.status as SubscriptionStatus, {
    ownerId: row.user_id,
    isFree: row.is_free === 1,
    validityMs: validityMsOf(row.validity_days),
    endsAt: row.ends_at,
    at: now,
  });
}

export function subscriptionViewOf(row: SubscriptionRow, now: number): Subscription {
  const status = subscriptionStatusOf(subscriptionStateOfRow(row, now));
  return {
    id: row.id,
    package: { slug: row.slug, name: nameOf(row), isFree: row.is_free === 1 },
    status,
    price: row.price,
    currency: row.currency,
    adCredits: row.ad_credits,
    // An expired subscription's credits ended with it.
    adCreditsRemaining: status === 'EXPIRED' ? 0 : row.ad_credits_remaining,
    paidAt: row.paid_at,
    startsAt: status === 'PENDING_PAYMENT' ? null : row.starts_at,
    endsAt: row.ends_at,
    canceledAt: row.canceled_at,
    paymentId: row.payment_id,
  };
}
