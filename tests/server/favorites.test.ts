import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdSummary } from '../../domain/ad-schemas';
import { TestBrowser } from './helpers/browser';
import { buildTestApp, type TestApp, testDialect } from './helpers/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;

describe(`favourites on ${testDialect}`, () => {
  let t: TestApp;
  const clock = { now: Date.UTC(2026, 10, 21, 9, 0, 0) };
  /** A seeded buyer and the seeded sellers, each signed in in their own browser. */
  const browsers = {} as Record<'buyer' | 'omar' | 'ahmed' | 'mona', TestBrowser>;
  /** Seeded published ads by title. */
  const slugs = { macbook: '', sofa: '', washer: '', rolex: '', camry: '', land: '' };

  beforeAll(async () => {
    t = await buildTestApp({ now: () => clock.now });
    const emails = { buyer: 'sara@example.com', omar: 'omar@example.com', ahmed: 'ahmed@example.com', mona: 'mona@example.com' } as const;
    for (const [key, email] of Object.entries(emails) as [keyof typeof emails, string][]) {
      browsers[key] = new TestBrowser(t.app);
      await browsers[key].signIn(email);
    }
    const titles: Record<keyof typeof slugs, string> = {
      macbook: 'MacBook Air M2 13-inch, 16 GB',
      sofa: 'كنب زاوية مودرن 7 مقاعد',
      washer: 'غسالة سامسونج 9 كيلو فوق أوتوماتيك',
      rolex: 'ساعة رولكس صب مارينر أصلية',
      camry: 'تويوتا كامري 2021 فل كامل',
      land: 'أرض سكنية في حي النرجس 600 م²',
    };
    const rows = await t.app.db.selectFrom('ads').select(['slug', 'title']).where('title', 'in', Object.values(titles)).execute();
    for (const [key, title] of Object.entries(titles) as [keyof typeof slugs, string][]) slugs[key] = rows.find((row) => row.title === title)!.slug;
  });
  afterAll(async () => t.close());

  const path = (slug: string) => `/api/favorites/${encodeURIComponent(slug)}`;
  const favorite = (browser: TestBrowser, slug: string) => browser.request('PUT', path(slug));
  const unfavorite = (browser: TestBrowser, slug: string) => browser.delete(path(slug));
  const favorites = async (browser: TestBrowser) => {
    const response = await browser.get('/api/favorites');
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { items: AdSummary[] }).items;
  };
  const favoriteSlugs = async (browser: TestBrowser) => {
    const response = await browser.get('/api/favorites/slugs');
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { slugs: string[] }).slugs;
  };

  it('asks a visitor to sign in, and tells a visitor they favourite nothing', async () => {
    const visitor = new TestBrowser(t.app);
    expect(await favoriteSlugs(visitor)).toEqual([]);
    const attempts = [await favorite(visitor, slugs.macbook), await unfavorite(visitor, slugs.macbook), await visitor.get('/api/favorites')];
    for (const response of attempts) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toEqual({ code: 'UNAUTHENTICATED', message: 'Sign in to continue' });
    }
    const arabic = new TestBrowser(t.app, { locale: 'ar' });
    expect((await favorite(arabic, slugs.macbook)).json().error.message).toBe('سجّل الدخول للمتابعة');
  });

  it('favourites an ad once however often it is asked, newest favourite first', async () => {
    const { buyer } = browsers;
    for (let time = 0; time < 2; time++) {
      const response = await favorite(buyer, slugs.macbook);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
    }
    clock.now += 1_000;
    expect((await favorite(buyer, slugs.sofa)).statusCode).toBe(204);
    clock.now += 1_000;
    // Asking again keeps its place: it was favourited first.
    expect((await favorite(buyer, slugs.macbook)).statusCode).toBe(204);

    const items = await favorites(buyer);
    expect(items.map((item) => item.slug)).toEqual([slugs.sofa, slugs.macbook]);
    expect(items[1]).toMatchObject({ title: 'MacBook Air M2 13-inch, 16 GB', type: 'INSTANT_SALE', status: 'PUBLISHED', price: 750_000, currency: 'JOD', countryCode: 'JO' });
    expect((await favoriteSlugs(buyer)).sort()).toEqual([slugs.macbook, slugs.sofa].sort());
    const stored = await t.app.db.selectFrom('favorites').innerJoin('users', 'users.id', 'favorites.user_id').select('favorites.ad_id').where('users.email', '=', 'sara@example.com').execute();
    expect(stored).toHaveLength(2);

    // Each person's favourites are their own.
    expect(await favorites(browsers.omar)).toEqual([]);
    expect(await favoriteSlugs(browsers.omar)).toEqual([]);
  });

  it('unfavourites, and unfavouriting what is not there changes nothing', async () => {
    const { buyer } = browsers;
    const removed = await unfavorite(buyer, slugs.macbook);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await favorites(buyer)).map((item) => item.slug)).toEqual([slugs.sofa]);
    expect(await favoriteSlugs(buyer)).toEqual([slugs.sofa]);

    expect((await unfavorite(buyer, slugs.macbook)).statusCode).toBe(204);
    expect((await unfavorite(buyer, 'no-such-ad')).statusCode).toBe(204);
    // Another person's unfavouriting leaves this buyer's favourites alone.
    expect((await unfavorite(browsers.omar, slugs.sofa)).statusCode).toBe(204);
    expect(await favoriteSlugs(buyer)).toEqual([slugs.sofa]);
  });

  it('refuses to favourite a draft, a deleted ad or one that does not exist', async () => {
    const { buyer, ahmed } = browsers;
    const draft = await ahmed.post('/api/ads', { type: 'INSTANT_SALE', fields: { title: 'Draft watch' }, publish: false });
    expect(draft.statusCode, draft.body).toBe(201);
    const draftSlug = draft.json().slug as string;
    for (const browser of [buyer, ahmed]) {
      const refused = await favorite(browser, draftSlug);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error.code).toBe('NOT_FOUND');
    }
    expect((await favorite(buyer, 'no-such-ad')).statusCode).toBe(404);

    expect((await ahmed.delete(`/api/ads/${encodeURIComponent(slugs.camry)}`)).statusCode).toBe(200);
    expect((await favorite(buyer, slugs.camry)).statusCode).toBe(404);
    expect(await favoriteSlugs(buyer)).toEqual([slugs.sofa]);
  });

  it('keeps ads that ended or were deleted on the list, with what became of them', async () => {
    const { buyer, mona, ahmed } = browsers;
    for (const slug of [slugs.washer, slugs.rolex, slugs.land]) {
      clock.now += 1_000;
      expect((await favorite(buyer, slug)).statusCode).toBe(204);
    }
    const statusOf = async () => new Map((await favorites(buyer)).map((item) => [item.slug, item.status]));
    expect(await statusOf()).toEqual(new Map([[slugs.land, 'PUBLISHED'], [slugs.rolex, 'PUBLISHED'], [slugs.washer, 'PUBLISHED'], [slugs.sofa, 'PUBLISHED']]));

    // The seller ends one, the clock ends another, the seller deletes a third.
    expect((await mona.post(`/api/ads/${encodeURIComponent(slugs.washer)}/end`)).statusCode).toBe(200);
    clock.now += 2 * DAY_MS;
    expect((await ahmed.delete(`/api/ads/${encodeURIComponent(slugs.land)}`)).statusCode).toBe(200);

    const items = await favorites(buyer);
    expect(items.map((item) => item.slug)).toEqual([slugs.land, slugs.rolex, slugs.washer, slugs.sofa]);
    expect(items.map((item) => item.status)).toEqual(['DELETED', 'ENDED', 'ENDED', 'PUBLISHED']);
    expect(await favoriteSlugs(buyer)).toHaveLength(4);
    // The buyer who kept them can still let them go.
    expect((await unfavorite(buyer, slugs.land)).statusCode).toBe(204);
    expect((await favorites(buyer)).map((item) => item.slug)).toEqual([slugs.rolex, slugs.washer, slugs.sofa]);
  });
});
