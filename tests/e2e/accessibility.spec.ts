import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import type { AxeResults } from 'axe-core';
import { apiWrite, categoryIds, type Language, registerThroughApi, signInThroughApi, uploadThroughApi, useLanguage } from './helpers';

const AXE_SOURCE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Violations a person meets as a barrier (axe's serious and critical), not advice. */
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/** Runs axe-core on the page as it stands and lists each blocking violation as `rule: targets`. */
async function blockingViolations(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await page.addScriptTag({ path: AXE_SOURCE_PATH });
  const results = await page.evaluate(() => (window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } }).axe.run(document));
  return results.violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => {
      // A contrast failure is told by its colours, which name the token to fix better than a selector.
      const details = violation.nodes.map((node) => {
        const contrast = node.any.find((check) => check.id === 'color-contrast')?.data as { fgColor: string; bgColor: string; contrastRatio: number } | undefined;
        return contrast ? `${contrast.fgColor} on ${contrast.bgColor} (${contrast.contrastRatio}:1)` : `${node.target.join(' ')} ${node.html.slice(0, 80)}`;
      });
      return `${violation.id} (${violation.impact}): ${[...new Set(details)].join('; ')}`;
    });
}

interface Ads {
  instantSale: string;
  auction: string;
}

test.describe('every key page passes axe-core without a serious or critical violation', () => {
  // axe-core is injected as an inline script, which the site's Content-Security-Policy rightly refuses.
  test.use({ bypassCSP: true });

  let ads: Ads;
  let seller: { email: string; password: string };

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    seller = await registerThroughApi(request, { firstName: 'Rami', lastName: 'Saleh' });
    const publish = async (type: 'INSTANT_SALE' | 'PUBLIC_AUCTION', terms: Record<string, unknown>) => {
      const imageId = await uploadThroughApi(request);
      const response = await apiWrite(request, 'POST', '/api/ads', {
        type,
        fields: {
          ...terms,
          ...(await categoryIds(request, ['sports', 'camping'])),
          condition: 'USED',
          imageIds: [imageId],
          mainImageId: imageId,
          countryCodes: ['SA'],
          shippingType: 'FREE',
        },
        publish: true,
      });
      expect(response.status()).toBe(201);
      return ((await response.json()) as { slug: string }).slug;
    };
    ads = {
      instantSale: await publish('INSTANT_SALE', { title: 'خيمة تخييم عائلية', description: 'خيمة لستة أشخاص.', price: 40_000 }),
      auction: await publish('PUBLIC_AUCTION', {
        title: 'موقد تخييم نحاسي',
        description: 'موقد قديم يعمل.',
        openingAmount: 10_000,
        startsNow: true,
        auctionDurationHours: 2,
      }),
    };
    await request.dispose();
  });

  const PAGES: Array<{ name: string; path: () => string; ready: string; signedIn?: boolean }> = [
    { name: 'home', path: () => '/', ready: '[data-page="home"]' },
    { name: 'listing', path: () => '/product_list', ready: '[data-testid="ad-card"]' },
    { name: 'an instant sale', path: () => `/ad/${ads.instantSale}`, ready: '[data-page="ad"]' },
    { name: 'an auction', path: () => `/ad/${ads.auction}`, ready: '[data-testid="auction-panel"]' },
    { name: 'sign-in', path: () => '/login', ready: '[data-page="login"]' },
    { name: 'registration', path: () => '/Register', ready: '[data-page="register"]' },
    { name: 'the create form', path: () => '/create-sales', ready: '[data-page="create-sales"]', signedIn: true },
  ];

  for (const language of ['ar', 'en'] as const satisfies Language[]) {
    // One test per language walks every page, so a failure costs one new seller, not one per page.
    test(`in ${language}`, async ({ page }) => {
      test.setTimeout(240_000);
      await useLanguage(page, language);
      for (const { name, path, ready, signedIn } of PAGES) {
        if (signedIn) await signInThroughApi(page.request, seller.email, seller.password);
        await page.goto(path());
        await expect(page.locator(ready).first()).toBeVisible();
        expect.soft(await blockingViolations(page), `serious or critical axe-core violations on ${name}`).toEqual([]);
      }
    });
  }
});
