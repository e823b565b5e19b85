import { type APIRequestContext, expect as baseExpect, type Page } from '@playwright/test';
import { test } from './fixtures';
import arCommon from '../../locales/ar/common.json' with { type: 'json' };
import arErrors from '../../locales/ar/errors.json' with { type: 'json' };
import arSell from '../../locales/ar/sell.json' with { type: 'json' };
import enCommon from '../../locales/en/common.json' with { type: 'json' };
import enErrors from '../../locales/en/errors.json' with { type: 'json' };
import enSell from '../../locales/en/sell.json' with { type: 'json' };
import { formatDate } from '../../src/lib/format';
import { deviceTimeZone } from '../../src/lib/runtime-config';
import { DAY_MS, MINUTE_MS } from '../../domain/timing';
import { apiWrite, categoryIds, E2E_ORIGIN, expectAllInLanguage, type Language, messagePattern, registerThroughApi, unexpected, uploadThroughApi, useLanguage, watchForErrors } from './helpers';

/** What the pages say, straight from the locales the app itself reads. */
const LOCALES = {
  ar: { sell: arSell, errors: arErrors, common: arCommon },
  en: { sell: enSell, errors: enErrors, common: enCommon },
} satisfies Record<Language, unknown>;

// The machine that runs the suite may be busy: a page's dozens of chunks can take a while to arrive.
const expect = baseExpect.configure({ timeout: 30_000 });
const PASSWORD = 'newcomer-1234';
const SCREENSHOTS = '.test-output/user-bugs';

interface Seller {
  email: string;
  draft: string;
  ended: { slug: string; title: string; plannedEnd: number; endedAt: number };
  notStarted: { slug: string; title: string };
}

async function createAd(request: APIRequestContext, type: string, fields: Record<string, unknown>, publish: boolean): Promise<string> {
  const response = await apiWrite(request, 'POST', '/api/ads', { type, fields, publish });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { slug: string }).slug;
}

/**
 * The seller's ads: a draft, a tender ended days before its planned end, a live auction that starts
 * later, and instant sales that spend the rest of the free credits.
 */
async function newSeller(request: APIRequestContext, language: Language): Promise<Seller> {
  const { email } = await registerThroughApi(request, language === 'ar' ? { firstName: 'سلمى', lastName: 'الحربي' } : { firstName: 'Salma', lastName: 'Harbi' }, PASSWORD);
  const imageId = () => uploadThroughApi(request);
  const common = async (title: string) => {
    const image = await imageId();
    // Not in electronics, which ads-management.spec counts to the seeded ads.
    return { title, description: 'Described for the test.', ...(await categoryIds(request, ['home-appliances', 'air-conditioners'])), condition: 'USED', imageIds: [image], mainImageId: image, countryCodes: ['SA'] };
  };
  const draft = await createAd(request, 'PUBLIC_AUCTION', { title: language === 'ar' ? 'مسودة جوال قديم' : 'Draft: an old phone' }, false);
  const now = Date.now();
  const plannedEnd = now + 9 * DAY_MS;
  const endedTitle = language === 'ar' ? 'مناقصة توريد شاشات' : 'Tender for screens';
  const ended = await createAd(request, 'PUBLIC_TENDER', { ...(await common(endedTitle)), startsNow: true, endsAt: plannedEnd }, true);
  const notStartedTitle = language === 'ar' ? 'مزاد مباشر لم يبدأ' : 'Live auction yet to start';
  const notStarted = await createAd(
    request,
    'LIVE_AUCTION',
    { ...(await common(notStartedTitle)), shippingType: 'FREE', openingAmount: 10_000, startsNow: false, startsAt: now + 10 * MINUTE_MS, auctionDurationHours: 1, subAuctionDurationMinutes: 10, liveLink: 'https://live.example.com/later' },
    true,
  );
  for (let sale = 1; sale <= 3; sale += 1) await createAd(request, 'INSTANT_SALE', { ...(await common(`Sale ${sale}`)), shippingType: 'FREE', price: 10_000 }, true);
  const endedAt = Date.now();
  expect((await apiWrite(request, 'POST', `/api/ads/${encodeURIComponent(ended)}/end`)).status()).toBe(200);
  expect(((await (await request.get('/api/my/ads')).json()) as { adCredits: number }).adCredits).toBe(0);
  return { email, draft, ended: { slug: ended, title: endedTitle, plannedEnd, endedAt }, notStarted: { slug: notStarted, title: notStartedTitle } };
}

const sellers = new Map<Language, Seller>();

async function signIn(page: Page, seller: Seller) {
  const response = await apiWrite(page.request, 'POST', '/api/auth/sign-in', { method: 'email', email: seller.email, password: PASSWORD });
  expect(response.ok()).toBe(true);
}

