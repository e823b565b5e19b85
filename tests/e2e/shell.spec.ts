import { expect } from '@playwright/test';
import { test } from './fixtures';
import { signInThroughApi, signOut, unexpected, useLanguage, watchForErrors } from './helpers';

test('the language switch flips lang and dir at once and survives a reload', async ({ page }) => {
  const problems = watchForErrors(page);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { name: 'Buy, sell and bid live' })).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'بع واشترِ وزايد مباشرة' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('a visitor on a guarded page is sent to sign in and brought back', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/favorites');
  await expect(page).toHaveURL(/\/login\?redirect=%2Ffavorites$/);
  await page.getByRole('textbox', { name: 'Email' }).fill('ahmed@example.com');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('form-error')).toHaveText('Incorrect password or email');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('ahmed@example.com');
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/favorites$/);
  await expect(page.locator('[data-page="favorites"]')).toBeVisible();

  await signOut(page);
  await expect(page).toHaveURL(/\/$/);
  // The session ended on the server: the guarded page sends the visitor to sign in again.
  await page.goto('/favorites');
  await expect(page).toHaveURL(/\/login\?redirect=%2Ffavorites$/);
});

test('the header search lists matching ads and the query stays in the URL', async ({ page }) => {
  await page.goto('/');
  const search = page.getByRole('searchbox');
  await search.fill('آيفون');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/product_list\?q=%D8%A2%D9%8A%D9%81%D9%88%D9%86$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('نتائج البحث عن «آيفون»');
  await expect(page.getByTestId('ad-card')).toHaveCount(1);
  await expect(page.getByTestId('ad-card')).toContainText('آيفون 15 برو ماكس');
  await page.goBack();
  await expect(page.getByRole('searchbox')).toHaveValue('');
});

test('the chosen country persists and narrows the listings', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('country-picker').click();
  await page.locator('[data-country="JO"]').click();
  await expect(page.getByTestId('country-picker')).toContainText('الأردن');
  await page.reload();
  await expect(page.getByTestId('country-picker')).toContainText('الأردن');
  const latest = page.getByTestId('section-latest').getByTestId('ad-card');
  await expect(latest.first()).toBeVisible();
  for (const card of await latest.all()) await expect(card).toContainText('عمّان');
});

test('the contact form keeps what was typed on refusal and stores a valid message', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/contact_us');
  await page.getByLabel('Name').fill('Layla');
  await page.getByLabel('Email').fill('layla-at-example');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('this must be a valid email')).toBeVisible();
  await expect(page.getByText('This field is required')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('Layla');
  await page.getByLabel('Email').fill('layla@example.com');
  await page.getByLabel('Topic').selectOption('ADS');
  await page.getByLabel('Message').fill('How do private auctions work?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('contact-success')).toBeVisible();
  const outbox = await (await page.request.get('/api/dev/outbox?recipient=layla@example.com')).json();
  expect(outbox[0]).toMatchObject({ channel: 'email', subject: "A message to Souq's support team gave your email" });
});

test('the server’s verdict on a field lands under that field, and nothing typed is lost', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.route('**/api/contact', (route) =>
    route.fulfill({ status: 400, json: { error: { code: 'VALIDATION_FAILED', message: 'There are some errors, please try again', fields: { email: 'INVALID_EMAIL' } } } }),
  );
  await page.goto('/contact_us');
  await page.getByLabel('Name').fill('Layla');
  await page.getByLabel('Email').fill('layla@example.com');
  await page.getByLabel('Message').fill('Hello');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('form-error')).toHaveText('There are some errors, please try again');
  await expect(page.getByText('this must be a valid email')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('layla@example.com');
  await expect(page.getByLabel('Message')).toHaveValue('Hello');
});

test('a page chunk that fails to load reloads once, then shows the error view', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/');
  await page.route(/\/assets\/faq-page-[^/]+\.js$/, (route) => route.abort());
  let loads = 0;
  page.on('load', () => loads++);
  await page.getByRole('link', { name: 'FAQ' }).click();
  await expect(page.locator('[data-page="internal-error"]')).toBeVisible();
  await expect(page).toHaveURL(/frequently_asked_questions/);
  expect(loads).toBe(1);
});

test('a newer build is picked up on the next navigation', async ({ page }) => {
  await page.route('**/api/build/latest?*', (route) => route.fulfill({ json: { buildId: 'newer-build', builtAt: '2026-11-21T00:00:00Z' } }));
  await page.route('**/_build/newer-build/manifest.json', (route) => route.fulfill({ json: { buildId: 'newer-build', chunks: [] } }));
  const checked = page.waitForRequest(/\/_build\/newer-build\/manifest\.json/);
  await page.goto('/');
  await checked;
  await page.evaluate(() => ((window as unknown as { stillSamePage: boolean }).stillSamePage = true));
  const reload = page.waitForEvent('load');
  await page.getByRole('link', { name: 'المفضلة' }).first().click();
  await reload;
  expect(await page.evaluate(() => (window as unknown as { stillSamePage?: boolean }).stillSamePage)).toBeUndefined();
});

test('without a newer build, navigation stays in the page', async ({ page }) => {
  const checked = page.waitForResponse(/\/api\/build\/latest\?t=\d+/);
  await page.goto('/');
  await checked;
  await page.evaluate(() => ((window as unknown as { stillSamePage: boolean }).stillSamePage = true));
  await page.getByRole('link', { name: 'الأسئلة الشائعة' }).click();
  await expect(page.locator('[data-page="faq"]')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stillSamePage?: boolean }).stillSamePage)).toBe(true);
});

test('the footer starts below the fold even on a short page, so it never jumps down as a page fills in', async ({ page }) => {
  const problems = watchForErrors(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.locator('footer').evaluate((footer) => footer.getBoundingClientRect().top)).toBeGreaterThanOrEqual(844);
  expect(unexpected(problems, [{ status: 404, path: '/no-such-page' }])).toEqual([]);
});

test('the account menu stays under its sticky button while the page scrolls, so a tap lands on the item seen', async ({ page }) => {
  await signInThroughApi(page.request);
  await page.goto('/');
  await page.getByTestId('account-menu').click();
  const signOutItem = page.getByTestId('sign-out');
  await expect(signOutItem).toBeVisible();
  // Read in the same task as the scroll: a menu placed against the page would be carried off with it
  // until it is placed again a frame later.
  const [before, after] = await signOutItem.evaluate((item) => {
    const top = () => item.getBoundingClientRect().top;
    const first = top();
    window.scrollBy(0, 200);
    return [first, top()];
  });
  expect(await page.evaluate(() => window.scrollY)).toBe(200);
  expect(after).toBe(before);
});

test('a page’s HTML names its own script files, so they load together once the page has painted', async ({ page }) => {
  const html = await (await page.request.get('/product_list')).text();
  const named = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map((match) => match[1]!);
  const pageChunk = named.find((href) => /^\/assets\/product-list-page-[\w-]+\.js$/.test(href));
  expect(pageChunk).toBeDefined();
  // The chunk named is the one the router then runs: the browser asks for no other copy of the page.
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/product_list');
  await expect(page.locator('[data-page="product-list"]')).toBeVisible();
  expect(scripts.filter((path) => path.includes('product-list-page-'))).toEqual([pageChunk]);
});
