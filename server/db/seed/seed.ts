import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { Kysely, Transaction } from 'kysely';
import { asksFor } from '../../../domain/ad-form';
import { slugify } from '../../../domain/slug';
import { minorUnitsPerMajor } from '../../../domain/money';
import type { Database } from '../schema';
import { CATEGORY_TREE } from './categories';
import { DEMO_ADS, DEMO_PASSWORD, DEMO_USERS } from './demo';
import { SEED_COUNTRIES, seedCityId } from './places';
import { createAccount } from '../../modules/auth/accounts.repository';
import { indexAdForSearch } from '../../modules/ads/search-index';

export interface SeedOptions {
  demo: boolean;
  now: number;
}

/** Seeds an empty database once; a database that has categories is left as it is. */
export async function seedOnFirstRun(db: Kysely<Database>, options: SeedOptions): Promise<boolean> {
  const existing = await db.selectFrom('categories').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  // Hashing is slow by design: do it before the transaction holds the write lock.
  const passwordHash = options.demo ? await hash(DEMO_PASSWORD) : '';
  await db.transaction().execute(async (trx) => {
    await seedPlaces(trx);
    await seedCategories(trx);
    if (options.demo) await seedDemo(trx, passwordHash, options.now);
  });
  return true;
}

async function seedPlaces(trx: Transaction<Database>) {
  await trx
    .insertInto('countries')
    .values(SEED_COUNTRIES.map((country, index) => ({ code: country.code, dial_code: country.dialCode, currency: country.currency, sort_order: index })))
    .execute();
  await trx
    .insertInto('cities')
    .values(
      SEED_COUNTRIES.flatMap((country, countryIndex) =>
        country.cities.map(([en, ar], cityIndex) => ({
          id: seedCityId(countryIndex, cityIndex),
          country_code: country.code,
          name_en: en,
          name_ar: ar,
        })),
      ),
    )
    .execute();
}

async function seedCategories(trx: Transaction<Database>) {
  let categoryId = 0;
  let brandId = 0;
  for (const [index, top] of CATEGORY_TREE.entries()) {
    const topId = ++categoryId;
    await trx.insertInto('categories').values({ id: topId, parent_id: null, slug: top.slug, name_ar: top.ar, name_en: top.en, icon: top.icon, sort_order: index }).execute();
    for (const [childIndex, child] of (top.children ?? []).entries()) {
      const childId = ++categoryId;
      await trx.insertInto('categories').values({ id: childId, parent_id: topId, slug: child.slug, name_ar: child.ar, name_en: child.en, icon: child.icon, sort_order: childIndex }).execute();
      for (const brand of child.brands ?? []) {
        await trx.insertInto('brands').values({ id: ++brandId, category_id: childId, name_ar: brand.ar, name_en: brand.en }).execute();
      }
    }
  }
}

async function seedDemo(trx: Transaction<Database>, passwordHash: string, now: number) {
  const cityIds = new Map<string, number>();
  SEED_COUNTRIES.forEach((country, countryIndex) =>
    country.cities.forEach(([en], cityIndex) => cityIds.set(`${country.code}:${en}`, seedCityId(countryIndex, cityIndex))),
  );
  const currencies = new Map(SEED_COUNTRIES.map((country) => [country.code, country.currency]));
  const userIds = new Map<string, string>();

  for (const [index, user] of DEMO_USERS.entries()) {
    const id = randomUUID();
    userIds.set(user.key, id);
    await createAccount(
      trx,
      {
        id,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        phone: user.phone,
        country: user.country,
        cityId: cityIds.get(`${user.country}:${user.city}`) ?? null,
        passwordHash,
        about: user.about,
        // Demo sellers joined at different times, so joining dates read naturally.
        createdAt: now - (400 - index * 90) * 24 * 60 * 60 * 1000,
        verifiedAt: now,
        emailVerifiedAt: now,
      },
      now,
    );
  }

  const categories = await trx.selectFrom('categories').select(['id', 'slug']).execute();
  const categoryId = (slug: string) => {
    const found = categories.find((category) => category.slug === slug);
    if (!found) throw new Error(`Seed refers to unknown category ${slug}`);
    return found.id;
  };
  const brands = await trx.selectFrom('brands').select(['id', 'category_id', 'name_en']).execute();

  for (const [index, ad] of DEMO_ADS.entries()) {
    const id = randomUUID();
    const currency = currencies.get(ad.country) ?? 'SAR';
    const minor = (major: number | undefined) => (major === undefined ? null : Math.round(major * minorUnitsPerMajor(currency)));
    const subcategoryId = categoryId(ad.subcategory);
    const publishedAt = now - index * 37 * 60 * 1000;
    const startsAt = ad.startsInMs === undefined ? null : now + ad.startsInMs;
    await trx
      .insertInto('ads')
      .values({
        id,
        slug: slugify(ad.title, id.slice(0, 6)),
        owner_id: userIds.get(ad.owner)!,
        type: ad.type,
        status: 'PUBLISHED',
        title: ad.title,
        description: ad.description,
        category_id: categoryId(ad.category),
        subcategory_id: subcategoryId,
        brand_id: brands.find((brand) => brand.category_id === subcategoryId && brand.name_en === ad.brand)?.id ?? null,
        condition: ad.condition,
        currency,
        price: minor(ad.price),
        shipping_type: asksFor(ad.type, 'shippingType') ? ad.shipping : null,
        shipping_fee: minor(ad.shippingFee),
        opening_amount: minor(ad.openingAmount),
        on_back_price: minor(ad.onBackPrice),
        instant_purchase_amount: minor(ad.instantPurchaseAmount),
        allow_decimal_bids: ad.allowDecimalBids ? 1 : 0,
        negotiable: ad.negotiable ? 1 : 0,
        returnable: ad.returnable ? 1 : 0,
        country_code: ad.country,
        city_id: cityIds.get(`${ad.country}:${ad.city}`) ?? null,
        starts_at: startsAt,
        ends_at: ad.endsInMs === undefined ? null : now + ad.endsInMs,
        auction_duration_ms: ad.auctionDurationMs ?? null,
        sub_auction_duration_ms: ad.subAuctionDurationMs ?? null,
        live_link: ad.liveLink ?? null,
        offers_visible_to_subscribers: ad.offersVisibleToSubscribers ? 1 : 0,
        created_at: publishedAt,
        updated_at: publishedAt,
        published_at: publishedAt,
      })
      .execute();
    await trx.insertInto('ad_countries').values({ ad_id: id, country_code: ad.country }).execute();
    await indexAdForSearch(trx, id);
  }
}
