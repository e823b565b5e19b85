import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdList } from '../../domain/ad-schemas';
import type { MyAds } from '../../domain/ad-form';
import type { Country } from '../../domain/catalog';
import { HOUR_MS, MINUTE_MS } from '../../domain/timing';
import arErrors from '../../locales/ar/errors.json';
import enErrors from '../../locales/en/errors.json';
import { newAuction, newPerson, type Person } from './helpers/auction-fixtures';
import { buildTestApp, type TestApp, testDialect } from './helpers/test-app';

/** Bugs a new user met, each at the API that decides it. */
describe(`what a new user met, on ${testDialect}`, () => {
  let t: TestApp;
  const clock = { now: Date.UTC(2026, 10, 21, 9, 0, 0) };

  beforeAll(async () => {
    t = await buildTestApp({ now: () => clock.now });
  });
  afterAll(async () => t.close());

  const myAds = async (person: Person) => (await person.browser.get('/api/my/ads')).json() as MyAds;
  const myAd = async (person: Person, slug: string) => (await myAds(person)).items.find((item) => item.slug === slug)!;
  const setCredits = (userId: string, credits: number) => t.app.db.updateTable('subscriptions').set({ ad_credits_remaining: credits }).where('user_id', '=', userId).execute();
  const draftOf = async (owner: Person) => {
    const created = await owner.browser.post('/api/ads', { type: 'PUBLIC_AUCTION', fields: { title: 'A draft' }, publish: false });
    expect(created.statusCode, created.body).toBe(201);
    return (created.json() as { slug: string }).slug;
  };

  describe('a page whose thing does not exist answers 404', () => {
    const statusOf = async (url: string, person?: Person) => (person ? await person.browser.get(url) : await t.app.inject({ method: 'GET', url })).statusCode;

    it('an ad page: 404 for a missing ad or someone else’s draft, 200 for a published ad and for the owner’s draft', async () => {
      const owner = await newPerson(t.app, 'Salma');
      const stranger = await newPerson(t.app, 'Yusuf');
      const published = await newAuction(t.app, owner);
      const draft = await draftOf(owner);

      expect(await statusOf('/ad/no-such-ad')).toBe(404);
      expect(await statusOf(`/ad/${encodeURIComponent('لا-يوجد')}`)).toBe(404);
      expect(await statusOf(`/ad/${published.slug}`)).toBe(200);
      expect(await statusOf(`/ad/${draft}`)).toBe(404);
      expect(await statusOf(`/ad/${draft}`, stranger)).toBe(404);
      expect(await statusOf(`/ad/${draft}`, owner)).toBe(200);
    });

    it('a user page, and the draft and edit pages of an ad', async () => {
      const owner = await newPerson(t.app, 'Rania');
      const { slug: userSlug } = await t.app.db.selectFrom('users').select('slug').where('id', '=', owner.id).executeTakeFirstOrThrow();
      const draft = await draftOf(owner);

      expect(await statusOf('/user/no-such-person')).toBe(404);
      expect(await statusOf(`/user/${userSlug}`)).toBe(200);
      for (const page of ['draft', 'edit']) {
        expect(await statusOf(`/ad/${page}/no-such-ad`, owner)).toBe(404);
        expect(await statusOf(`/ad/${page}/${draft}`, owner)).toBe(200);
      }
      expect((await owner.browser.delete(`/api/ads/${draft}`)).statusCode).toBe(200);
      expect(await statusOf(`/ad/edit/${draft}`, owner)).toBe(404);
    });

    it('the create page: a sale type, or the signed-in owner’s own draft; anything else is 404', async () => {
      const owner = await newPerson(t.app, 'Faisal');
      const stranger = await newPerson(t.app, 'Huda');
      const draft = await draftOf(owner);
      const published = await newAuction(t.app, owner);

      expect(await statusOf('/create-sales/public-auction')).toBe(200);
      expect(await statusOf('/create-sales/no-such-thing')).toBe(404);
      expect(await statusOf(`/create-sales/${draft}`, owner)).toBe(200);
      expect(await statusOf(`/create-sales/${draft}`, stranger)).toBe(404);
      expect(await statusOf(`/create-sales/${draft}`)).toBe(404);
      expect(await statusOf(`/create-sales/${published.slug}`, owner)).toBe(404);
    });
  });

  describe('my ads', () => {
    it('says when an ended ad ended: when its owner ended it, or when its time ran out', async () => {
      const owner = await newPerson(t.app, 'Nadia');
      const endedEarly = await newAuction(t.app, owner, { ends_at: clock.now + 5 * HOUR_MS });
      const ranOut = await newAuction(t.app, owner, { ends_at: clock.now + HOUR_MS });
      const running = await newAuction(t.app, owner, { ends_at: clock.now + 10 * HOUR_MS });

      clock.now += 30 * MINUTE_MS;
      const endedAt = clock.now;
      expect((await owner.browser.post(`/api/ads/${endedEarly.slug}/end`)).statusCode).toBe(200);
      clock.now += 2 * HOUR_MS;

      expect(await myAd(owner, endedEarly.slug)).toMatchObject({ status: 'ENDED', endedAt });
      expect(await myAd(owner, ranOut.slug)).toMatchObject({ status: 'ENDED', endedAt: endedAt - 30 * MINUTE_MS + HOUR_MS });
      expect(await myAd(owner, running.slug)).toMatchObject({ status: 'PUBLISHED', endedAt: null });
    });

    it('offers a repost of an ended ad without credit, and refuses it for want of credit', async () => {
      const owner = await newPerson(t.app, 'Tariq');
      const ad = await newAuction(t.app, owner);
      expect((await owner.browser.post(`/api/ads/${ad.slug}/end`)).statusCode).toBe(200);
      await setCredits(owner.id, 0);

      expect((await myAd(owner, ad.slug)).actions.repost).toBe(true);
      const refused = await owner.browser.post(`/api/ads/${ad.slug}/repost`);
      expect(refused.statusCode).toBe(402);
      expect(refused.json().error.code).toBe('NO_AD_CREDIT');
      expect((await myAd(owner, ad.slug)).status).toBe('ENDED');
    });
  });

  it('tells an owner who adds himself to his private auction that the owner cannot take part, in his language', async () => {
    const owner = await newPerson(t.app, 'Khalid');
    const ad = await newAuction(t.app, owner, { type: 'PRIVATE_AUCTION' });
    for (const [locale, errors] of [['en', enErrors], ['ar', arErrors]] as const) {
      const refused = await owner.browser.request('POST', `/api/ads/${ad.slug}/participants`, { contact: owner.email }, { locale });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'OWNER_CANNOT_PARTICIPATE', message: errors.OWNER_CANNOT_PARTICIPATE, fields: { contact: 'OWNER_CANNOT_PARTICIPATE' } });
    }
  });

  it('sorts an auction yet to start after the running ones when ending soon, and leaves it out of running ones', async () => {
    const owner = await newPerson(t.app, 'Layla');
    const running = await newAuction(t.app, owner, { starts_at: clock.now - HOUR_MS, ends_at: clock.now + 3 * HOUR_MS });
    const notStarted = await newAuction(t.app, owner, {
      type: 'LIVE_AUCTION',
      starts_at: clock.now + HOUR_MS,
      ends_at: clock.now + 2 * HOUR_MS,
      sub_auction_duration_ms: 10 * MINUTE_MS,
      auction_duration_ms: null,
    });
    const endingSoon = async (query = '') => ((await t.app.inject({ method: 'GET', url: `/api/ads?kind=AUCTION&sort=endingSoon&pageSize=48${query}` })).json() as AdList).items;
    const sorted = await endingSoon();
    const startsLater = sorted.map((item) => item.startsAt! > clock.now);
    expect(startsLater).toEqual([...startsLater].sort((a, b) => Number(a) - Number(b)));
    expect(sorted.map((item) => item.slug).indexOf(running.slug)).toBeLessThan(sorted.map((item) => item.slug).indexOf(notStarted.slug));
    // The home page's shelf: running auctions, soonest end first.
    const shelf = (await endingSoon('&running=true')).map((item) => item.slug);
    expect(shelf).toContain(running.slug);
    expect(shelf).not.toContain(notStarted.slug);
  });

  it('names Oman عُمان, not عمان as Amman is spelled', async () => {
    const countries = (await t.app.inject({ method: 'GET', url: '/api/countries' })).json() as Country[];
    const oman = countries.find((country) => country.code === 'OM')!;
    expect(oman.name).toEqual({ ar: 'عُمان', en: 'Oman' });
    expect(countries.find((country) => country.code === 'JO')!.cities.find((city) => city.name.en === 'Amman')!.name.ar).toBe('عمّان');
  });
});
