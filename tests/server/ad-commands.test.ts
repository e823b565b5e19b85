import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisterInput, Verification } from '../../domain/account';
import { AD_TYPES, type AdType } from '../../domain/ad';
import type { AdDetail, AdList } from '../../domain/ad-schemas';
import type { AdActions, AdInput, MyAds, OwnedAd } from '../../domain/ad-form';
import type { AuctionSnapshot } from '../../domain/auction';
import type { MediaItem } from '../../domain/media-schemas';
import { MAX_AMOUNT_MINOR } from '../../domain/money';
import arErrors from '../../locales/ar/errors.json';
import enErrors from '../../locales/en/errors.json';
import { TestBrowser } from './helpers/browser';
import { buildTestApp, type TestApp, testDialect } from './helpers/test-app';
import { DAY_MS, HOUR_MS } from '../../domain/timing';

const FREE_PACKAGE_CREDITS = 5;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

interface Seller {
  browser: TestBrowser;
  userId: string;
}

describe(`ad commands on ${testDialect}: drafts, publishing, field rules, permissions, lifecycle`, () => {
  let t: TestApp;
  const clock = { now: Date.UTC(2026, 10, 21, 9, 0, 0) };
  const catalogue = { electronics: 0, mobiles: 0, apple: 0, vehicles: 0, cars: 0, toyota: 0, riyadh: 0, amman: 0 };
  let serial = 0;

  beforeAll(async () => {
    t = await buildTestApp({ now: () => clock.now });
    const categories = await t.app.db.selectFrom('categories').select(['id', 'slug']).execute();
    const categoryId = (slug: string) => categories.find((category) => category.slug === slug)!.id;
    const brands = await t.app.db.selectFrom('brands').select(['id', 'name_en', 'category_id']).execute();
    const brandId = (name: string, subcategory: number) => brands.find((brand) => brand.name_en === name && brand.category_id === subcategory)!.id;
    const cities = await t.app.db.selectFrom('cities').select(['id', 'name_en']).execute();
    const cityId = (name: string) => cities.find((city) => city.name_en === name)!.id;
    catalogue.electronics = categoryId('electronics');
    catalogue.mobiles = categoryId('mobiles');
    catalogue.apple = brandId('Apple', catalogue.mobiles);
    catalogue.vehicles = categoryId('vehicles');
    catalogue.cars = categoryId('cars');
    catalogue.toyota = brandId('Toyota', catalogue.cars);
    catalogue.riyadh = cityId('Riyadh');
    catalogue.amman = cityId('Amman');
  });
  afterAll(async () => t.close());

  /** A new person who registered and entered the emailed code: signed in, with the free package. */
  async function newSeller(options: { locale?: 'ar' | 'en' } = {}): Promise<Seller> {
    const browser = new TestBrowser(t.app, options);
    serial += 1;
    const input: RegisterInput = {
      firstName: 'Huda',
      lastName: 'Nasser',
      email: `seller${serial}-${randomUUID().slice(0, 6)}@example.com`,
      phone: `96650${String(1_000_000 + serial * 7919).slice(0, 7)}`,
      country: 'SA',
      cityId: catalogue.riyadh,
      password: 'secret12',
      agreeToTerms: true,
      channel: 'email',
    };
    const registered = await browser.post('/api/auth/register', input);
    expect(registered.statusCode, registered.body).toBe(201);
    const { verification } = registered.json() as { verification: Verification };
    const [message] = (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?recipient=${encodeURIComponent(input.email)}&limit=1` })).json() as Array<{ body: string }>;
    const code = message!.body.match(/\b\d{6}\b/)![0];
    const verified = await browser.post(`/api/auth/verifications/${verification.id}/verify`, { code });
    expect(verified.statusCode, verified.body).toBe(200);
    return { browser, userId: (verified.json() as { user: { id: string } }).user.id };
  }

  /** The same signed-in person, reading the site in Arabic. */
  function inArabic(seller: Seller): TestBrowser {
    const browser = new TestBrowser(t.app, { locale: 'ar' });
    for (const [name, value] of seller.browser.cookies) if (name !== 'locale') browser.cookies.set(name, value);
    return browser;
  }

  const setCredits = (userId: string, credits: number) => t.app.db.updateTable('subscriptions').set({ ad_credits_remaining: credits }).where('user_id', '=', userId).execute();

  async function upload(browser: TestBrowser, name: string, bytes: Buffer): Promise<MediaItem> {
    const response = await browser.upload('/api/media', { name, bytes });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as MediaItem;
  }

  /** Small real photos, a PNG and a JPEG in turn, each a different colour. */
  async function uploadImages(browser: TestBrowser, count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let index = 0; index < count; index++) {
      const image = sharp({ create: { width: 12, height: 8, channels: 3, background: { r: (index * 40) % 256, g: 90, b: 160 } } });
      const [name, bytes] = index % 2 === 0 ? [`photo-${index}.png`, await image.png().toBuffer()] : [`photo-${index}.jpg`, await image.jpeg().toBuffer()];
      ids.push((await upload(browser, name, bytes)).id);
    }
    return ids;
  }

  /** Every field the sale type asks for, valid; the second image is the main one. */
  function fullFields(type: AdType, media: { imageIds: string[]; documentIds?: string[] }): AdInput {
    const common: AdInput = {
      title: `iPhone 14 Pro ${type}`,
      description: 'Clean, boxed, with its charger.',
      categoryId: catalogue.electronics,
      subcategoryId: catalogue.mobiles,
      brandId: catalogue.apple,
      keywords: ['iphone', 'apple phone'],
      condition: 'USED',
      imageIds: media.imageIds,
      mainImageId: media.imageIds[1] ?? media.imageIds[0] ?? null,
      videoId: null,
      countryCodes: ['SA', 'JO'],
      cityId: catalogue.riyadh,
    };
    const delivery: AdInput = { shippingType: 'PAID', shippingFee: 1_500, returnable: true };
    const auction: AdInput = { openingAmount: 100_000, onBackPrice: 200_000, allowDecimalBids: false, startsNow: true, auctionDurationHours: 48 };
    switch (type) {
      case 'INSTANT_SALE':
        return { ...common, ...delivery, price: 350_000, negotiable: true };
      case 'INSTANT_SALE_AND_AUCTION':
        return { ...common, ...delivery, ...auction, instantPurchaseAmount: 300_000 };
      case 'PUBLIC_AUCTION':
      case 'PRIVATE_AUCTION':
        return { ...common, ...delivery, ...auction };
      case 'LIVE_AUCTION':
        return { ...common, ...delivery, ...auction, subAuctionDurationMinutes: 30, liveLink: 'https://live.example.com/iphones' };
      case 'PUBLIC_TENDER':
      case 'PRIVATE_TENDER':
        return { ...common, documentIds: media.documentIds ?? [], startsNow: true, endsAt: clock.now + 7 * DAY_MS, offersVisibleToSubscribers: true };
    }
  }

  const createAd = (seller: Seller, type: AdType, fields: AdInput, publish: boolean) => seller.browser.post('/api/ads', { type, fields, publish });
  const updateAd = (seller: Seller, slug: string, fields: AdInput, publish: boolean) => seller.browser.request('PUT', `/api/ads/${encodeURIComponent(slug)}`, { fields, publish });

  /** Publishes a complete ad of the type with freshly uploaded images and returns its slug. */
  async function publishedAd(seller: Seller, type: AdType, overrides: AdInput = {}): Promise<{ slug: string; fields: AdInput }> {
    const fields = { ...fullFields(type, { imageIds: await uploadImages(seller.browser, 2) }), ...overrides };
    const response = await createAd(seller, type, fields, true);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().status).toBe('PUBLISHED');
    return { slug: response.json().slug as string, fields };
  }

  const ownedAd = async (seller: Seller, slug: string) => {
    const response = await seller.browser.get(`/api/my/ads/${encodeURIComponent(slug)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as OwnedAd;
  };
  const myAds = async (seller: Seller) => (await seller.browser.get('/api/my/ads')).json() as MyAds;
  const myAd = async (seller: Seller, slug: string) => (await myAds(seller)).items.find((item) => item.slug === slug);
  const adPage = (slug: string, cookies: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/ads/${encodeURIComponent(slug)}`, headers: { cookie: Object.entries({ locale: 'en', ...cookies }).map(([name, value]) => `${name}=${value}`).join('; ') } });
  const listing = async (query: string) => (await t.app.inject({ method: 'GET', url: `/api/ads?${query}` })).json() as AdList;
  const listedSlugs = async (type: AdType) => (await listing(`type=${type}&pageSize=48`)).items.map((item) => item.slug);

  const countOf = async (table: 'ads' | 'offers', userId?: string) => {
    let query = t.app.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
    if (table === 'ads' && userId) query = query.where('owner_id', '=', userId);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };
  const attachedMediaCount = async () => Number((await t.app.db.selectFrom('media').select((eb) => eb.fn.countAll<number>().as('n')).where('ad_id', 'is not', null).executeTakeFirstOrThrow()).n);
  /** What a refused command must leave untouched. */
  const footprint = async (seller: Seller) => ({ ads: await countOf('ads'), attachedMedia: await attachedMediaCount(), credits: (await myAds(seller)).adCredits });

  const actions = (edit: boolean, publish: boolean, end: boolean, repost: boolean, remove: boolean): AdActions => ({ edit, publish, end, repost, delete: remove });

  describe('drafts', () => {
    it('saves a draft of each sale type from only a title, spending no credit', async () => {
      const seller = await newSeller();
      for (const type of AD_TYPES) {
        const created = await createAd(seller, type, { title: `مسودة ${type}` }, false);
        expect(created.statusCode, created.body).toBe(201);
        const { slug, status } = created.json() as { slug: string; status: string };
        expect(status).toBe('DRAFT');

        const draft = await ownedAd(seller, slug);
        expect(draft).toMatchObject({ slug, type, status: 'DRAFT', complete: false, adCredits: FREE_PACKAGE_CREDITS });
        expect(draft.fields).toMatchObject({ title: `مسودة ${type}`, description: '', categoryId: null, price: null, openingAmount: null, keywords: [], imageIds: [], mainImageId: null, countryCodes: ['SA'] });
        expect(draft.media).toEqual([]);
        expect(draft.actions).toEqual(actions(true, false, false, false, true));
      }
      expect((await myAds(seller)).items.map((item) => item.status)).toEqual(AD_TYPES.map(() => 'DRAFT'));
      expect((await myAds(seller)).adCredits).toBe(FREE_PACKAGE_CREDITS);
    });

    it('refuses a catalogue id past a 32-bit integer as a field, on both dialects', async () => {
      const seller = await newSeller();
      const tooLarge = 2 ** 31;
      const draft = await createAd(seller, 'PUBLIC_AUCTION', { title: 'Camry', categoryId: tooLarge, subcategoryId: tooLarge, brandId: tooLarge, cityId: tooLarge }, false);
      expect([draft.statusCode, Object.keys(draft.json().error.fields).sort()]).toEqual([400, ['brandId', 'categoryId', 'cityId', 'subcategoryId']]);
      const listing = await t.app.inject({ method: 'GET', url: `/api/ads?brand=${tooLarge}&city=${tooLarge}` });
      expect([listing.statusCode, listing.json().error.fields]).toEqual([400, { brand: 'VALIDATION_FAILED', city: 'VALIDATION_FAILED' }]);
    });

    it('keeps what a partial draft holds, and saving it again replaces it', async () => {
      const seller = await newSeller();
      const imageIds = await uploadImages(seller.browser, 2);
      const fields: AdInput = { title: 'Camry 2020', categoryId: catalogue.vehicles, subcategoryId: catalogue.cars, brandId: catalogue.toyota, keywords: ['camry', ' sedan '], openingAmount: 5_000_000, imageIds, mainImageId: imageIds[1]! };
      const created = await createAd(seller, 'PUBLIC_AUCTION', fields, false);
      expect(created.statusCode, created.body).toBe(201);
      const { slug } = created.json() as { slug: string };
      const draft = await ownedAd(seller, slug);
      expect(draft.fields).toMatchObject({ ...fields, keywords: ['camry', 'sedan'], onBackPrice: null, auctionDurationHours: null });
      expect(draft.media.map((item) => item.id)).toEqual(imageIds);
      expect(draft.complete).toBe(false);

      const saved = await updateAd(seller, slug, { title: 'Camry 2020 GLX', imageIds: [imageIds[0]!] }, false);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({ slug, status: 'DRAFT' });
      const again = await ownedAd(seller, slug);
      expect(again.fields).toMatchObject({ title: 'Camry 2020 GLX', categoryId: null, openingAmount: null, imageIds: [imageIds[0]], mainImageId: imageIds[0] });
      // The image left out is let go, free to be used elsewhere.
      expect((await t.app.db.selectFrom('media').select('ad_id').where('id', '=', imageIds[1]!).executeTakeFirstOrThrow()).ad_id).toBeNull();
    });

    it('says a draft is complete once every field its type asks for is there, and lets it be published then', async () => {
      const seller = await newSeller();
      const fields = fullFields('INSTANT_SALE', { imageIds: await uploadImages(seller.browser, 1) });
      const { slug } = (await createAd(seller, 'INSTANT_SALE', fields, false)).json() as { slug: string };
      const draft = await ownedAd(seller, slug);
      expect(draft).toMatchObject({ status: 'DRAFT', complete: true });
      expect(draft.actions).toEqual(actions(true, true, false, false, true));
      expect((await adPage(slug)).statusCode).toBe(404);
      expect(await listedSlugs('INSTANT_SALE')).not.toContain(slug);
    });
  });

  describe('publishing', () => {
    it('publishes each sale type with its images, countries and keywords, one credit each, until none is left', async () => {
      const seller = await newSeller();
      const tenderDocument = await upload(seller.browser, 'terms.pdf', PDF);
      const published: { type: AdType; slug: string; fields: AdInput }[] = [];

      const publishOne = async (type: AdType) => {
        const imageIds = await uploadImages(seller.browser, 3);
        const fields = fullFields(type, { imageIds });
        const before = (await myAds(seller)).adCredits;
        const response = await createAd(seller, type, fields, true);
        expect(response.statusCode, response.body).toBe(201);
        expect(response.json().status).toBe('PUBLISHED');
        expect((await myAds(seller)).adCredits).toBe(before - 1);
        published.push({ type, slug: response.json().slug, fields });
      };

      const [firstFive, lastTwo] = [AD_TYPES.slice(0, FREE_PACKAGE_CREDITS), AD_TYPES.slice(FREE_PACKAGE_CREDITS)];
      for (const type of firstFive) await publishOne(type);
      expect((await myAds(seller)).adCredits).toBe(0);

      // The sixth publish: refused, nothing half-written, the uploads still free.
      const imageIds = await uploadImages(seller.browser, 2);
      const sixth = fullFields(lastTwo[0]!, { imageIds, documentIds: [tenderDocument.id] });
      const before = await footprint(seller);
      const refused = await createAd(seller, lastTwo[0]!, sixth, true);
      expect(refused.statusCode).toBe(402);
      expect(refused.json().error).toEqual({ code: 'NO_AD_CREDIT', message: 'You have no ad credit left. Subscribe to a package to publish' });
      expect(await footprint(seller)).toEqual(before);

      // Saved as a draft, then published from the edit: refused too, and the draft stays as it was.
      const draft = await createAd(seller, lastTwo[0]!, sixth, false);
      expect(draft.statusCode, draft.body).toBe(201);
      const draftSlug = draft.json().slug as string;
      const draftBefore = await ownedAd(seller, draftSlug);
      const fromEdit = await updateAd(seller, draftSlug, { ...sixth, title: 'عنوان جديد' }, true);
      expect(fromEdit.statusCode).toBe(402);
      expect(fromEdit.json().error.code).toBe('NO_AD_CREDIT');
      expect(await ownedAd(seller, draftSlug)).toEqual(draftBefore);
      expect(draftBefore).toMatchObject({ status: 'DRAFT', complete: true, actions: { publish: false } });
      const arabicRefusal = await inArabic(seller).request('PUT', `/api/ads/${encodeURIComponent(draftSlug)}`, { fields: sixth, publish: true });
      expect(arabicRefusal.json().error).toEqual({ code: 'NO_AD_CREDIT', message: arErrors.NO_AD_CREDIT });

      await setCredits(seller.userId, 2);
      const publishedDraft = await updateAd(seller, draftSlug, sixth, true);
      expect(publishedDraft.statusCode, publishedDraft.body).toBe(200);
      expect(publishedDraft.json()).toEqual({ slug: draftSlug, status: 'PUBLISHED' });
      published.push({ type: lastTwo[0]!, slug: draftSlug, fields: sixth });
      await publishOne(lastTwo[1]!);
      expect((await myAds(seller)).adCredits).toBe(0);

      for (const { type, slug, fields } of published) {
        expect(await listedSlugs(type), type).toContain(slug);
        const response = await adPage(slug);
        expect(response.statusCode, `${type} ${response.body}`).toBe(200);
        const ad = response.json() as AdDetail;
        const [firstImage, mainImage, thirdImage] = fields.imageIds!;
        expect(ad.images.map((image) => image.id), type).toEqual(thirdImage ? [mainImage, firstImage, thirdImage] : [mainImage, firstImage]);
        expect(ad).toMatchObject({ type, status: 'PUBLISHED', title: fields.title, mainImageId: mainImage, countryCodes: ['JO', 'SA'], keywords: ['iphone', 'apple phone'], currency: 'SAR', publishedAt: clock.now });
        expect(ad.subcategory?.en).toBe('Mobile phones');
        expect(ad.brand?.en).toBe('Apple');
      }
      const detail = async (type: AdType) => (await adPage(published.find((ad) => ad.type === type)!.slug)).json() as AdDetail;
      expect(await detail('INSTANT_SALE')).toMatchObject({ price: 350_000, negotiable: true, shippingType: 'PAID', shippingFee: 1_500, returnable: true, openingAmount: null, endsAt: null });
      expect(await detail('INSTANT_SALE_AND_AUCTION')).toMatchObject({ price: null, openingAmount: 100_000, instantPurchaseAmount: 300_000, hasReservePrice: true, startsAt: clock.now, endsAt: clock.now + 48 * HOUR_MS });
      expect(await detail('PUBLIC_AUCTION')).toMatchObject({ openingAmount: 100_000, auctionDurationMs: 48 * HOUR_MS, endsAt: clock.now + 48 * HOUR_MS });
      expect(await detail('LIVE_AUCTION')).toMatchObject({ subAuctionDurationMs: 30 * 60 * 1000, liveLink: 'https://live.example.com/iphones' });
      const tender = await detail('PUBLIC_TENDER');
      expect(tender).toMatchObject({ price: null, openingAmount: null, shippingFee: null, offersVisibleToSubscribers: true, endsAt: clock.now + 7 * DAY_MS });
      expect(tender.documents.map((document) => document.id)).toEqual([tenderDocument.id]);
      expect((await detail('PRIVATE_TENDER')).documents).toEqual([]);
    });
  });

  describe('field rules', () => {
    let seller: Seller;
    let imageIds: string[];

    beforeAll(async () => {
      seller = await newSeller();
      await setCredits(seller.userId, 100);
      imageIds = await uploadImages(seller.browser, 2);
    });

    /** Each refused on its own field with its own code, and nothing written, drafts or published. */
    async function expectRefused(type: AdType, overrides: AdInput, path: string, code: string, options: { publish?: boolean; fields?: AdInput } = {}) {
      const before = await footprint(seller);
      const response = await createAd(seller, type, { ...(options.fields ?? fullFields(type, { imageIds })), ...overrides }, options.publish ?? true);
      expect(response.statusCode, `${type} ${path} ${code}: ${response.body}`).toBe(400);
      const { error } = response.json() as { error: { code: string; fields: Record<string, string> } };
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.fields[path], `${type} ${path} ${JSON.stringify(error.fields)}`).toBe(code);
      expect(await footprint(seller)).toEqual(before);
    }

    it('publishes the complete payloads the other cases start from', async () => {
      for (const type of AD_TYPES) {
        const response = await createAd(seller, type, fullFields(type, { imageIds: await uploadImages(seller.browser, 1) }), true);
        expect(response.statusCode, `${type} ${response.body}`).toBe(201);
      }
    });

    it('requires, to publish, every field the sale type asks for', async () => {
      const required: Array<[AdType, keyof AdInput]> = [
        ['INSTANT_SALE', 'price'],
        ['INSTANT_SALE', 'categoryId'],
        ['INSTANT_SALE', 'condition'],
        ['INSTANT_SALE', 'shippingType'],
        ['INSTANT_SALE_AND_AUCTION', 'instantPurchaseAmount'],
        ['PUBLIC_AUCTION', 'openingAmount'],
        ['PUBLIC_AUCTION', 'auctionDurationHours'],
        ['PRIVATE_AUCTION', 'openingAmount'],
        ['PRIVATE_AUCTION', 'auctionDurationHours'],
        ['INSTANT_SALE_AND_AUCTION', 'auctionDurationHours'],
        ['LIVE_AUCTION', 'subAuctionDurationMinutes'],
        ['LIVE_AUCTION', 'liveLink'],
        ['PUBLIC_TENDER', 'endsAt'],
        ['PRIVATE_TENDER', 'endsAt'],
      ];
      for (const [type, field] of required) await expectRefused(type, { [field]: null }, field, 'REQUIRED');
      await expectRefused('PRIVATE_TENDER', { title: '  ' }, 'title', 'REQUIRED');
      await expectRefused('INSTANT_SALE', { description: '' }, 'description', 'REQUIRED');
      await expectRefused('INSTANT_SALE', { keywords: ['iphone'], countryCodes: [], cityId: null }, 'countryCodes', 'REQUIRED');
      await expectRefused('INSTANT_SALE', { shippingFee: null }, 'shippingFee', 'REQUIRED');
      await expectRefused('PUBLIC_AUCTION', { startsNow: false, startsAt: null }, 'startsAt', 'REQUIRED');
      // A free delivery needs no fee.
      const free = await createAd(seller, 'INSTANT_SALE', { ...fullFields('INSTANT_SALE', { imageIds: await uploadImages(seller.browser, 1) }), shippingType: 'FREE', shippingFee: null }, true);
      expect(free.statusCode, free.body).toBe(201);
      // A draft needs none of them.
      const draft = await createAd(seller, 'LIVE_AUCTION', { ...fullFields('LIVE_AUCTION', { imageIds }), liveLink: null, subAuctionDurationMinutes: null, openingAmount: null }, false);
      expect(draft.statusCode, draft.body).toBe(201);
      expect((await updateAd(seller, draft.json().slug, {}, false)).statusCode).toBe(200);
    });

    it('takes amounts and durations only as whole numbers above zero, in drafts too', async () => {
      const amounts: Array<[AdType, keyof AdInput]> = [
        ['INSTANT_SALE', 'price'],
        ['INSTANT_SALE', 'shippingFee'],
        ['PUBLIC_AUCTION', 'openingAmount'],
        ['PUBLIC_AUCTION', 'onBackPrice'],
        ['PUBLIC_AUCTION', 'auctionDurationHours'],
        ['INSTANT_SALE_AND_AUCTION', 'instantPurchaseAmount'],
        ['LIVE_AUCTION', 'subAuctionDurationMinutes'],
      ];
      for (const [type, field] of amounts) {
        for (const value of [0, -1, 1.5]) {
          await expectRefused(type, { [field]: value }, field, 'NOT_POSITIVE_INTEGER');
          await expectRefused(type, { [field]: value }, field, 'NOT_POSITIVE_INTEGER', { publish: false, fields: { title: 'draft' } });
        }
      }
      await expectRefused('PUBLIC_AUCTION', { auctionDurationHours: 30 * 24 + 1 }, 'auctionDurationHours', 'AUCTION_TOO_LONG');
    });

    it('refuses every amount past the amount limit, in drafts and edits too, and takes the limit itself', async () => {
      const amounts: Array<[AdType, keyof AdInput]> = [
        ['INSTANT_SALE', 'price'],
        ['INSTANT_SALE', 'shippingFee'],
        ['PUBLIC_AUCTION', 'openingAmount'],
        ['PUBLIC_AUCTION', 'onBackPrice'],
        ['INSTANT_SALE_AND_AUCTION', 'instantPurchaseAmount'],
      ];
      const draft = (await createAd(seller, 'INSTANT_SALE_AND_AUCTION', { title: 'draft' }, false)).json() as { slug: string };
      for (const [type, field] of amounts) {
        for (const value of [MAX_AMOUNT_MINOR + 1, 9_007_199_254_740_900, 1e300]) {
          await expectRefused(type, { [field]: value }, field, 'AMOUNT_TOO_LARGE');
          await expectRefused(type, { [field]: value }, field, 'AMOUNT_TOO_LARGE', { publish: false, fields: { title: 'draft' } });
        }
        const edit = await updateAd(seller, draft.slug, { title: 'draft', [field]: MAX_AMOUNT_MINOR + 1 }, false);
        expect(edit.statusCode, edit.body).toBe(400);
        expect(edit.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: 'AMOUNT_TOO_LARGE' } });
      }

      const sale = await publishedAd(seller, 'INSTANT_SALE', { price: MAX_AMOUNT_MINOR, shippingFee: MAX_AMOUNT_MINOR });
      expect((await adPage(sale.slug)).json()).toMatchObject({ price: MAX_AMOUNT_MINOR, shippingFee: MAX_AMOUNT_MINOR });
      const auctions: Array<[AdType, AdInput]> = [
        ['PUBLIC_AUCTION', { openingAmount: MAX_AMOUNT_MINOR, onBackPrice: null }],
        ['INSTANT_SALE_AND_AUCTION', { openingAmount: MAX_AMOUNT_MINOR - 200, onBackPrice: MAX_AMOUNT_MINOR - 100, instantPurchaseAmount: MAX_AMOUNT_MINOR }],
      ];
      for (const [type, overrides] of auctions) {
        const { slug } = await publishedAd(seller, type, overrides);
        const read = await t.app.inject({ method: 'GET', url: `/api/ads/${encodeURIComponent(slug)}/auction` });
        expect(read.statusCode, read.body).toBe(200);
        const { minimumBid } = (read.json() as AuctionSnapshot).auction;
        expect(minimumBid).toBeGreaterThan(overrides.openingAmount!);
        expect(Number.isSafeInteger(minimumBid)).toBe(true);
      }
    });

    it('compares the amounts: on-back above opening, instant purchase above both', async () => {
      for (const type of ['PUBLIC_AUCTION', 'PRIVATE_AUCTION', 'LIVE_AUCTION', 'INSTANT_SALE_AND_AUCTION'] as const) {
        await expectRefused(type, { openingAmount: 100_000, onBackPrice: 100_000 }, 'onBackPrice', 'ON_BACK_PRICE_TOO_LOW');
        await expectRefused(type, { openingAmount: 100_000, onBackPrice: 99_999 }, 'onBackPrice', 'ON_BACK_PRICE_TOO_LOW');
      }
      // Drafts hold no contradiction either.
      await expectRefused('PUBLIC_AUCTION', {}, 'onBackPrice', 'ON_BACK_PRICE_TOO_LOW', { publish: false, fields: { title: 'draft', openingAmount: 500, onBackPrice: 400 } });
      await expectRefused('INSTANT_SALE_AND_AUCTION', { instantPurchaseAmount: 200_000 }, 'instantPurchaseAmount', 'INSTANT_PURCHASE_TOO_LOW');
      await expectRefused('INSTANT_SALE_AND_AUCTION', { instantPurchaseAmount: 150_000 }, 'instantPurchaseAmount', 'INSTANT_PURCHASE_TOO_LOW');
      await expectRefused('INSTANT_SALE_AND_AUCTION', { onBackPrice: null, instantPurchaseAmount: 100_000 }, 'instantPurchaseAmount', 'INSTANT_PURCHASE_TOO_LOW');
      await expectRefused('INSTANT_SALE_AND_AUCTION', { onBackPrice: null, instantPurchaseAmount: 90_000 }, 'instantPurchaseAmount', 'INSTANT_PURCHASE_TOO_LOW');
      // Without a reserve the instant purchase only has to beat the opening amount.
      const noReserve = await createAd(seller, 'INSTANT_SALE_AND_AUCTION', { ...fullFields('INSTANT_SALE_AND_AUCTION', { imageIds: await uploadImages(seller.browser, 1) }), onBackPrice: null, instantPurchaseAmount: 100_001 }, true);
      expect(noReserve.statusCode, noReserve.body).toBe(201);
    });

    it('keeps a live auction’s sub-auction inside the auction and its link a secure web address', async () => {
      await expectRefused('LIVE_AUCTION', { auctionDurationHours: 1, subAuctionDurationMinutes: 61 }, 'subAuctionDurationMinutes', 'SUB_AUCTION_TOO_LONG');
      const fits = await createAd(seller, 'LIVE_AUCTION', { ...fullFields('LIVE_AUCTION', { imageIds: await uploadImages(seller.browser, 1) }), auctionDurationHours: 1, subAuctionDurationMinutes: 60 }, true);
      expect(fits.statusCode, fits.body).toBe(201);
      for (const liveLink of ['http://live.example.com/iphones', 'not a link', 'https://localhost/stream']) {
        await expectRefused('LIVE_AUCTION', { liveLink }, 'liveLink', 'LIVE_LINK_INVALID');
      }
      await expectRefused('LIVE_AUCTION', {}, 'liveLink', 'LIVE_LINK_INVALID', { publish: false, fields: { title: 'draft', liveLink: 'ftp://live.example.com' } });
    });

    it('schedules in the future only, and a tender ends after it starts', async () => {
      for (const startsAt of [clock.now - 1, clock.now]) {
        await expectRefused('PUBLIC_AUCTION', { startsNow: false, startsAt }, 'startsAt', 'START_IN_PAST');
        await expectRefused('PUBLIC_TENDER', { startsNow: false, startsAt, endsAt: clock.now + DAY_MS }, 'startsAt', 'START_IN_PAST');
      }
      await expectRefused('PUBLIC_TENDER', { startsNow: false, startsAt: clock.now + 2 * HOUR_MS, endsAt: clock.now + HOUR_MS }, 'endsAt', 'END_BEFORE_START');
      await expectRefused('PRIVATE_TENDER', { startsNow: false, startsAt: clock.now + 2 * HOUR_MS, endsAt: clock.now + 2 * HOUR_MS }, 'endsAt', 'END_BEFORE_START');
      await expectRefused('PUBLIC_TENDER', { startsNow: true, endsAt: clock.now }, 'endsAt', 'END_BEFORE_START');
      await expectRefused('PUBLIC_TENDER', {}, 'endsAt', 'END_BEFORE_START', { publish: false, fields: { title: 'draft', startsNow: false, startsAt: clock.now + 2 * HOUR_MS, endsAt: clock.now + HOUR_MS } });

      const later = await createAd(seller, 'PUBLIC_TENDER', { ...fullFields('PUBLIC_TENDER', { imageIds: await uploadImages(seller.browser, 1) }), startsNow: false, startsAt: clock.now + HOUR_MS, endsAt: clock.now + 2 * HOUR_MS }, true);
      expect(later.statusCode, later.body).toBe(201);
      expect((await ownedAd(seller, later.json().slug)).fields).toMatchObject({ startsNow: false, startsAt: clock.now + HOUR_MS, endsAt: clock.now + 2 * HOUR_MS });
    });

    it('refuses a repeated keyword at its second place, whatever its case or spaces, and more than twenty', async () => {
      await expectRefused('INSTANT_SALE', { keywords: ['iphone', 'Apple', 'IPHONE'] }, 'keywords.2', 'KEYWORD_ALREADY_ADDED');
      await expectRefused('INSTANT_SALE', { keywords: ['Apple', '  apple  '] }, 'keywords.1', 'KEYWORD_ALREADY_ADDED');
      await expectRefused('PUBLIC_TENDER', { keywords: ['مولد', 'صيانة', 'مولد '] }, 'keywords.2', 'KEYWORD_ALREADY_ADDED', { publish: false, fields: { title: 'draft' } });
      await expectRefused('INSTANT_SALE', { keywords: Array.from({ length: 21 }, (_, index) => `keyword ${index}`) }, 'keywords', 'TOO_MANY_KEYWORDS');
      const twenty = await createAd(seller, 'INSTANT_SALE', { title: 'draft', keywords: Array.from({ length: 20 }, (_, index) => `keyword ${index}`) }, false);
      expect(twenty.statusCode, twenty.body).toBe(201);

      const english = await createAd(seller, 'INSTANT_SALE', { title: 'draft', keywords: ['Apple', 'apple'] }, false);
      expect(english.json().error).toEqual({ code: 'VALIDATION_FAILED', message: enErrors.VALIDATION_FAILED, fields: { 'keywords.1': 'KEYWORD_ALREADY_ADDED' } });
      expect(enErrors.KEYWORD_ALREADY_ADDED).toBe('Keyword already added');
    });

    it('takes a subcategory of the chosen category, a brand of the chosen subcategory, and a city of the first country', async () => {
      await expectRefused('INSTANT_SALE', { categoryId: null }, 'subcategoryId', 'CATEGORY_FIRST');
      await expectRefused('INSTANT_SALE', { categoryId: null, subcategoryId: catalogue.mobiles, brandId: null }, 'subcategoryId', 'CATEGORY_FIRST', { publish: false, fields: { title: 'draft' } });
      await expectRefused('INSTANT_SALE', { subcategoryId: null }, 'brandId', 'CATEGORY_FIRST', { publish: false, fields: { title: 'draft', categoryId: catalogue.electronics, brandId: catalogue.apple } });
      await expectRefused('INSTANT_SALE', { subcategoryId: catalogue.cars, brandId: null }, 'subcategoryId', 'NOT_IN_CATEGORY');
      await expectRefused('INSTANT_SALE', { brandId: catalogue.toyota }, 'brandId', 'NOT_IN_CATEGORY');
      await expectRefused('INSTANT_SALE', { categoryId: catalogue.mobiles, subcategoryId: null, brandId: null }, 'categoryId', 'NOT_IN_CATEGORY', { publish: false, fields: { title: 'draft' } });
      await expectRefused('INSTANT_SALE', { cityId: catalogue.amman }, 'cityId', 'CITY_NOT_IN_COUNTRY');
      await expectRefused('INSTANT_SALE', { countryCodes: ['JO', 'SA'], cityId: catalogue.riyadh }, 'cityId', 'CITY_NOT_IN_COUNTRY');
    });

    it('needs one to fifty of the seller’s own images, the main one among them', async () => {
      const other = await newSeller();
      const [othersImage] = await uploadImages(other.browser, 1);
      const [spareImage] = await uploadImages(seller.browser, 1);

      await expectRefused('INSTANT_SALE', { imageIds: [], mainImageId: null }, 'imageIds', 'IMAGES_REQUIRED');
      await expectRefused('PUBLIC_TENDER', { imageIds: [], mainImageId: null }, 'imageIds', 'IMAGES_REQUIRED');
      await expectRefused('INSTANT_SALE', { imageIds: Array.from({ length: 51 }, () => randomUUID()), mainImageId: null }, 'imageIds', 'TOO_MANY_IMAGES');
      await expectRefused('INSTANT_SALE', { mainImageId: spareImage! }, 'mainImageId', 'MAIN_IMAGE_NOT_AMONG_IMAGES');
      await expectRefused('INSTANT_SALE', { mainImageId: spareImage! }, 'mainImageId', 'MAIN_IMAGE_NOT_AMONG_IMAGES', { publish: false, fields: { title: 'draft', imageIds } });

      await expectRefused('INSTANT_SALE', { imageIds: [imageIds[0]!, othersImage!], mainImageId: imageIds[0]! }, 'imageIds.1', 'MEDIA_UNAVAILABLE');
      await expectRefused('INSTANT_SALE', { videoId: imageIds[0]! }, 'videoId', 'MEDIA_UNAVAILABLE');
      await expectRefused('INSTANT_SALE', { imageIds: [imageIds[0]!, imageIds[0]!] }, 'imageIds.1', 'MEDIA_UNAVAILABLE');
      await expectRefused('INSTANT_SALE', { imageIds: [randomUUID()], mainImageId: null }, 'imageIds.0', 'MEDIA_UNAVAILABLE', { publish: false, fields: { title: 'draft' } });

      // Once saved with one ad, an upload belongs to it.
      const first = await createAd(seller, 'INSTANT_SALE', { title: 'draft', imageIds: [spareImage!] }, false);
      expect(first.statusCode, first.body).toBe(201);
      await expectRefused('INSTANT_SALE', { imageIds: [imageIds[0]!, spareImage!] }, 'imageIds.1', 'MEDIA_UNAVAILABLE');
      // Its own ad may save it again.
      expect((await updateAd(seller, first.json().slug, { title: 'draft', imageIds: [spareImage!] }, false)).statusCode).toBe(200);
      // Someone else's ad is not theirs to save.
      const others = await other.browser.request('PUT', `/api/ads/${encodeURIComponent(first.json().slug)}`, { fields: { imageIds: [othersImage!] }, publish: false });
      expect(others.statusCode).toBe(403);
    });

    it('says every problem at once, in the visitor’s language', async () => {
      const response = await inArabic(seller).post('/api/ads', { type: 'PUBLIC_AUCTION', fields: { ...fullFields('PUBLIC_AUCTION', { imageIds }), onBackPrice: 50_000, liveLink: 'x', cityId: catalogue.amman, description: '' }, publish: true });
      expect(response.statusCode).toBe(400);
      // The live link is not a public auction's field: it is dropped, not judged.
      expect(response.json().error).toEqual({
        code: 'VALIDATION_FAILED',
        message: arErrors.VALIDATION_FAILED,
        fields: { onBackPrice: 'ON_BACK_PRICE_TOO_LOW', description: 'REQUIRED', cityId: 'CITY_NOT_IN_COUNTRY' },
      });
      expect(arErrors.ON_BACK_PRICE_TOO_LOW).toBe('يجب أن يكون سعر الرجوع (الحد الأدنى للبيع) أعلى من مبلغ الافتتاح');
    });

    it('stores only the fields the sale type asks for', async () => {
      const tenderFields = { ...fullFields('PUBLIC_TENDER', { imageIds: await uploadImages(seller.browser, 1) }), price: 5_000, openingAmount: 10, onBackPrice: 5, shippingType: 'PAID', shippingFee: 700, liveLink: 'nope' } satisfies AdInput;
      const tender = await createAd(seller, 'PUBLIC_TENDER', tenderFields, true);
      expect(tender.statusCode, tender.body).toBe(201);
      expect((await ownedAd(seller, tender.json().slug)).fields).toMatchObject({ price: null, openingAmount: null, onBackPrice: null, shippingType: null, shippingFee: null, liveLink: null });
      expect((await adPage(tender.json().slug)).json()).toMatchObject({ price: null, openingAmount: null, hasReservePrice: false, shippingFee: null, liveLink: null });

      const saleFields = { ...fullFields('INSTANT_SALE', { imageIds: await uploadImages(seller.browser, 1) }), openingAmount: 10, auctionDurationHours: 1, endsAt: clock.now - 1, offersVisibleToSubscribers: true } satisfies AdInput;
      const sale = await createAd(seller, 'INSTANT_SALE', saleFields, true);
      expect(sale.statusCode, sale.body).toBe(201);
      const stored = await ownedAd(seller, sale.json().slug);
      expect(stored.fields).toMatchObject({ price: 350_000, openingAmount: null, auctionDurationHours: null, endsAt: null, offersVisibleToSubscribers: false });
      const row = await t.app.db.selectFrom('ads').select(['opening_amount', 'auction_duration_ms', 'ends_at']).where('slug', '=', sale.json().slug).executeTakeFirstOrThrow();
      expect(row).toEqual({ opening_amount: null, auction_duration_ms: null, ends_at: null });
    });
  });

  describe('permissions', () => {
    let owner: Seller;
    let intruder: Seller;
    let publishedSlug: string;
    let draftSlug: string;

    beforeAll(async () => {
      owner = await newSeller();
      intruder = await newSeller();
      publishedSlug = (await publishedAd(owner, 'INSTANT_SALE')).slug;
      draftSlug = (await createAd(owner, 'PUBLIC_AUCTION', { title: 'Private draft' }, false)).json().slug;
    });

    it('refuses every command to someone signed out', async () => {
      const visitor = new TestBrowser(t.app);
      const path = (slug: string) => `/api/ads/${encodeURIComponent(slug)}`;
      const attempts = [
        await visitor.post('/api/ads', { type: 'INSTANT_SALE', fields: { title: 'x' }, publish: false }),
        await visitor.request('PUT', path(publishedSlug), { fields: { title: 'x' }, publish: false }),
        await visitor.post(`${path(publishedSlug)}/end`),
        await visitor.post(`${path(publishedSlug)}/repost`),
        await visitor.delete(path(draftSlug)),
        await visitor.get('/api/my/ads'),
        await visitor.get(`/api/my/ads/${encodeURIComponent(draftSlug)}`),
        await visitor.upload('/api/media', { name: 'photo.pdf', bytes: PDF }),
      ];
      for (const response of attempts) {
        expect(response.statusCode, response.body).toBe(401);
        expect(response.json().error).toEqual({ code: 'UNAUTHENTICATED', message: 'Sign in to continue' });
      }
      expect((await ownedAd(owner, draftSlug)).status).toBe('DRAFT');
      expect((await ownedAd(owner, publishedSlug)).status).toBe('PUBLISHED');
    });

    it('refuses another user the owner’s commands and the owner’s view', async () => {
      const path = (slug: string) => `/api/ads/${encodeURIComponent(slug)}`;
      for (const slug of [publishedSlug, draftSlug]) {
        const attempts = [
          await intruder.browser.request('PUT', path(slug), { fields: { title: 'Mine now' }, publish: false }),
          await intruder.browser.post(`${path(slug)}/end`),
          await intruder.browser.post(`${path(slug)}/repost`),
          await intruder.browser.delete(path(slug)),
          await intruder.browser.get(`/api/my/ads/${encodeURIComponent(slug)}`),
        ];
        for (const response of attempts) {
          expect(response.statusCode, response.body).toBe(403);
          expect(response.json().error).toEqual({ code: 'FORBIDDEN', message: enErrors.FORBIDDEN });
        }
      }
      expect((await ownedAd(owner, publishedSlug)).fields.title).toBe('iPhone 14 Pro INSTANT_SALE');
      expect((await myAds(intruder)).items).toEqual([]);
      expect((await intruder.browser.get('/api/my/ads/no-such-ad')).statusCode).toBe(404);
    });

    it('shows a draft to its owner only', async () => {
      expect((await adPage(draftSlug)).statusCode).toBe(404);
      expect((await intruder.browser.get(`/api/ads/${encodeURIComponent(draftSlug)}`)).json().error.code).toBe('NOT_FOUND');
      expect((await ownedAd(owner, draftSlug)).status).toBe('DRAFT');
    });

    it('refuses a write without the anti-forgery token', async () => {
      const response = await owner.browser.post('/api/ads', { type: 'INSTANT_SALE', fields: { title: 'x' }, publish: false }, { csrf: false });
      expect(response.statusCode).toBe(403);
    });
  });

  describe('lifecycle', () => {
    let seller: Seller;
    let buyer: Seller;

    beforeAll(async () => {
      seller = await newSeller();
      buyer = await newSeller();
      await setCredits(seller.userId, 50);
    });

    const command = (slug: string, action: 'end' | 'repost') => seller.browser.post(`/api/ads/${encodeURIComponent(slug)}/${action}`);
    const remove = (slug: string) => seller.browser.delete(`/api/ads/${encodeURIComponent(slug)}`);
    const adId = async (slug: string) => (await t.app.db.selectFrom('ads').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
    async function receiveOffer(slug: string, round = 1) {
      const id = randomUUID();
      await t.app.db.insertInto('offers').values({ id, ad_id: await adId(slug), user_id: buyer.userId, round, amount: 150_000, created_at: clock.now }).execute();
      return id;
    }

    it('edits a published ad until offers arrive, then refuses', async () => {
      const { slug, fields } = await publishedAd(seller, 'PUBLIC_AUCTION');
      const credits = (await myAds(seller)).adCredits;
      expect((await myAd(seller, slug))?.actions).toEqual(actions(true, false, true, false, true));

      const edited = await updateAd(seller, slug, { ...fields, title: 'iPhone 14 Pro, like new', openingAmount: 120_000 }, false);
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toEqual({ slug, status: 'PUBLISHED' });
      expect((await adPage(slug)).json()).toMatchObject({ title: 'iPhone 14 Pro, like new', openingAmount: 120_000, status: 'PUBLISHED' });
      expect((await myAds(seller)).adCredits).toBe(credits);
      // A published ad stays complete.
      const incomplete = await updateAd(seller, slug, { ...fields, openingAmount: null }, false);
      expect(incomplete.statusCode).toBe(400);
      expect(incomplete.json().error.fields).toEqual({ openingAmount: 'REQUIRED' });

      // An offer of an earlier round does not lock it; one of this round does.
      await receiveOffer(slug, 0);
      expect((await updateAd(seller, slug, fields, false)).statusCode).toBe(200);
      await receiveOffer(slug);
      const locked = await updateAd(seller, slug, { ...fields, title: 'Changed under the bidders' }, false);
      expect(locked.statusCode).toBe(409);
      expect(locked.json().error).toEqual({ code: 'AD_EDIT_LOCKED', message: 'This ad cannot be edited after offers start arriving' });
      expect((await inArabic(seller).request('PUT', `/api/ads/${encodeURIComponent(slug)}`, { fields, publish: false })).json().error.message).toBe('لا يمكن تعديل الإعلان بعد بدء وصول العروض');
      expect((await adPage(slug)).json().title).toBe(fields.title);
      expect((await myAd(seller, slug))?.actions).toEqual(actions(false, false, true, false, true));
    });

    it('deletes an ad only while no offer is awarded and no subscriber added', async () => {
      const draft = (await createAd(seller, 'PRIVATE_AUCTION', { title: 'Throwaway' }, false)).json().slug as string;
      const deletedDraft = await remove(draft);
      expect(deletedDraft.statusCode, deletedDraft.body).toBe(200);
      expect(deletedDraft.json()).toEqual({ slug: draft, status: 'DELETED' });

      const withOffer = (await publishedAd(seller, 'PUBLIC_AUCTION')).slug;
      const offerId = await receiveOffer(withOffer);
      expect((await myAd(seller, withOffer))?.actions.delete).toBe(true);
      await t.app.db.updateTable('offers').set({ awarded_at: clock.now }).where('id', '=', offerId).execute();
      const awarded = await remove(withOffer);
      expect(awarded.statusCode).toBe(409);
      expect(awarded.json().error).toEqual({ code: 'AD_CANNOT_BE_DELETED', message: 'This ad cannot be deleted after an offer is awarded or subscribers are added' });
      expect((await myAd(seller, withOffer))?.actions).toEqual(actions(false, false, true, false, false));

      const withSubscriber = (await publishedAd(seller, 'PRIVATE_TENDER')).slug;
      await t.app.db.insertInto('ad_participants').values({ ad_id: await adId(withSubscriber), user_id: buyer.userId, created_at: clock.now }).execute();
      const subscribed = await remove(withSubscriber);
      expect(subscribed.statusCode).toBe(409);
      expect(subscribed.json().error.code).toBe('AD_CANNOT_BE_DELETED');
      expect((await myAd(seller, withSubscriber))?.actions).toEqual(actions(true, false, true, false, false));
      // Ended, it still cannot be deleted.
      expect((await command(withSubscriber, 'end')).statusCode).toBe(200);
      expect((await remove(withSubscriber)).json().error.code).toBe('AD_CANNOT_BE_DELETED');

      const plain = (await publishedAd(seller, 'INSTANT_SALE')).slug;
      const deleted = await remove(plain);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json()).toEqual({ slug: plain, status: 'DELETED' });
      const gone = await adPage(plain);
      expect(gone.statusCode).toBe(410);
      expect(gone.json().error).toEqual({ code: 'PRODUCT_UNAVAILABLE', message: 'The product is no longer available' });
      const slugs = (await myAds(seller)).items.map((item) => item.slug);
      expect(slugs).not.toContain(plain);
      expect(slugs).not.toContain(draft);
      expect(await listedSlugs('INSTANT_SALE')).not.toContain(plain);
      expect((await seller.browser.get(`/api/my/ads/${encodeURIComponent(plain)}`)).statusCode).toBe(404);
      for (const action of ['end', 'repost'] as const) expect((await command(plain, action)).statusCode).toBe(404);
      expect((await remove(plain)).statusCode).toBe(404);
    });

    it('ends an ad on request: gone from buyers, and only a repost or a delete left', async () => {
      const { slug, fields } = await publishedAd(seller, 'INSTANT_SALE');
      const ended = await command(slug, 'end');
      expect(ended.statusCode, ended.body).toBe(200);
      expect(ended.json()).toEqual({ slug, status: 'ENDED' });
      const page = await adPage(slug);
      expect(page.statusCode).toBe(410);
      expect(page.json().error.code).toBe('PRODUCT_UNAVAILABLE');
      expect(await listedSlugs('INSTANT_SALE')).not.toContain(slug);
      expect(await myAd(seller, slug)).toMatchObject({ status: 'ENDED', actions: actions(false, false, false, true, true) });

      const again = await command(slug, 'end');
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toEqual({ code: 'AD_ACTION_NOT_ALLOWED', message: 'This cannot be done to the ad in its current state' });
      const edit = await updateAd(seller, slug, fields, false);
      expect(edit.statusCode).toBe(409);
      expect(edit.json().error.code).toBe('AD_ACTION_NOT_ALLOWED');
      expect((await updateAd(seller, slug, fields, true)).json().error.code).toBe('AD_ACTION_NOT_ALLOWED');

      // Reposted, an instant sale is a standing offer again, with no end.
      expect((await command(slug, 'repost')).statusCode).toBe(200);
      expect(await myAd(seller, slug)).toMatchObject({ status: 'PUBLISHED', endsAt: null });

      const draft = (await createAd(seller, 'INSTANT_SALE', { title: 'Not yet' }, false)).json().slug as string;
      expect((await command(draft, 'end')).json().error.code).toBe('AD_ACTION_NOT_ALLOWED');
      expect((await command(draft, 'repost')).json().error.code).toBe('AD_ACTION_NOT_ALLOWED');
    });

    it('ends an auction when its time runs out, and reposts it on a fresh schedule for one credit', async () => {
      const { slug, fields } = await publishedAd(seller, 'PUBLIC_AUCTION', { auctionDurationHours: 2 });
      const publishedAt = clock.now;
      await receiveOffer(slug);
      expect((await updateAd(seller, slug, fields, false)).json().error.code).toBe('AD_EDIT_LOCKED');
      const repostEarly = await command(slug, 'repost');
      expect(repostEarly.statusCode).toBe(409);
      expect(repostEarly.json().error.code).toBe('AD_ACTION_NOT_ALLOWED');

      clock.now += 2 * HOUR_MS;
      expect(await myAd(seller, slug)).toMatchObject({ status: 'ENDED', endsAt: publishedAt + 2 * HOUR_MS, actions: actions(false, false, false, true, true) });
      expect(await listedSlugs('PUBLIC_AUCTION')).not.toContain(slug);
      expect((await adPage(slug)).statusCode).toBe(410);
      expect((await ownedAd(seller, slug)).status).toBe('ENDED');

      const credits = (await myAds(seller)).adCredits;
      const reposted = await command(slug, 'repost');
      expect(reposted.statusCode, reposted.body).toBe(200);
      expect(reposted.json()).toEqual({ slug, status: 'PUBLISHED' });
      expect((await myAds(seller)).adCredits).toBe(credits - 1);
      expect(await myAd(seller, slug)).toMatchObject({ status: 'PUBLISHED', startsAt: clock.now, endsAt: clock.now + 2 * HOUR_MS, publishedAt: clock.now, bidCount: 0, actions: actions(true, false, true, false, true) });
      expect(await listedSlugs('PUBLIC_AUCTION')).toContain(slug);
      expect((await adPage(slug)).json()).toMatchObject({ status: 'PUBLISHED', endsAt: clock.now + 2 * HOUR_MS });

      // The last round's offer stays with the last round.
      const edited = await updateAd(seller, slug, { ...fields, title: 'Second round' }, false);
      expect(edited.statusCode, edited.body).toBe(200);
      expect((await t.app.db.selectFrom('ads').select('round').where('slug', '=', slug).executeTakeFirstOrThrow()).round).toBe(2);

      const publishedAgain = await command(slug, 'repost');
      expect(publishedAgain.statusCode).toBe(409);
      expect(publishedAgain.json().error.code).toBe('AD_ACTION_NOT_ALLOWED');
    });

    it('reposts an auction whose time ran out with a bid only once its owner has decided the round', async () => {
      const { slug } = await publishedAd(seller, 'PUBLIC_AUCTION', { auctionDurationHours: 2 });
      const placed = await buyer.browser.post(`/api/ads/${encodeURIComponent(slug)}/bids`, { amount: 250_000, idempotencyKey: randomUUID() });
      expect(placed.statusCode, placed.body).toBe(201);
      clock.now += 2 * HOUR_MS + HOUR_MS;
      // Past the final window, the round still waits for the owner: a fresh round would drop its highest bidder unanswered.
      expect(await myAd(seller, slug)).toMatchObject({ status: 'ENDED', actions: actions(false, false, false, false, true), awaitsYourDecision: true });
      const credits = (await myAds(seller)).adCredits;
      const undecided = await command(slug, 'repost');
      expect(undecided.statusCode).toBe(409);
      expect(undecided.json().error).toEqual({ code: 'AUCTION_ROUND_UNDECIDED', message: enErrors.AUCTION_ROUND_UNDECIDED });
      expect((await inArabic(seller).post(`/api/ads/${encodeURIComponent(slug)}/repost`)).json().error.message).toBe(arErrors.AUCTION_ROUND_UNDECIDED);
      expect((await myAds(seller)).adCredits).toBe(credits);

      const finalised = await seller.browser.post(`/api/ads/${encodeURIComponent(slug)}/finalise`, { idempotencyKey: randomUUID() });
      expect(finalised.statusCode, finalised.body).toBe(201);
      expect(await myAd(seller, slug)).toMatchObject({ awaitsYourDecision: false, actions: { repost: true } });
      // The winner's order is open: the item is theirs until they pay or the order is cancelled.
      const open = await command(slug, 'repost');
      expect([open.statusCode, open.json().error.code]).toEqual([409, 'AD_ORDER_OPEN']);
      const [order] = (await seller.browser.get('/api/orders?side=sold')).json().filter((one: { ad: { slug: string } }) => one.ad.slug === slug);
      const cancelled = await seller.browser.post(`/api/orders/${order.id}/cancel`, { idempotencyKey: randomUUID(), reason: 'Not paid' });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect((await command(slug, 'repost')).statusCode).toBe(200);
    });

    it('offers a repost of an ended ad but makes it only with a credit left', async () => {
      const { slug } = await publishedAd(seller, 'PRIVATE_TENDER');
      const planned = await myAd(seller, slug);
      expect((await command(slug, 'end')).statusCode).toBe(200);
      await setCredits(seller.userId, 0);
      // Still offered: the refusal tells the owner to get a credit.
      expect((await myAd(seller, slug))?.actions).toEqual(actions(false, false, false, true, true));
      const refused = await command(slug, 'repost');
      expect(refused.statusCode).toBe(402);
      expect(refused.json().error.code).toBe('NO_AD_CREDIT');
      expect((await myAd(seller, slug))?.status).toBe('ENDED');

      await setCredits(seller.userId, 1);
      const reposted = await command(slug, 'repost');
      expect(reposted.statusCode, reposted.body).toBe(200);
      // A tender ended early runs as long as it was meant to on its repost.
      expect(await myAd(seller, slug)).toMatchObject({ status: 'PUBLISHED', startsAt: clock.now, endsAt: clock.now + planned!.endsAt! - planned!.startsAt! });
      expect((await myAds(seller)).adCredits).toBe(0);
      await setCredits(seller.userId, 50);
    });

    it('lists the seller’s ads in each state with what each allows', async () => {
      const fresh = await newSeller();
      const draft = (await createAd(fresh, 'LIVE_AUCTION', { title: 'Live draft' }, false)).json().slug as string;
      const running = (await publishedAd(fresh, 'LIVE_AUCTION')).slug;
      const ended = (await publishedAd(fresh, 'INSTANT_SALE')).slug;
      expect((await fresh.browser.post(`/api/ads/${encodeURIComponent(ended)}/end`)).statusCode).toBe(200);
      const deleted = (await createAd(fresh, 'INSTANT_SALE', { title: 'Gone' }, false)).json().slug as string;
      expect((await fresh.browser.delete(`/api/ads/${encodeURIComponent(deleted)}`)).statusCode).toBe(200);

      const { items, adCredits } = await myAds(fresh);
      expect(adCredits).toBe(FREE_PACKAGE_CREDITS - 2);
      const bySlug = new Map(items.map((item) => [item.slug, item]));
      expect([...bySlug.keys()].sort()).toEqual([draft, running, ended].sort());
      expect(bySlug.get(draft)).toMatchObject({ status: 'DRAFT', type: 'LIVE_AUCTION', title: 'Live draft', publishedAt: null, actions: actions(true, false, false, false, true) });
      expect(bySlug.get(running)).toMatchObject({ status: 'PUBLISHED', openingAmount: 100_000, actions: actions(true, false, true, false, true) });
      expect(bySlug.get(ended)).toMatchObject({ status: 'ENDED', price: 350_000, actions: actions(false, false, false, true, true) });
      expect(bySlug.get(running)?.mainImageId).toEqual(expect.any(String));
    });
  });

  describe('countries', () => {
    it('refuses an ad outside the visitor’s country, except to its owner, and shows it from each of its countries', async () => {
      const seller = await newSeller();
      const { slug } = await publishedAd(seller, 'INSTANT_SALE');
      for (const country of ['SA', 'JO']) {
        expect((await adPage(slug, { country })).statusCode, country).toBe(200);
        expect((await listing(`country=${country}&type=INSTANT_SALE&pageSize=48`)).items.map((item) => item.slug), country).toContain(slug);
      }
      expect((await adPage(slug)).statusCode).toBe(200);

      const elsewhere = await adPage(slug, { country: 'EG' });
      expect(elsewhere.statusCode).toBe(403);
      expect(elsewhere.json().error).toEqual({ code: 'PRODUCT_NOT_IN_COUNTRY', message: 'This product is not available in your country' });
      expect((await adPage(slug, { country: 'EG', locale: 'ar' })).json().error.message).toBe('هذا المنتج غير متوفر في بلدك');
      expect((await listing('country=EG&type=INSTANT_SALE&pageSize=48')).items.map((item) => item.slug)).not.toContain(slug);

      seller.browser.cookies.set('country', 'EG');
      try {
        expect((await seller.browser.get(`/api/ads/${encodeURIComponent(slug)}`)).statusCode).toBe(200);
      } finally {
        seller.browser.cookies.delete('country');
      }

      // Offered in Jordan only: its currency and city follow the first country.
      const jordanOnly = await publishedAd(seller, 'INSTANT_SALE', { countryCodes: ['JO'], cityId: catalogue.amman });
      expect((await adPage(jordanOnly.slug, { country: 'JO' })).json()).toMatchObject({ countryCodes: ['JO'], countryCode: 'JO', currency: 'JOD', city: { en: 'Amman' } });
      expect((await adPage(jordanOnly.slug, { country: 'SA' })).json().error.code).toBe('PRODUCT_NOT_IN_COUNTRY');
    });
  });
});
