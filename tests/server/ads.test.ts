import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexAdForSearch } from '../../server/modules/ads/search-index';
import { buildTestApp, type TestApp, testDialect } from './helpers/test-app';

interface Listing {
  items: Array<{ slug: string; title: string; type: string; countryCode: string }>;
  total: number;
}

describe(`listing and reading ads on ${testDialect}`, () => {
  let t: TestApp;
  const list = async (query: string) => (await t.app.inject({ method: 'GET', url: `/api/ads?${query}` })).json() as Listing;

  beforeAll(async () => {
    t = await buildTestApp();
    // An ad whose title holds the LIKE wildcards, to show they are matched as themselves.
    const template = await t.app.db.selectFrom('ads').selectAll().where('type', '=', 'INSTANT_SALE').limit(1).executeTakeFirstOrThrow();
    const id = randomUUID();
    await t.app.db.insertInto('ads').values({ ...template, id, slug: `discount-${id.slice(0, 6)}`, title: 'Discount 100% on_time DELIVERY', seq: 0 }).execute();
    await t.app.db.insertInto('ad_countries').values({ ad_id: id, country_code: template.country_code }).execute();
    await indexAdForSearch(t.app.db, id);
  });
  afterAll(async () => t.close());

  it('narrows by country, by kind of sale and by category or subcategory', async () => {
    const jordan = await list('country=JO&pageSize=48');
    expect(jordan.total).toBeGreaterThan(0);
    expect(jordan.items.every((ad) => ad.countryCode === 'JO')).toBe(true);
    const tenders = await list('kind=TENDER&pageSize=48');
    expect(tenders.items.map((ad) => ad.type).sort()).toEqual(['PRIVATE_TENDER', 'PUBLIC_TENDER']);
    const auctions = await list('kind=AUCTION&pageSize=48');
    expect(new Set(auctions.items.map((ad) => ad.type))).toEqual(new Set(['INSTANT_SALE_AND_AUCTION', 'PUBLIC_AUCTION', 'PRIVATE_AUCTION', 'LIVE_AUCTION']));
    // Tenders ask for no shipping, so neither shipping filter finds them.
    for (const shipping of ['FREE', 'PAID']) expect((await list(`kind=TENDER&shipping=${shipping}`)).total).toBe(0);
    const vehicles = await list('category=vehicles');
    const cars = await list('category=cars');
    expect(cars.items.map((ad) => ad.slug)).toEqual(vehicles.items.map((ad) => ad.slug));
    expect(cars.items.some((ad) => ad.title.includes('كامري'))).toBe(true);
  });

  it('searches words whatever their case, with wildcard characters taken as text', async () => {
    expect((await list(`q=${encodeURIComponent('100%')}`)).items.map((ad) => ad.title)).toEqual(['Discount 100% on_time DELIVERY']);
    expect((await list('q=delivery')).total).toBe(1);
    expect((await list(`q=${encodeURIComponent('آيفون')}`)).items.map((ad) => ad.title)).toEqual(['آيفون 15 برو ماكس 256 جيجا']);
  });

  it('pages through results', async () => {
    const all = await list('pageSize=48');
    const first = await list('pageSize=12&page=1');
    const second = await list('pageSize=12&page=2');
    expect(first.total).toBe(all.total);
    expect(first.items).toHaveLength(12);
    // Past the last page: no ads, the total still told.
    expect(await list(`pageSize=12&page=${Math.ceil(all.total / 12) + 1}`)).toMatchObject({ items: [], total: all.total });
    expect([...first.items, ...second.items].map((ad) => ad.slug)).toEqual(all.items.map((ad) => ad.slug));
    expect((await t.app.inject({ method: 'GET', url: '/api/ads?page=1.5' })).statusCode).toBe(400);
  });

  it('shows a published ad, says an ended one is gone, and hides drafts from everyone but the owner', async () => {
    const [published, ended, draft] = (await list('pageSize=12')).items;
    await t.app.db.updateTable('ads').set({ status: 'ENDED' }).where('slug', '=', ended!.slug).execute();
    await t.app.db.updateTable('ads').set({ status: 'DRAFT' }).where('slug', '=', draft!.slug).execute();
    const shown = await t.app.inject({ method: 'GET', url: `/api/ads/${encodeURIComponent(published!.slug)}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).not.toHaveProperty('ownerId');
    expect(shown.json()).not.toHaveProperty('onBackPrice');
    const gone = await t.app.inject({ method: 'GET', url: `/api/ads/${encodeURIComponent(ended!.slug)}`, headers: { cookie: 'locale=en' } });
    expect(gone.statusCode).toBe(410);
    expect(gone.json().error.message).toBe('The product is no longer available');
    expect((await t.app.inject({ method: 'GET', url: `/api/ads/${encodeURIComponent(draft!.slug)}` })).statusCode).toBe(404);
    expect((await list('pageSize=48')).items.map((ad) => ad.slug)).not.toContain(draft!.slug);
  });

  it("puts an ad's title, description and main image into its page's link preview, and only a published ad's", async () => {
    const ad = await t.app.db.selectFrom('ads').select(['slug', 'title', 'main_image_id']).where('status', '=', 'PUBLISHED').where('type', '=', 'INSTANT_SALE').orderBy('published_at', 'desc').executeTakeFirstOrThrow();
    await t.app.db.updateTable('ads').set({ main_image_id: 'picture-1' }).where('slug', '=', ad.slug).execute();
    const page = await t.app.inject({ method: 'GET', url: `/ad/${encodeURIComponent(ad.slug)}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<meta property="og:title" content="${ad.title}" />`);
    expect(page.body).toMatch(/<meta property="og:image" content="http:\/\/localhost:\d+\/media\/picture-1\/large" \/>/);
    await t.app.db.updateTable('ads').set({ status: 'DRAFT' }).where('slug', '=', ad.slug).execute();
    const draft = await t.app.inject({ method: 'GET', url: `/ad/${encodeURIComponent(ad.slug)}` });
    expect(draft.body).not.toContain('og:title');
    expect(draft.body).not.toContain(ad.title);
    await t.app.db.updateTable('ads').set({ status: 'PUBLISHED', main_image_id: ad.main_image_id }).where('slug', '=', ad.slug).execute();
  });

  it('shows a seller page without their email or phone', async () => {
    const user = await t.app.db.selectFrom('users').select('slug').where('email', '=', 'omar@example.com').executeTakeFirstOrThrow();
    const page = await t.app.inject({ method: 'GET', url: `/api/users/${encodeURIComponent(user.slug)}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('omar@example.com');
    expect(page.body).not.toContain('962791234567');
    expect(page.json()).toMatchObject({ fullName: 'Omar Haddad' });
  });

  it('survives a malformed cookie: it is read as absent', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { cookie: 'locale=%E0' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<html lang="ar" dir="rtl">/);
    const error = await t.app.inject({ method: 'GET', url: '/api/nothing-here', headers: { cookie: 'locale=%E0' } });
    expect(error.json().error.code).toBe('ROUTE_NOT_FOUND');
  });
});
