import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { Kysely, Transaction } from 'kysely';
import { slugify } from '../../../domain/slug';
import { minorUnitsPerMajor } from '../../../domain/money';
import type { Database } from '../schema';
import { CATEGORY_TREE } from './categories';
import { DEMO_ADS, DEMO_PASSWORD, DEMO_USERS } from './demo';
import { SEED_COUNTRIES, seedCityId } from './places';
import { createAccount } from '../../modules/auth/accounts.repository';
import { saveAd } from '../../modules/ads/ad-records';
import { indexAdForSearch } from '../../modules/ads/search-index';
import { HOUR_MS, MINUTE_MS } from '../../../domain/timing';
import { announcedAfresh } from '../../modules/auctions/auction-records';

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
    const ownerId = userIds.get(ad.owner)!;
    const currency = currencies.get(ad.country) ?? 'SAR';
    const minor = (major: number | undefined) => (major === undefined ? null : Math.round(major * minorUnitsPerMajor(currency)));
    const subcategoryId = categoryId(ad.subcategory);
    const publishedAt = now - index * 37 * 60 * 1000;
    const startsLater = ad.startsInMs !== undefined && ad.startsInMs > 0;
    // Saved as its seller's form would save a draft: the module's rules, columns, countries and files.
    await saveAd(trx, null, {
      id,
      slug: slugify(ad.title, id.slice(0, 6)),
      ownerId,
      ownerCountry: ad.country,
      type: ad.type,
      publish: false,
      now: publishedAt,
      input: {
        title: ad.title,
        description: ad.description,
        categoryId: categoryId(ad.category),
        subcategoryId,
        brandId: brands.find((brand) => brand.category_id === subcategoryId && brand.name_en === ad.brand)?.id ?? null,
        condition: ad.condition,
        price: minor(ad.price),
        negotiable: ad.negotiable ?? false,
        shippingType: ad.shipping,
        shippingFee: minor(ad.shippingFee),
        returnable: ad.returnable ?? false,
        cashOnDelivery: ad.cashOnDelivery ?? false,
        openingAmount: minor(ad.openingAmount),
        onBackPrice: minor(ad.onBackPrice),
        instantPurchaseAmount: minor(ad.instantPurchaseAmount),
        allowDecimalBids: ad.allowDecimalBids ?? false,
        countryCodes: [ad.country],
        cityId: cityIds.get(`${ad.country}:${ad.city}`) ?? null,
        startsNow: !startsLater,
        startsAt: startsLater ? now + ad.startsInMs! : null,
        endsAt: ad.endsInMs === undefined ? null : now + ad.endsInMs,
        auctionDurationHours: ad.auctionDurationMs === undefined ? null : ad.auctionDurationMs / HOUR_MS,
        subAuctionDurationMinutes: ad.subAuctionDurationMs === undefined ? null : ad.subAuctionDurationMs / MINUTE_MS,
        liveLink: ad.liveLink ?? null,
        offersVisibleToSubscribers: ad.offersVisibleToSubscribers ?? false,
      },
    });
    // Published by hand, not through the publish command: that would spend the demo sellers' credits
    // and start every ad at the seeding moment, where the demo spreads them over the last hours.
    await trx
      .updateTable('ads')
      .set({
        status: 'PUBLISHED',
        starts_at: ad.startsInMs === undefined ? null : now + ad.startsInMs,
        ends_at: ad.endsInMs === undefined ? null : now + ad.endsInMs,
        created_at: publishedAt,
        updated_at: publishedAt,
        published_at: publishedAt,
        // Announced by the scheduler as the server starts, which then keeps each auction's next deadline.
        ...announcedAfresh(ad.type, now),
      })
      .where('id', '=', id)
      .execute();
    await indexAdForSearch(trx, id);
  }
}
