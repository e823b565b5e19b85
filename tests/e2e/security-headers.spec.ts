import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { categoryIds, publishThroughApi, registerThroughApi, watchForErrors } from './helpers';

const PASSWORD = 'csp-check-1';

/** Publishes an instant sale or a running auction; answers its slug. */
async function publishAd(request: APIRequestContext, type: 'INSTANT_SALE' | 'PUBLIC_AUCTION'): Promise<string> {
  const terms = type === 'INSTANT_SALE' ? { price: 90_000, condition: 'NEW' } : { openingAmount: 100_000, condition: 'USED', startsNow: true, auctionDurationHours: 2 };
  return publishThroughApi(request, type, {
    title: type === 'INSTANT_SALE' ? 'Oud perfume, sealed' : 'Antique brass coffee pot',
    description: 'Checked under the Content-Security-Policy.',
    ...(await categoryIds(request, ['fashion', 'watches'])),
    ...terms,
  });
}

/**
 * Collects every Content-Security-Policy violation the page reports, from the document and any frame,
 * as the browser's own `securitypolicyviolation` events. Init scripts come from the test, not the
 * page, so the policy does not govern this one.
 */
async function watchForViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

/** Opens a page under the policy, waits for it to settle, and says what the policy refused on it. */
async function visit(page: Page, path: string, ready: string, violations: () => Promise<string[]>): Promise<string[]> {
  const response = await page.goto(path);
  expect(response!.headers()['content-security-policy'], path).toContain("script-src 'self';");
  await expect(page.locator(ready), path).toBeVisible({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  return (await violations()).map((violation) => `${path}: ${violation}`);
}

// The policy is the same in both languages, and so are the scripts and styles each page loads.
test('the key pages run under the Content-Security-Policy with nothing refused', async ({ page, request }) => {
  // Seven pages, each loaded afresh with all its chunks, on a machine that may be busy.
  test.setTimeout(360_000);
  const problems = watchForErrors(page);
  const violations = await watchForViolations(page);

  await registerThroughApi(request, { firstName: 'Owner', lastName: 'Tester' }, PASSWORD);
  const saleSlug = await publishAd(request, 'INSTANT_SALE');
  const auctionSlug = await publishAd(request, 'PUBLIC_AUCTION');

  for (const [path, ready] of [
    ['/', '[data-page="home"]'],
    ['/product_list', '[data-page="product-list"]'],
    [`/ad/${saleSlug}`, '[data-page="ad"]'],
    ['/login', '[data-page="login"]'],
    ['/Register', '[data-page="register"]'],
  ] as const) {
    expect.soft(await visit(page, path, ready, violations)).toEqual([]);
  }

  // Signed in: an auction's page, whose socket (the site's own origin) is let in, and the ad form.
  await registerThroughApi(page.request, { firstName: 'Bidder', lastName: 'Tester' }, PASSWORD);
  const socketOpened = page.waitForEvent('websocket', (socket) => socket.url().includes('/socket.io/'));
  expect.soft(await visit(page, `/ad/${auctionSlug}`, '[data-testid="auction-panel"][data-role="BIDDER"]', violations)).toEqual([]);
  expect((await socketOpened).isClosed()).toBe(false);
  expect.soft(await visit(page, '/create-sales/public-auction', '[data-testid="ad-form"]', violations)).toEqual([]);

  expect(problems).toEqual([]);
});
