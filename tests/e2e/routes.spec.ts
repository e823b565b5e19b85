import { expect } from '@playwright/test';
import { test } from './fixtures';
import { categoryIds, publishThroughApi, registerThroughApi, unexpected, untranslatedText, useLanguage, watchForErrors, type Language } from './helpers';

interface AdRef {
  slug: string;
}

for (const language of ['ar', 'en'] as Language[]) {
  test(`every route of SPEC.md renders its own view in ${language}`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const problems = watchForErrors(page);
    await useLanguage(page, language);
    const expectOwnView = async (path: string, pageName: string) => {
      await page.goto(path);
      await expect(page.locator(`[data-page="${pageName}"]`), path).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      await page.waitForLoadState('networkidle');
      expect(await untranslatedText(page, language), path).toEqual([]);
    };
    // A visitor's pages, seen before signing in: someone signed in is sent on from them.
    const visitorRoutes: Array<[path: string, page: string]> = [
      ['/login', 'login'],
      ['/Register', 'register'],
      ['/forget_password', 'forgot-password'],
    ];
    for (const [path, pageName] of visitorRoutes) await expectOwnView(path, pageName);
    await registerThroughApi(page.request, { firstName: 'Tariq', lastName: 'Nasser' });

    // Someone else's ad to read, and an ad of the signed-in seller to manage.
    const ownAdSlug = await publishThroughApi(page.request, 'INSTANT_SALE', {
      title: language === 'ar' ? 'مصباح مكتب نحاسي' : 'Brass desk lamp',
      description: language === 'ar' ? 'مصباح يعمل، بلا خدوش.' : 'Works, no scratches.',
      ...(await categoryIds(page.request, ['furniture', 'office-furniture'])),
      condition: 'USED',
      price: 15_000,
    });
    // A seeded ad no spec buys: the newest ads belong to other specs, which may sell them meanwhile.
    const ads = (await (await request.get(`/api/ads?q=${encodeURIComponent('تويوتا كامري')}`)).json()) as { items: AdRef[] };
    const adSlug = ads.items[0]!.slug;
    const ad = (await (await request.get(`/api/ads/${encodeURIComponent(adSlug)}`)).json()) as { seller: { slug: string } };

    const routes: Array<[path: string, page: string]> = [
      ['/', 'home'],
      ['/profile', 'profile'],
      ['/my_ads', 'my-ads'],
      ['/my_reviews', 'my-reviews'],
      ['/my_subscriptions', 'my-subscriptions'],
      ['/receipts/no-such-payment', 'receipt'],
      ['/orders', 'orders'],
      ['/orders/no-such-order', 'order'],
      [`/ad/${encodeURIComponent(adSlug)}`, 'ad'],
      [`/ad/draft/${encodeURIComponent(ownAdSlug)}`, 'ad-draft'],
      [`/ad/edit/${encodeURIComponent(ownAdSlug)}`, 'ad-edit'],
      ['/create-sales', 'create-sales'],
      ['/create-sales/public-auction', 'create-sale-of-type'],
      ['/favorites', 'favorites'],
      ['/messages', 'messages'],
      ['/messages/first-conversation', 'conversation'],
      ['/product_list', 'product-list'],
      ['/subscriptions', 'subscriptions'],
      ['/subscriptions/gold', 'subscription-checkout'],
      [`/user/${encodeURIComponent(ad.seller.slug)}`, 'user'],
      ['/contact_us', 'contact-us'],
      ['/frequently_asked_questions', 'faq'],
      ['/privacy-policy', 'privacy-policy'],
      ['/terms_and_conditions', 'terms'],
      ['/who_are_we', 'who-are-we'],
      ['/push-token', 'push-token'],
    ];
    for (const [path, pageName] of routes) await expectOwnView(path, pageName);
    // The receipt of a payment that does not exist: the page says so after the API's 404.
    expect(unexpected(problems, [{ status: 404, path: '/api/payments/no-such-payment/receipt' }, { status: 404, path: '/api/orders/no-such-order' }])).toEqual([]);
  });
}

test('an unknown path shows the 404 view with its path, in both languages', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('status-message')).toHaveText('الصفحة غير موجودة: /no/such/page');
  await useLanguage(page, 'en');
  await page.goto('/ad/draft/x/y');
  await expect(page.getByTestId('status-message')).toHaveText('Page not found: /ad/draft/x/y');
});

test('someone else’s ad cannot be edited: the permission message shows', async ({ page }) => {
  await useLanguage(page, 'en');
  await registerThroughApi(page.request, { firstName: 'Sara', lastName: 'Yousef' });
  const ads = (await (await page.request.get('/api/ads?pageSize=48')).json()) as { items: Array<AdRef & { title: string }> };
  const rolex = ads.items.find((item) => item.title.includes('رولكس'))!;
  await page.goto(`/ad/edit/${encodeURIComponent(rolex.slug)}`);
  await expect(page.locator('[data-page="forbidden"]')).toContainText('You do not have permission to access this page');
});