for (const language of ['ar', 'en'] as Language[]) {
  const { sell, errors, common } = LOCALES[language];

  test.describe(`what a new user met, in ${language}`, () => {
    // Each test loads several pages; the seller's ads take a dozen API calls.
    test.describe.configure({ timeout: 120_000 });

    test.beforeAll(async ({ playwright }) => {
      const request = await playwright.request.newContext({ baseURL: E2E_ORIGIN });
      sellers.set(language, await newSeller(request, language));
      await request.dispose();
    });

    test(`an unknown create-sales address and a missing ad show the 404 view with a 404, and a draft's address opens its form, in ${language}`, async ({ page }) => {
      const seller = sellers.get(language)!;
      const problems = watchForErrors(page);
      await useLanguage(page, language);

      for (const path of ['/create-sales/no-such-thing', '/ad/no-such-ad', '/user/no-such-person']) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(404);
        await expect(page.locator('[data-page="not-found"]')).toContainText(messagePattern(common.errorViews.notFound, { path }, { within: true }));
      }
      // Someone else's draft is no page of this visitor's either.
      expect((await page.goto(`/create-sales/${seller.draft}`))?.status()).toBe(404);
      await expect(page.locator('[data-page="not-found"]')).toBeVisible();

      await signIn(page, seller);
      expect((await page.goto(`/create-sales/${seller.draft}`))?.status()).toBe(200);
      await expect(page.locator('[data-page="create-sale-of-type"]')).toBeVisible();
      await expect(page.getByRole('textbox', { name: sell.fields.title, exact: true })).toHaveValue(language === 'ar' ? 'مسودة جوال قديم' : 'Draft: an old phone');
      await expectAllInLanguage(page, language, 'the draft’s form');
      // Chromium logs each 404 it is given, the pages' own among them.
      const notFound = ['/create-sales/no-such-thing', '/ad/no-such-ad', '/api/ads/no-such-ad', '/user/no-such-person', '/api/users/no-such-person', `/create-sales/${encodeURIComponent(seller.draft)}`].map((path) => ({ status: 404, path }));
      expect(unexpected(problems, notFound)).toEqual([]);
    });

    test(`an ended ad says when it ended, offers a repost without credit and, refused, leads to the packages, in ${language}`, async ({ page }) => {
      const seller = sellers.get(language)!;
      const problems = watchForErrors(page);
      await useLanguage(page, language);
      await signIn(page, seller);
      await page.goto('/my_ads');
      await page.getByTestId('tab-ended').click();
      const row = page.locator(`[data-testid="my-ad"][data-slug="${seller.ended.slug}"]`);
      await expect(row).toContainText(sell.myAds.dates.ended.replace('{{date}}', formatDate(seller.ended.endedAt, deviceTimeZone())));
      await expect(row).not.toContainText(formatDate(seller.ended.plannedEnd, deviceTimeZone()));

      await row.getByTestId('my-ad-repost').click();
      const refusal = row.getByTestId('no-ad-credit');
      await expect(refusal).toContainText(errors.NO_AD_CREDIT);
      await expect(refusal).toContainText(sell.credit.noCreditForRepost);
      await expect(refusal.getByRole('link', { name: sell.credit.seePackages })).toHaveAttribute('href', '/subscriptions?returnTo=%2Fmy_ads');
      await expectAllInLanguage(page, language, 'my ads with the refusal');
      await row.screenshot({ path: `${SCREENSHOTS}/my-ads-repost-refused-${language}.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      await row.screenshot({ path: `${SCREENSHOTS}/my-ads-repost-refused-${language}-390.png` });

      await refusal.getByRole('link', { name: sell.credit.seePackages }).click();
      await expect(page).toHaveURL(/\/subscriptions\?returnTo=%2Fmy_ads$/);
      expect(unexpected(problems, [{ status: 402, path: `/api/ads/${encodeURIComponent(seller.ended.slug)}/repost` }])).toEqual([]);
    });

    test(`ending soon lists no auction yet to start, and Oman is عُمان, in ${language}`, async ({ page }) => {
      const seller = sellers.get(language)!;
      const problems = watchForErrors(page);
      await useLanguage(page, language);
      // The listing behind the ending-soon shelf, narrowed to this auction's title so that other
      // specs' auctions ending sooner cannot push it out of view: found among auctions, not among running ones.
      const listed = async (search: string) =>
        ((await (await page.request.get(`/api/ads?${search}&q=${encodeURIComponent(seller.notStarted.title)}&pageSize=48`)).json()) as { items: Array<{ slug: string }> }).items.map((item) => item.slug);
      expect(await listed('kind=AUCTION&sort=endingSoon')).toContain(seller.notStarted.slug);
      expect(await listed('kind=AUCTION&running=true&sort=endingSoon')).not.toContain(seller.notStarted.slug);
      await page.goto('/');
      const shelf = page.getByTestId('section-ending').getByTestId('ad-card');
      await expect(shelf.first()).toBeVisible();
      expect(await shelf.evaluateAll((cards) => cards.map((card) => card.getAttribute('data-slug')))).not.toContain(seller.notStarted.slug);

      await page.getByTestId('country-picker').click();
      await expect(page.locator('[data-country="OM"]')).toHaveText(language === 'ar' ? 'عُمان' : 'Oman');
      expect(problems).toEqual([]);
    });
  });
}
