import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import enAds from '../../locales/en/ads.json' with { type: 'json' };
import enCommon from '../../locales/en/common.json' with { type: 'json' };
import type { AdSummary } from '../../domain/ad-schemas';
import { formatDateTime } from '../../src/lib/format';
import { DEFAULT_TIME_ZONE, TIME_ZONE_COOKIE } from '../../domain/locale';
import { categoryIds, publishThroughApi, registerThroughApi, signInThroughApi, useLanguage, watchForErrors } from './helpers';

/**
 * Notes the page element the HTML parser made, before any script runs: after the browser has taken
 * the page over, it is still the one on screen only if React adopted the server's view rather than
 * rendering a new one.
 */
async function noteServerRenderedPage(page: Page) {
  await page.addInitScript(() => {
    const marked = window as unknown as { serverRenderedPage?: Element };
    new MutationObserver((_changes, observer) => {
      const element = document.querySelector('[data-page]');
      if (!element) return;
      marked.serverRenderedPage = element;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
}

const keptServerRenderedPage = (page: Page) =>
  page.evaluate(() => {
    const { serverRenderedPage } = window as unknown as { serverRenderedPage?: Element };
    return serverRenderedPage !== undefined && serverRenderedPage === document.querySelector('[data-page]');
  });

/** Which of the build's files of the libraries only some pages need (`PAGE_LIBRARIES` in vite.config.ts) a page's HTML names for its first view. */
const pageLibraryFilesNamed = (html: string) => [...new Set(Array.from(html.matchAll(/\/assets\/(zod|forms|xstate|socket)-[\w-]+\.js/g), (match) => match[1]!))].sort();

/** The demo data's running auctions, as the listing's API gives them. */
async function runningAuctions(page: Page): Promise<AdSummary[]> {
  return ((await (await page.request.get('/api/ads?kind=AUCTION&running=true')).json()) as { items: AdSummary[] }).items;
}

test.describe('in the region’s time zone', () => {
  test.use({ timezoneId: DEFAULT_TIME_ZONE });

  for (const language of ['ar', 'en'] as const) {
    test(`the public pages arrive rendered and the browser takes them over as they are (${language})`, async ({ page }) => {
      await useLanguage(page, language);
      await noteServerRenderedPage(page);
      const problems = watchForErrors(page);
      // Each with what its first view shows (the cards, an auction's live panel with its bids) and the
      // files of the libraries only some pages need that its first view loads: only a page that checks
      // a schema loads zod, only one with a form (an auction's bid, the contact form) the forms'
      // libraries, and only a live one (an auction's) XState and socket.io.
      const pages = [
        { path: '/', name: 'home', shows: ['ad-card'], pageLibraries: [] },
        { path: '/product_list', name: 'product-list', shows: ['ad-card'], pageLibraries: [] },
        { path: `/ad/${encodeURIComponent((await runningAuctions(page))[0]!.slug)}`, name: 'ad', shows: ['auction-panel', 'bid-list'], pageLibraries: ['forms', 'socket', 'xstate'] },
        { path: '/frequently_asked_questions', name: 'faq', shows: [], pageLibraries: [] },
        { path: '/contact_us', name: 'contact-us', shows: [], pageLibraries: ['forms', 'zod'] },
      ];
      for (const { path, name, shows, pageLibraries } of pages) {
        const html = await (await page.request.get(path)).text();
        expect(html, path).toContain(`data-page="${name}"`);
        for (const testId of shows) expect(html, path).toContain(`data-testid="${testId}"`);
        expect(pageLibraryFilesNamed(html), path).toEqual(pageLibraries);
        await page.goto(path);
        await expect(page.locator(`[data-page="${name}"]`)).toBeVisible();
        await page.waitForLoadState('networkidle');
        expect(await keptServerRenderedPage(page), path).toBe(true);
      }
      // React reports a view it could not adopt as an error: there is none.
      expect(problems).toEqual([]);
    });
  }

  test('a page taken over asks none of its first view’s questions again; the next page asks its own, as does the first one visited again', async ({ page }) => {
    await useLanguage(page, 'en');
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/ads') asked.push(url.search);
    });
    const mainNavigation = page.getByRole('navigation', { name: enCommon.nav.main });

    await page.goto('/product_list');
    await expect(page.getByTestId('ad-card').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);

    await mainNavigation.getByRole('link', { name: enCommon.nav.home, exact: true }).click();
    await expect(page.locator('[data-page="home"]')).toBeVisible();
    await expect.poll(() => asked.length).toBeGreaterThan(0);
    const askedByHome = asked.length;
    await mainNavigation.getByRole('link', { name: enCommon.nav.browse, exact: true }).click();
    await expect(page.locator('[data-page="product-list"]')).toBeVisible();
    await expect.poll(() => asked.length).toBeGreaterThan(askedByHome);
  });

  test('the page paints before it asks for the app’s files and the web font, which then comes', async ({ page }) => {
    await page.goto('/');
    await expect.poll(() => page.evaluate(() => [...document.fonts].some((face) => face.family.includes('IBM Plex Sans Arabic') && face.status === 'loaded'))).toBe(true);
    const timings = await page.evaluate(() => {
      // When the browser painted the page; its start time is when the frame was shown, which on a busy machine can come later.
      const firstPaint = (performance.getEntriesByName('first-contentful-paint')[0] as PerformanceEntry & { paintTime: number }).paintTime;
      const resources = performance.getEntriesByType('resource').map((entry) => ({ name: new URL(entry.name).pathname, startTime: entry.startTime }));
      return { firstPaint, resources };
    });
    const afterPaint = (pattern: RegExp) => timings.resources.filter((resource) => pattern.test(resource.name)).map((resource) => resource.startTime > timings.firstPaint);
    expect(afterPaint(/\/assets\/home-page-[\w-]+\.js$/)).toEqual([true]);
    expect(afterPaint(/\/assets\/main-[\w-]+\.js$/)).toEqual([true]);
    expect(afterPaint(/\.woff2$/).length).toBeGreaterThan(0);
    expect(afterPaint(/\.woff2$/)).not.toContain(false);
  });

  test('a signed-in visitor’s page arrives with their own header', async ({ page }) => {
    await useLanguage(page, 'en');
    await signInThroughApi(page.request);
    const html = await (await page.request.get('/')).text();
    expect(html).toContain('data-testid="account-menu"');
    expect(html).not.toContain('data-testid="sign-in-link"');
  });
});

test.describe('on a device in another time zone', () => {
  const DEVICE_TIME_ZONE = 'America/New_York';
  test.use({ timezoneId: DEVICE_TIME_ZONE });

  test('the page is taken over as the server wrote it, then shows times in the device’s zone, which the server uses next', async ({ page, browser }) => {
    // An auction of its own, the newest running one, so the listing's first page shows it whatever
    // other specs have made or ended.
    const seller = await browser.newContext();
    await registerThroughApi(seller.request, { firstName: 'Huda', lastName: 'Zahrani' });
    const slug = await publishThroughApi(seller.request, 'PUBLIC_AUCTION', {
      title: 'A pocket watch from Hail',
      description: 'A brass pocket watch on its chain, serviced last year.',
      ...(await categoryIds(seller.request, ['fashion', 'watches'])),
      openingAmount: 50_000,
      condition: 'USED',
      startsNow: true,
      auctionDurationHours: 2,
    });
    await seller.close();
    await useLanguage(page, 'en');
    await noteServerRenderedPage(page);
    const problems = watchForErrors(page);
    const auction = (await runningAuctions(page)).find((item) => item.slug === slug)!;
    const endsOn = (timeZone: string) => enAds.card.endsOn.replace('{{date}}', formatDateTime(auction.endsAt!, 'en', timeZone));
    const card = page.locator(`[data-testid="ad-card"][data-slug="${slug}"]`).first();
    expect(endsOn(DEVICE_TIME_ZONE)).not.toBe(endsOn(DEFAULT_TIME_ZONE));

    await page.goto('/product_list?kind=AUCTION&running=true');
    await expect(card).toContainText(endsOn(DEVICE_TIME_ZONE));
    await page.waitForLoadState('networkidle');
    expect(await keptServerRenderedPage(page)).toBe(true);
    expect((await page.context().cookies()).find((cookie) => cookie.name === TIME_ZONE_COOKIE)?.value).toBe(encodeURIComponent(DEVICE_TIME_ZONE));
    expect(await (await page.request.get('/product_list?kind=AUCTION&running=true')).text()).toContain(endsOn(DEVICE_TIME_ZONE));
    expect(problems).toEqual([]);
  });
});
