import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdStatus, AdType, ProductCondition, ShippingType } from '../../domain/ad';
import type { AdSummary } from '../../domain/ad-schemas';
import { MAX_AMOUNT_MINOR } from '../../domain/money';
import { matchesSearchTerms } from '../../server/db/dialect';
import { indexAdForSearch, indexAllAdsForSearch } from '../../server/modules/ads/search-index';
import { buildTestApp, type TestApp, testDialect } from './helpers/test-app';

const NOW = Date.UTC(2031, 0, 15, 12);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const RIYADH = 101;
const DUBAI = 201;

interface AdFixture {
  title: string;
  subcategory: string;
  type?: AdType;
  status?: AdStatus;
  brand?: string;
  condition?: ProductCondition;
  price?: number;
  openingAmount?: number;
  countries?: string[];
  cityId?: number;
  shipping?: ShippingType;
  startsAt?: number;
  endsAt?: number;
  publishedAt: number;
  bidCount?: number;
  keywords?: string[];
  description?: string;
}

/** Visible to buyers, newest first. */
const VISIBLE: AdFixture[] = [
  { title: 'سيارة تويوتا كامري ٢٠٢٢ نظيفة', subcategory: 'cars', brand: 'Toyota', condition: 'USED', price: 85_000_00, countries: ['SA', 'AE'], cityId: RIYADH, shipping: 'PAID', publishedAt: NOW - HOUR, keywords: ['عائلية'] },
  { title: 'غطاء السيارة الأصلي', subcategory: 'spare-parts', condition: 'NEW', price: 150_00, shipping: 'FREE', publishedAt: NOW - 2 * HOUR },
  { title: 'Used Mercedes E300 for sale', subcategory: 'cars', brand: 'Mercedes-Benz', type: 'INSTANT_SALE_AND_AUCTION', condition: 'USED', openingAmount: 90_000_00, shipping: 'FREE', startsAt: NOW - 3 * HOUR, endsAt: NOW + 5 * HOUR, bidCount: 2, publishedAt: NOW - 3 * HOUR },
  { title: 'أسعار مميزة من معرض أحمد', subcategory: 'mobiles', brand: 'Samsung', condition: 'NEW', price: 2_500_00, countries: ['JO'], publishedAt: NOW - 4 * HOUR },
  { title: 'مبنى تجاري للبيع', subcategory: 'commercial', price: 1_000_000_00, countries: ['EG'], publishedAt: NOW - 5 * HOUR },
  { title: 'شقة في الطابق الثاني', subcategory: 'apartments-for-rent', price: 3_000_00, countries: ['EG'], publishedAt: NOW - 6 * HOUR },
  { title: 'Dell XPS 13', subcategory: 'laptops', brand: 'Dell', condition: 'USED', price: 4_000_00, countries: ['KW'], publishedAt: NOW - 7 * HOUR, keywords: ['Bargain', 'عرض خاص'] },
  { title: 'توريد أثاث مكتبي لمدرسة', subcategory: 'office-furniture', type: 'PUBLIC_TENDER', countries: ['KW'], shipping: 'FREE', startsAt: NOW - DAY, endsAt: NOW + 10 * DAY, publishedAt: NOW - 8 * HOUR },
  { title: 'ساعة رولكس نادرة', subcategory: 'watches', type: 'PRIVATE_AUCTION', condition: 'USED', openingAmount: 20_000_00, startsAt: NOW + DAY, endsAt: NOW + 3 * DAY, publishedAt: NOW - 9 * HOUR },
  { title: 'مَرْسِيدِس بنز C200 للبيع', subcategory: 'cars', type: 'PUBLIC_AUCTION', condition: 'USED', openingAmount: 60_000_00, countries: ['AE'], cityId: DUBAI, shipping: 'PAID', startsAt: NOW - DAY, endsAt: NOW + 2 * DAY, bidCount: 7, publishedAt: NOW - DAY },
];

/** Every one of them says سيارة, and a search for it must still not show them. */
const HIDDEN: AdFixture[] = [
  { title: 'سيارة مسودة', subcategory: 'cars', status: 'DRAFT', publishedAt: NOW - HOUR },
  { title: 'سيارة منتهية', subcategory: 'cars', status: 'ENDED', publishedAt: NOW - HOUR },
  { title: 'سيارة محذوفة', subcategory: 'cars', status: 'DELETED', publishedAt: NOW - HOUR },
  { title: 'سيارة انتهى وقتها', subcategory: 'cars', type: 'PUBLIC_AUCTION', startsAt: NOW - DAY, endsAt: NOW - MINUTE, publishedAt: NOW - HOUR },
];

/** Published at the same moment, so only the id orders them. */
const BEDS: AdFixture[] = Array.from({ length: 14 }, (_, index) => ({ title: `Bed frame ${index + 1}`, subcategory: 'bedrooms', condition: 'NEW', price: 500_00 + index, publishedAt: NOW - 2 * DAY }));

const [CAMRY, CAR_COVER, E300, AHMAD, BUILDING, FLAT, DELL, TENDER, ROLEX, C200] = VISIBLE.map((ad) => ad.title);

describe(`finding ads on ${testDialect}`, () => {
  let t: TestApp;
  let adNumber = 0;
  /** The server's clock: NOW, but for the test that lets an ad's end pass. */
  let clock = NOW;

  async function insertAd(fixture: AdFixture): Promise<string> {
    const db = t.app.db;
    const id = `ad-${String(++adNumber).padStart(3, '0')}`;
    const subcategory = await db.selectFrom('categories').select(['id', 'parent_id']).where('slug', '=', fixture.subcategory).executeTakeFirstOrThrow();
    const brand = fixture.brand
      ? await db.selectFrom('brands').select('id').where('category_id', '=', subcategory.id).where('name_en', '=', fixture.brand).executeTakeFirstOrThrow()
      : undefined;
    const countries = fixture.countries ?? ['SA'];
    const owner = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    await db
      .insertInto('ads')
      .values({
        id, slug: id, owner_id: owner.id, type: fixture.type ?? 'INSTANT_SALE', status: fixture.status ?? 'PUBLISHED',
        title: fixture.title, description: fixture.description ?? '', keywords: JSON.stringify(fixture.keywords ?? []),
        category_id: subcategory.parent_id, subcategory_id: subcategory.id, brand_id: brand?.id ?? null,
        condition: fixture.condition ?? 'NOT_SPECIFIED', currency: 'SAR', price: fixture.price ?? null, opening_amount: fixture.openingAmount ?? null,
        shipping_type: fixture.shipping ?? 'PAID', shipping_fee: null, on_back_price: null, instant_purchase_amount: null,
        allow_decimal_bids: 0, negotiable: 0, returnable: 0, country_code: countries[0]!, city_id: fixture.cityId ?? null,
        starts_at: fixture.startsAt ?? null, ends_at: fixture.endsAt ?? null, auction_duration_ms: null, sub_auction_duration_ms: null,
        live_link: null, offers_visible_to_subscribers: 0, main_image_id: null, bid_count: fixture.bidCount ?? 0,
        created_at: fixture.publishedAt, updated_at: fixture.publishedAt, published_at: fixture.publishedAt,
      })
      .execute();
    await db.insertInto('ad_countries').values(countries.map((country_code) => ({ ad_id: id, country_code }))).execute();
    await indexAdForSearch(db, id);
    return id;
  }

  async function listing(query: Record<string, string | number>): Promise<{ titles: string[]; total: number; items: AdSummary[] }> {
    const params = new URLSearchParams(Object.entries({ pageSize: 48, ...query }).map(([key, value]) => [key, String(value)]));
    const response = await t.app.inject({ method: 'GET', url: `/api/ads?${params}` });
    expect(response.statusCode, `${params}: ${response.body}`).toBe(200);
    const body = response.json() as { items: AdSummary[]; total: number };
    return { ...body, titles: body.items.map((ad) => ad.title) };
  }
  const found = async (q: string, filters: Record<string, string | number> = {}) => (await listing({ q, ...filters })).titles.sort();
  const titlesOf = (...titles: Array<string | undefined>) => titles.map((title) => title!).sort();

  beforeAll(async () => {
    t = await buildTestApp({ now: () => clock, env: { SEED_DEMO_DATA: 'false' } });
    await t.app.db
      .insertInto('users')
      .values({ id: 'seller', slug: 'seller', first_name: 'Sara', last_name: 'Seller', email: 'seller@example.com', phone: '966500000001', country_code: 'SA', city_id: RIYADH, password_hash: '', about: '', created_at: NOW - 30 * DAY, verified_at: NOW - 30 * DAY, email_verified_at: NOW - 30 * DAY })
      .execute();
    for (const fixture of [...VISIBLE, ...HIDDEN, ...BEDS]) await insertAd(fixture);
  });
  afterAll(async () => t.close());

  describe('full-text search', () => {
    it('finds a word whatever its spelling: ة and ه, the article, alef and hamza forms, diacritics', async () => {
      expect(await found('سياره')).toEqual(titlesOf(CAMRY, CAR_COVER));
      expect(await found('السيارة')).toEqual(titlesOf(CAMRY, CAR_COVER));
      expect(await found('احمد')).toEqual(titlesOf(AHMAD));
      expect(await found('اسعار')).toEqual(titlesOf(AHMAD));
      expect(await found('أحمد')).toEqual(titlesOf(AHMAD));
      // The Arabic brand name of the E300 (مرسيدس بنز) is searchable too.
      expect(await found('مرسيدس')).toEqual(titlesOf(E300, C200));
      expect(await found('مِرسيدِس')).toEqual(titlesOf(E300, C200));
    });

    it('treats alef maqsura and ya as one letter, both ways, and reads Arabic-Indic digits', async () => {
      expect(await found('مبني')).toEqual(titlesOf(BUILDING));
      expect(await found('مبنى')).toEqual(titlesOf(BUILDING));
      expect(await found('الثانى')).toEqual(titlesOf(FLAT));
      expect(await found('2022')).toEqual(titlesOf(CAMRY));
      expect(await found('٢٠٢٢')).toEqual(titlesOf(CAMRY));
    });

    it('ignores English letter case and matches the start of each word', async () => {
      expect(await found('merc')).toEqual(titlesOf(E300));
      expect(await found('MERCEDES')).toEqual(titlesOf(E300));
      expect(await found('Toyota')).toEqual(titlesOf(CAMRY));
      expect(await found('xps 13')).toEqual(titlesOf(DELL));
      expect(await found('تويوتا 2022')).toEqual(titlesOf(CAMRY));
      expect(await found('تويوتا مرسيدس')).toEqual([]);
    });

    it('searches keywords and the names of category, subcategory and brand in both languages', async () => {
      expect(await found('bargain')).toEqual(titlesOf(DELL));
      expect(await found('عرض خاص')).toEqual(titlesOf(DELL));
      expect(await found('لابتوب')).toEqual(titlesOf(DELL));
      expect(await found('Laptops')).toEqual(titlesOf(DELL));
      expect(await found('الكترونيات')).toEqual(titlesOf(AHMAD, DELL));
      expect(await found('سامسونج')).toEqual(titlesOf(AHMAD));
    });

    it('never fails on search operators, wildcards or quotes: they are text', async () => {
      const awkward = ['%', '_', '100%', "'", "O'Brien", '"', '"سيارة', 'سيارة"', '*', 'merc*', 'OR', 'a OR b', '-', '-سيارة', 'NEAR(', 'NEAR(a b)', '\\', "':*", '!&|', '()', 'x:*', 'AND NOT', '^', '{col}: x', 'ـ', '\u0301', 'ि'];
      for (const q of awkward) await listing({ q });
      expect(await found('"merc" OR')).toEqual([]);
      // The helper quotes whatever it is given, normalised or not.
      for (const terms of [["it's"], ['a"b'], ['\\'], ["'\\'"], ['x:*'], ['a & !b'], ['*'], ['NEAR(a', 'b)'], ['']]) {
        await t.app.db.selectFrom('ads').select('ads.id').where(matchesSearchTerms(t.dialect, terms)).execute();
      }
      expect(await found('%')).toHaveLength(24);
    });

    it('follows an ad when it is indexed again, and rebuilds the whole index on demand', async () => {
      const db = t.app.db;
      const id = await insertAd({ title: 'دراجة هوائية جبلية', subcategory: 'bicycles', publishedAt: NOW - 3 * DAY });
      expect(await found('جبليه')).toEqual(['دراجة هوائية جبلية']);
      await db.updateTable('ads').set({ title: 'دراجة هوائية سباق' }).where('id', '=', id).execute();
      await indexAdForSearch(db, id);
      expect(await found('جبليه')).toEqual([]);
      expect(await found('سباق')).toEqual(['دراجة هوائية سباق']);
      await db.deleteFrom('ads').where('id', '=', id).execute();
      expect(await found('دراجه')).toEqual([]);

      await db.withTables<{ ad_search: { ad_id: string } }>().deleteFrom('ad_search').execute();
      expect(await found('سياره')).toEqual([]);
      await indexAllAdsForSearch(db);
      expect(await found('سياره')).toEqual(titlesOf(CAMRY, CAR_COVER));
      // FTS5 compares its index with the table it indexes and fails on any difference.
      if (testDialect === 'sqlite') await sql`INSERT INTO ad_search_fts (ad_search_fts, rank) VALUES ('integrity-check', 1)`.execute(db);
    });
  });

  describe('filters', () => {
    it('shows only published ads whose schedule has not run out', async () => {
      const all = await listing({});
      expect(all.total).toBe(VISIBLE.length + BEDS.length);
      for (const hidden of HIDDEN) expect(all.titles).not.toContain(hidden.title);
      expect(await found('سيارة', { pageSize: 12 })).not.toContain(HIDDEN[3]!.title);
    });

    it('narrows by the countries an ad is offered in, not only its first one', async () => {
      expect(await found('', { country: 'AE' })).toEqual(titlesOf(CAMRY, C200));
      expect(await found('', { country: 'KW' })).toEqual(titlesOf(DELL, TENDER));
      expect(await found('', { country: 'QA' })).toEqual([]);
    });

    it('narrows by sale type and by kind of sale', async () => {
      expect(await found('', { type: 'PUBLIC_AUCTION' })).toEqual(titlesOf(C200));
      expect(await found('', { kind: 'AUCTION' })).toEqual(titlesOf(E300, ROLEX, C200));
      expect(await found('', { kind: 'TENDER' })).toEqual(titlesOf(TENDER));
      expect((await listing({ kind: 'SALE' })).total).toBe(6 + BEDS.length);
    });

    it('narrows by category or subcategory slug, brand, condition, city and shipping', async () => {
      expect(await found('', { category: 'vehicles' })).toEqual(titlesOf(CAMRY, CAR_COVER, E300, C200));
      expect(await found('', { category: 'cars' })).toEqual(titlesOf(CAMRY, E300, C200));
      expect(await found('', { category: 'laptops' })).toEqual(titlesOf(DELL));
      expect(await found('', { category: 'no-such-category' })).toEqual([]);
      const toyota = await t.app.db.selectFrom('brands').innerJoin('categories', 'categories.id', 'brands.category_id').select('brands.id').where('categories.slug', '=', 'cars').where('brands.name_en', '=', 'Toyota').executeTakeFirstOrThrow();
      expect(await found('', { brand: toyota.id })).toEqual(titlesOf(CAMRY));
      expect(await found('', { condition: 'USED' })).toEqual(titlesOf(CAMRY, E300, DELL, ROLEX, C200));
      expect(await found('', { condition: 'NEW', category: 'vehicles' })).toEqual(titlesOf(CAR_COVER));
      expect(await found('', { city: DUBAI })).toEqual(titlesOf(C200));
      expect(await found('', { shipping: 'FREE', category: 'vehicles' })).toEqual(titlesOf(CAR_COVER, E300));
    });

    it('narrows by price: the price, or the opening amount where there is none', async () => {
      expect(await found('', { minPrice: 60_000_00, maxPrice: 85_000_00 })).toEqual(titlesOf(CAMRY, C200));
      expect(await found('', { minPrice: 90_000_00 })).toEqual(titlesOf(E300, BUILDING));
      expect(await found('', { maxPrice: 150_00 })).toEqual(titlesOf(CAR_COVER));
    });

    it('shows only ads running now: started, and due to end', async () => {
      expect(await found('', { running: 'true' })).toEqual(titlesOf(E300, TENDER, C200));
    });

    it('combines a search with filters', async () => {
      expect(await found('سياره', { condition: 'USED', country: 'SA' })).toEqual(titlesOf(CAMRY));
      expect(await found('سياره', { condition: 'USED', country: 'AE' })).toEqual(titlesOf(CAMRY));
      expect(await found('سياره', { condition: 'NEW', country: 'AE' })).toEqual([]);
    });

    it('refuses values the listing does not offer', async () => {
      for (const query of ['pageSize=13', 'sort=cheapest', 'page=0', 'country=sa', 'condition=BROKEN', 'minPrice=-1', 'running=false']) {
        expect((await t.app.inject({ method: 'GET', url: `/api/ads?${query}` })).statusCode, query).toBe(400);
      }
      for (const price of ['minPrice', 'maxPrice']) {
        const tooLarge = await t.app.inject({ method: 'GET', url: `/api/ads?${price}=${MAX_AMOUNT_MINOR + 1}` });
        expect(tooLarge.statusCode, tooLarge.body).toBe(400);
        expect(tooLarge.json().error.fields).toEqual({ [price]: 'AMOUNT_TOO_LARGE' });
        expect((await t.app.inject({ method: 'GET', url: `/api/ads?${price}=${MAX_AMOUNT_MINOR}` })).statusCode).toBe(200);
      }
    });
  });

  describe('sorting and pages', () => {
    it('sorts newest first, ending soonest (no end last), by price both ways (no price last) and by bids', async () => {
      expect((await listing({ category: 'vehicles' })).titles).toEqual([CAMRY, CAR_COVER, E300, C200]);
      expect((await listing({ category: 'vehicles', sort: 'newest' })).titles).toEqual([CAMRY, CAR_COVER, E300, C200]);
      expect((await listing({ category: 'vehicles', sort: 'endingSoon' })).titles).toEqual([E300, C200, CAMRY, CAR_COVER]);
      expect((await listing({ category: 'vehicles', sort: 'priceAsc' })).titles).toEqual([CAR_COVER, C200, CAMRY, E300]);
      expect((await listing({ category: 'vehicles', sort: 'priceDesc' })).titles).toEqual([E300, CAMRY, C200, CAR_COVER]);
      expect((await listing({ category: 'vehicles', sort: 'mostBids' })).titles).toEqual([C200, E300, CAMRY, CAR_COVER]);
      expect((await listing({ country: 'KW', sort: 'priceAsc' })).titles).toEqual([DELL, TENDER]);
      expect((await listing({ country: 'KW', sort: 'priceDesc' })).titles).toEqual([DELL, TENDER]);
      expect((await listing({ country: 'KW', sort: 'endingSoon' })).titles).toEqual([TENDER, DELL]);
    });

    it('pages through results with the total, ties broken so no ad shows twice', async () => {
      const whole = await listing({ category: 'bedrooms', pageSize: 24 });
      expect(whole.titles).toEqual(BEDS.map((bed) => bed.title));
      const first = await listing({ category: 'bedrooms', pageSize: 12, page: 1 });
      const second = await listing({ category: 'bedrooms', pageSize: 12, page: 2 });
      expect([first.total, second.total]).toEqual([14, 14]);
      expect(first.titles).toHaveLength(12);
      expect([...first.titles, ...second.titles]).toEqual(whole.titles);
      expect(await listing({ category: 'bedrooms', pageSize: 12, page: 3 })).toMatchObject({ items: [], total: 14, page: 3, pageSize: 12 });
      expect(await listing({})).toMatchObject({ page: 1, pageSize: 48 });
      const byDefault = (await t.app.inject({ method: 'GET', url: '/api/ads' })).json() as { items: unknown[]; pageSize: number; total: number };
      expect(byDefault).toMatchObject({ pageSize: 12, total: VISIBLE.length + BEDS.length });
      expect(byDefault.items).toHaveLength(12);
    });
  });

  describe('the matches a listing keeps', () => {
    const WORD = 'مكنسة';
    const cleaner = (title: string, fixture: Partial<AdFixture> = {}) => insertAd({ title: `${WORD} ${title}`, subcategory: 'office-furniture', price: 100_00, publishedAt: NOW - HOUR, ...fixture });
    const cleaners = async (query: Record<string, string | number> = {}) => listing({ q: WORD, sort: 'priceAsc', ...query });

    it('finds them again after every write that changes them, and shows each card as it is now', async () => {
      const db = t.app.db;
      const small = await cleaner('صغيرة', { price: 100_00 });
      const large = await cleaner('كبيرة', { price: 200_00 });
      expect((await cleaners()).titles).toEqual([`${WORD} صغيرة`, `${WORD} كبيرة`]);
      expect((await cleaners()).titles).toEqual([`${WORD} صغيرة`, `${WORD} كبيرة`]);

      await db.updateTable('ads').set({ price: 300_00 }).where('id', '=', small).execute();
      expect((await cleaners()).titles).toEqual([`${WORD} كبيرة`, `${WORD} صغيرة`]);
      // A bid's count changes no order kept here, but the card shows it.
      await db.updateTable('ads').set({ bid_count: 4 }).where('id', '=', large).execute();
      expect((await cleaners()).items.map((ad) => ad.bidCount)).toEqual([4, 0]);

      const third = await cleaner('يدوية', { price: 50_00 });
      expect(await cleaners()).toMatchObject({ titles: [`${WORD} يدوية`, `${WORD} كبيرة`, `${WORD} صغيرة`], total: 3 });
      expect((await cleaners({ country: 'SA' })).total).toBe(3);
      await db.deleteFrom('ad_countries').where('ad_id', '=', third).execute();
      await db.insertInto('ad_countries').values({ ad_id: third, country_code: 'KW' }).execute();
      expect((await cleaners({ country: 'SA' })).total).toBe(2);

      await db.updateTable('ads').set({ status: 'ENDED' }).where('id', '=', large).execute();
      expect(await cleaners()).toMatchObject({ titles: [`${WORD} يدوية`, `${WORD} صغيرة`], total: 2 });
      await db.deleteFrom('ads').where('id', '=', third).execute();
      expect(await cleaners()).toMatchObject({ titles: [`${WORD} صغيرة`], total: 1 });
      await db.updateTable('ads').set({ title: 'ممسحة' }).where('id', '=', small).execute();
      await indexAdForSearch(db, small);
      expect(await cleaners()).toMatchObject({ titles: [], total: 0 });
      await db.deleteFrom('ads').where('id', 'in', [small, large]).execute();
    });

    it('lets an ad go when its end passes, though nothing was written, on its page and in the total', async () => {
      // A first page of twelve that stay, and the ending one, dearest, alone on the second.
      const staying = await Promise.all(Array.from({ length: 12 }, (_, index) => cleaner(`باقية ${index + 1}`, { price: 10_00 + index })));
      const ending = await cleaner('تنتهي قريبا', { endsAt: NOW + MINUTE, price: 900_00 });
      expect(await cleaners({ pageSize: 12 })).toMatchObject({ total: 13 });
      expect((await cleaners({ pageSize: 12, page: 2 })).titles).toEqual([`${WORD} تنتهي قريبا`]);
      clock = NOW + 2 * MINUTE;
      try {
        expect(await cleaners({ pageSize: 12 })).toMatchObject({ total: 12 });
        expect(await cleaners({ pageSize: 12, page: 2 })).toMatchObject({ titles: [], total: 12 });
      } finally {
        clock = NOW;
        await t.app.db.deleteFrom('ads').where('id', 'in', [...staying, ending]).execute();
      }
    });

    it('never keeps the orders that bids change', async () => {
      const db = t.app.db;
      const [first, second] = [await cleaner('أولى'), await cleaner('ثانية')];
      await db.updateTable('ads').set({ bid_count: 2 }).where('id', '=', first).execute();
      expect((await cleaners({ sort: 'mostBids' })).titles).toEqual([`${WORD} أولى`, `${WORD} ثانية`]);
      await db.updateTable('ads').set({ bid_count: 3 }).where('id', '=', second).execute();
      expect((await cleaners({ sort: 'mostBids' })).titles).toEqual([`${WORD} ثانية`, `${WORD} أولى`]);
      await db.deleteFrom('ads').where('id', 'in', [first, second]).execute();
    });
  });
});
