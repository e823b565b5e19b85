import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import arAds from '../../locales/ar/ads.json' with { type: 'json' };
import arCommon from '../../locales/ar/common.json' with { type: 'json' };
import arErrors from '../../locales/ar/errors.json' with { type: 'json' };
import arSell from '../../locales/ar/sell.json' with { type: 'json' };
import enAds from '../../locales/en/ads.json' with { type: 'json' };
import enCommon from '../../locales/en/common.json' with { type: 'json' };
import enErrors from '../../locales/en/errors.json' with { type: 'json' };
import enSell from '../../locales/en/sell.json' with { type: 'json' };
import { CATEGORY_TREE } from '../../server/db/seed/categories';
import { apiWrite, expectAllInLanguage, formImages, type Language, picture, registerThroughApi, unexpected, untranslatedText, uploadThroughApi, useLanguage, watchForErrors } from './helpers';
import { isolateUserText } from '../../domain/locale';

/** What the pages say, straight from the locales the app itself reads. */
const LOCALES = {
  ar: { sell: arSell, ads: arAds, errors: arErrors, common: arCommon },
  en: { sell: enSell, ads: enAds, errors: enErrors, common: enCommon },
} satisfies Record<Language, unknown>;
type Words = (typeof LOCALES)[Language];

/** The seller of each language, registered by the test that needs one, and the place of their ads. */
const SELLERS: Record<Language, { names: { firstName: string; lastName: string }; country: string; city: string }> = {
  ar: { names: { firstName: 'عمر', lastName: 'الحداد' }, country: 'JO', city: 'Amman' },
  en: { names: { firstName: 'Mona', lastName: 'Farouk' }, country: 'EG', city: 'Cairo' },
};

/**
 * Seeded ads the listing narrows down to (titles as their sellers wrote them). No other spec publishes
 * in electronics, so these are all the category holds however the specs are ordered.
 */
const SEEDED = {
  iphone: 'آيفون 15 برو ماكس 256 جيجا',
  playstation: 'بلايستيشن 5 مع يدّين وثلاث ألعاب',
  macbook: 'MacBook Air M2 13-inch, 16 GB',
  oled: 'شاشة إل جي أوليد 65 بوصة',
};

const categoryNamed = (slug: string) => CATEGORY_TREE.flatMap((category) => [category, ...(category.children ?? [])]).find((category) => category.slug === slug)!;

/** The ids of a subcategory, its category, and a city of a country, as the ad form would send them. */
async function placeIds(request: APIRequestContext, subcategorySlug: string, country: string, cityName: string) {
  const categories = (await (await request.get('/api/categories')).json()) as Array<{ id: number; children: Array<{ id: number; slug: string }> }>;
  const category = categories.find((candidate) => candidate.children.some((child) => child.slug === subcategorySlug))!;
  const countries = (await (await request.get('/api/countries')).json()) as Array<{ code: string; cities: Array<{ id: number; name: { en: string } }> }>;
  const city = countries.find((candidate) => candidate.code === country)!.cities.find((candidate) => candidate.name.en === cityName)!;
  return { categoryId: category.id, subcategoryId: category.children.find((child) => child.slug === subcategorySlug)!.id, cityId: city.id };
}

interface MyAdsState {
  adCredits: number;
  items: Array<{ status: 'PUBLISHED' | 'DRAFT' | 'ENDED' }>;
}

const myAdsOf = async (request: APIRequestContext) => (await (await request.get('/api/my/ads')).json()) as MyAdsState;

/** The credits line as i18next words it: the plural form the language gives the count. */
function creditsLine(words: Words, language: Language, count: number): string {
  const forms = words.sell.myAds as unknown as Record<string, string>;
  return forms[`credits_${new Intl.PluralRules(language).select(count)}`]!.replace('{{count}}', String(count));
}

/** The three tabs of /my_ads, each named with its count. */
async function expectTabCounts(page: Page, words: Words, counts: { published: number; drafts: number; ended: number }) {
  for (const [tab, count] of Object.entries(counts) as Array<[keyof typeof counts, number]>) {
    await expect(page.getByTestId(`tab-${tab}`), tab).toHaveText(`${words.sell.myAds.tabs[tab]}${count}`);
  }
}

/** The address's query, as a plain object. */
const queryOf = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
const cardTitles = (page: Page) => page.getByTestId('ad-card').getByRole('link');

for (const language of ['ar', 'en'] as Language[]) {
  const words = LOCALES[language];
  const { sell, ads, errors, common } = words;
  const seller = SELLERS[language];

  test.describe(`ad management in ${language}`, () => {
    test(`a seller ends an ad, finds it ended, reposts it for a credit and deletes a draft, from my ads, in ${language}`, async ({ page }) => {
      test.setTimeout(45_000);
      const problems = watchForErrors(page);
      await useLanguage(page, language);
      await registerThroughApi(page.request, seller.names);
      const title = language === 'ar' ? 'عطر عود كمبودي ٥٠ مل' : 'Cambodian oud perfume, 50 ml';
      const draftTitle = language === 'ar' ? 'مسودة مبخرة نحاسية' : 'Draft: a brass incense burner';
      const before = await myAdsOf(page.request);
      const published = before.items.filter((ad) => ad.status === 'PUBLISHED').length;
      // A new seller: nothing drafted or ended yet, and the two credits this test spends are there.
      expect(before.items.filter((ad) => ad.status !== 'PUBLISHED')).toEqual([]);
      expect(before.adCredits).toBeGreaterThanOrEqual(2);
      const panel = page.getByRole('tabpanel');
      const row = (adTitle: string) => panel.getByTestId('my-ad').filter({ hasText: adTitle });
      const emptyState = (tab: 'published' | 'drafts' | 'ended') => panel.getByTestId('empty-state').filter({ hasText: sell.myAds.empty[tab].title });

      await test.step('an instant sale published through the API is listed among the published ads', async () => {
        const imageId = await uploadThroughApi(page.request);
        const response = await apiWrite(page.request, 'POST', '/api/ads', {
          type: 'INSTANT_SALE',
          fields: {
            title,
            description: language === 'ar' ? 'عطر عود أصلي بعبوته، لم يُفتح.' : 'Genuine oud in its box, never opened.',
            ...(await placeIds(page.request, 'perfumes', seller.country, seller.city)),
            condition: 'NEW',
            imageIds: [imageId],
            mainImageId: imageId,
            countryCodes: [seller.country],
            price: 90_000,
            shippingType: 'FREE',
          },
          publish: true,
        });
        expect(response.status()).toBe(201);
        await page.goto('/my_ads');
        await expect(page.locator('[data-page="my-ads"]')).toBeVisible();
        await expect(page.getByTestId('ad-credits')).toContainText(creditsLine(words, language, before.adCredits - 1));
        await expectTabCounts(page, words, { published: published + 1, drafts: 0, ended: 0 });
        await expect(row(title)).toHaveCount(1);
        await expectAllInLanguage(page, language, 'my ads');
      });

      await test.step('the drafts and ended tabs are empty, each saying so', async () => {
        await page.getByTestId('tab-drafts').click();
        await expect(emptyState('drafts')).toBeVisible();
        await page.getByTestId('tab-ended').click();
        await expect(emptyState('ended')).toBeVisible();
        await expect(panel.getByTestId('my-ad')).toHaveCount(0);
        await page.getByTestId('tab-published').click();
      });

      await test.step('ending asks first: kept, nothing changes; confirmed, it moves to the ended tab', async () => {
        await row(title).getByRole('button', { name: sell.myAds.actions.end, exact: true }).click();
        const dialog = page.getByRole('alertdialog', { name: sell.myAds.confirmEnd.title });
        await expect(dialog).toContainText(sell.myAds.confirmEnd.text);
        // The harmless choice has the focus, so Enter cannot end an ad by accident.
        await expect(dialog.getByRole('button', { name: common.actions.keep, exact: true })).toBeFocused();
        await dialog.getByRole('button', { name: common.actions.keep, exact: true }).click();
        await expect(dialog).toBeHidden();
        await expectTabCounts(page, words, { published: published + 1, drafts: 0, ended: 0 });

        await row(title).getByRole('button', { name: sell.myAds.actions.end, exact: true }).click();
        await dialog.getByRole('button', { name: sell.myAds.confirmEnd.confirm, exact: true }).click();
        await expect(dialog).toBeHidden();
        await expect(row(title)).toHaveCount(0);
        await expectTabCounts(page, words, { published, drafts: 0, ended: 1 });
        await page.getByTestId('tab-ended').click();
        await expect(row(title)).toHaveCount(1);
        await expect(emptyState('ended')).toHaveCount(0);
        await expect(row(title).getByRole('button', { name: sell.myAds.actions.end, exact: true })).toHaveCount(0);
        // Ending costs nothing.
        await expect(page.getByTestId('ad-credits')).toContainText(creditsLine(words, language, before.adCredits - 1));
      });

      await test.step('its page says the product is no longer available', async () => {
        await row(title).getByRole('link', { name: sell.myAds.actions.view, exact: true }).click();
        await expect(page.locator('[data-page="ad-unavailable"]')).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(ads.refusal.unavailableTitle);
        await expect(page.getByTestId('status-message')).toHaveText(errors.PRODUCT_UNAVAILABLE);
        await expectAllInLanguage(page, language, 'the ended ad');
        await page.goBack();
        await expect(page.locator('[data-page="my-ads"]')).toBeVisible();
      });

      await test.step('reposted, it is published again for one credit', async () => {
        await page.getByTestId('tab-ended').click();
        await row(title).getByRole('button', { name: sell.myAds.actions.repost, exact: true }).click();
        await expect(emptyState('ended')).toBeVisible();
        await expectTabCounts(page, words, { published: published + 1, drafts: 0, ended: 0 });
        await expect(page.getByTestId('ad-credits')).toContainText(creditsLine(words, language, before.adCredits - 2));
        await page.getByTestId('tab-published').click();
        await expect(row(title)).toHaveCount(1);
        await row(title).getByRole('link', { name: sell.myAds.actions.view, exact: true }).click();
        await expect(page.locator('[data-page="ad"]')).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      });

      await test.step('a draft saved through the API is deleted from the drafts tab, after a confirmation', async () => {
        const response = await apiWrite(page.request, 'POST', '/api/ads', { type: 'INSTANT_SALE', fields: { title: draftTitle }, publish: false });
        expect(response.status()).toBe(201);
        await page.goto('/my_ads');
        await expectTabCounts(page, words, { published: published + 1, drafts: 1, ended: 0 });
        await page.getByTestId('tab-drafts').click();
        await expect(row(draftTitle)).toHaveCount(1);
        await row(draftTitle).getByRole('button', { name: sell.myAds.actions.delete, exact: true }).click();
        const dialog = page.getByRole('alertdialog', { name: sell.myAds.confirmDelete.title });
        await expect(dialog).toContainText(sell.myAds.confirmDelete.text);
        await dialog.getByRole('button', { name: sell.myAds.confirmDelete.confirm, exact: true }).click();
        await expect(dialog).toBeHidden();
        await expect(row(draftTitle)).toHaveCount(0);
        await expect(emptyState('drafts')).toBeVisible();
        await expectTabCounts(page, words, { published: published + 1, drafts: 0, ended: 0 });
        // Gone for good, not only from the page: a reload does not bring it back, and no credit went on it.
        await page.reload();
        await expectTabCounts(page, words, { published: published + 1, drafts: 0, ended: 0 });
        await expect(page.getByTestId('ad-credits')).toContainText(creditsLine(words, language, before.adCredits - 2));
      });
      // Provoked on purpose: the ended ad's page.
      expect(unexpected(problems, [{ status: 410, path: /^\/api\/ads\/[^/]+$/ }])).toEqual([]);
    });

    test(`the ad form shows each upload's progress, cancels one, and orders the images, in ${language}`, async ({ page }) => {
      const problems = watchForErrors(page);
      await useLanguage(page, language);
      await registerThroughApi(page.request, seller.names);
      await page.goto('/create-sales/instant-sale');
      await expect(page.getByTestId('ad-form')).toHaveAttribute('data-type', 'INSTANT_SALE');
      const imageInput = page.locator('input[name="image-files"]');
      const entries = page.getByTestId('upload-entry');
      const { media } = sell;
      const button = (label: string, position: number) => page.getByRole('button', { name: label.replace('{{position}}', String(position)), exact: true });
      let keptId = '';

      await test.step('two slow uploads show their progress; the first is cancelled and the second still arrives', async () => {
        // Both uploads are held until the first has been cancelled, however slow the machine.
        let releaseUploads = () => {};
        const uploadsReleased = new Promise<void>((resolve) => (releaseUploads = resolve));
        await page.route('**/api/media', async (route) => {
          await uploadsReleased;
          // The request the page cancelled meanwhile cannot be continued: nothing is left to do with it.
          await route.continue().catch(() => {});
        });
        const [cancelled, kept] = [await picture('jpeg'), await picture('png')];
        const cancelledFails = page.waitForEvent('requestfailed', (request) => request.url().endsWith('/api/media') && (request.postData() ?? '').includes(cancelled.name));
        const keptStored = page.waitForResponse((response) => response.url().endsWith('/api/media') && (response.request().postData() ?? '').includes(kept.name));
        await imageInput.setInputFiles([cancelled, kept]);
        await expect(entries).toHaveCount(2);
        for (const file of [cancelled, kept]) await expect(entries.filter({ hasText: file.name }).getByRole('progressbar')).toBeVisible();
        expect(await untranslatedText(page, language), 'uploads in progress').toEqual([]);
        // Saving now would leave the files out of the ad: the form waits for them.
        await expect(page.getByTestId('uploads-running')).toBeVisible();
        for (const button of ['save-draft', 'publish']) await expect(page.getByTestId(button)).toBeDisabled();

        await page.getByRole('button', { name: media.cancelUpload.replace('{{name}}', isolateUserText(cancelled.name)), exact: true }).click();
        await expect(entries.filter({ hasText: cancelled.name })).toHaveCount(0);
        await cancelledFails;
        releaseUploads();
        const response = await keptStored;
        expect(response.status()).toBe(201);
        keptId = ((await response.json()) as { id: string }).id;
        await expect(page.getByTestId('image-item')).toHaveCount(1);
        await expect(entries).toHaveCount(0);
        expect(await formImages(page)).toEqual({ ids: [keptId], mainId: keptId });
        await expect(page.getByTestId('uploads-running')).toHaveCount(0);
        for (const button of ['save-draft', 'publish']) await expect(page.getByTestId(button)).toBeEnabled();
        await page.unroute('**/api/media');
      });

      await test.step('two more images join after it; the second is made the main one', async () => {
        await imageInput.setInputFiles([await picture('jpeg'), await picture('png')]);
        await expect(page.getByTestId('image-item')).toHaveCount(3);
        await expect(entries).toHaveCount(0);
        const { ids, mainId } = await formImages(page);
        expect(ids[0]).toBe(keptId);
        expect(mainId).toBe(keptId);
        await button(media.makeMain, 2).click();
        expect(await formImages(page)).toEqual({ ids, mainId: ids[1] });
        await expect(button(media.makeMain, 2)).toHaveAttribute('aria-pressed', 'true');
        await expect(button(media.makeMain, 2)).toBeDisabled();
        await expect(page.getByTestId('image-item').nth(1)).toContainText(media.main);
      });

      await test.step('the main image moves earlier and later, staying the main one; removed, the first takes its place', async () => {
        const [first, second, third] = (await formImages(page)).ids as [string, string, string];
        await button(media.moveEarlier, 2).click();
        expect(await formImages(page)).toEqual({ ids: [second, first, third], mainId: second });
        await expect(button(media.moveEarlier, 1)).toBeDisabled();
        await button(media.moveLater, 1).click();
        await button(media.moveLater, 2).click();
        expect(await formImages(page)).toEqual({ ids: [first, third, second], mainId: second });
        await expect(button(media.moveLater, 3)).toBeDisabled();
        await button(media.removeImage, 3).click();
        await expect(page.getByTestId('image-item')).toHaveCount(2);
        expect(await formImages(page)).toEqual({ ids: [first, third], mainId: first });
        await expect(page.getByTestId('image-item').first()).toContainText(media.main);
      });
      expect(unexpected(problems, [])).toEqual([]);
    });

    test(`a listing's filters, sort and page size live in the address: Back and a shared link restore them, in ${language}`, async ({ page }) => {
      test.setTimeout(45_000);
      const problems = watchForErrors(page);
      await useLanguage(page, language);
      const filters = page.getByRole('complementary', { name: ads.filters.title });
      const select = (label: string) => filters.getByRole('combobox', { name: label, exact: true });
      const sort = page.getByRole('combobox', { name: ads.list.sortBy, exact: true });
      const pageSize = page.getByRole('combobox', { name: ads.list.perPage, exact: true });
      const electronics = categoryNamed('electronics');
      const tvs = categoryNamed('tvs');

      await test.step('a category card on the home page opens its listing', async () => {
        await page.goto('/');
        await page.getByTestId('section-categories').getByTestId('category-link').filter({ hasText: electronics[language] }).click();
        await expect(page).toHaveURL(/\/product_list\?category=electronics$/);
        await expect(page.locator('[data-page="product-list"]')).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(electronics[language]);
        await expect(select(ads.filters.category)).toHaveValue('electronics');
        await expect.poll(async () => (await cardTitles(page).allTextContents()).sort()).toEqual([SEEDED.iphone, SEEDED.playstation, SEEDED.macbook, SEEDED.oled].sort());
      });

      await test.step('from all ads, each choice is a new address with its results', async () => {
        await page.goto('/product_list');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(ads.list.title);
        await expect(cardTitles(page).first()).toBeVisible();
        const everything = await page.getByTestId('ad-card').count();
        expect(everything).toBeGreaterThan(4);

        await select(ads.filters.category).selectOption({ label: electronics[language] });
        await expect.poll(() => queryOf(page)).toEqual({ category: 'electronics' });
        await expect(page.getByTestId('ad-card')).toHaveCount(4);

        await select(ads.filters.condition).selectOption({ label: ads.conditions.NEW });
        await expect.poll(() => queryOf(page)).toEqual({ category: 'electronics', condition: 'NEW' });
        await expect.poll(async () => (await cardTitles(page).allTextContents()).sort()).toEqual([SEEDED.iphone, SEEDED.oled].sort());

        await sort.selectOption({ label: ads.list.sorts.priceDesc });
        await expect.poll(() => queryOf(page)).toEqual({ category: 'electronics', condition: 'NEW', sort: 'priceDesc' });
        await expect(cardTitles(page)).toHaveText([SEEDED.oled, SEEDED.iphone]);
        await sort.selectOption({ label: ads.list.sorts.priceAsc });
        await expect.poll(() => queryOf(page)).toEqual({ category: 'electronics', condition: 'NEW', sort: 'priceAsc' });
        await expect(cardTitles(page)).toHaveText([SEEDED.iphone, SEEDED.oled]);

        await pageSize.selectOption('24');
        await expect.poll(() => queryOf(page)).toEqual({ category: 'electronics', condition: 'NEW', sort: 'priceAsc', pageSize: '24' });
        await expect(cardTitles(page)).toHaveText([SEEDED.iphone, SEEDED.oled]);

        await select(ads.filters.subcategory).selectOption({ label: tvs[language] });
        await expect.poll(() => queryOf(page)).toEqual({ category: 'tvs', condition: 'NEW', sort: 'priceAsc', pageSize: '24' });
        await expect(cardTitles(page)).toHaveText([SEEDED.oled]);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(tvs[language]);
        await expectAllInLanguage(page, language, 'a filtered listing');
      });

      await test.step('Back restores the previous choices and their results, one at a time', async () => {
        await page.goBack();
        await expect.poll(() => queryOf(page)).toEqual({ category: 'electronics', condition: 'NEW', sort: 'priceAsc', pageSize: '24' });
        await expect(select(ads.filters.category)).toHaveValue('electronics');
        await expect(select(ads.filters.subcategory)).toHaveValue('');
        await expect(cardTitles(page)).toHaveText([SEEDED.iphone, SEEDED.oled]);
        await page.goBack();
        await expect.poll(() => queryOf(page)).toEqual({ category: 'electronics', condition: 'NEW', sort: 'priceAsc' });
        await expect(pageSize).toHaveValue('12');
        await page.goBack();
        await expect.poll(() => queryOf(page)).toEqual({ category: 'electronics', condition: 'NEW', sort: 'priceDesc' });
        await expect(sort).toHaveValue('priceDesc');
        await expect(cardTitles(page)).toHaveText([SEEDED.oled, SEEDED.iphone]);
        await page.goBack();
        await page.goBack();
        await expect.poll(() => queryOf(page)).toEqual({ category: 'electronics' });
        await expect(select(ads.filters.condition)).toHaveValue('');
        await expect(page.getByTestId('ad-card')).toHaveCount(4);
      });

      await test.step('the address opened in a fresh page gives the same listing', async () => {
        await page.goForward();
        await page.goForward();
        await expect.poll(() => queryOf(page)).toEqual({ category: 'electronics', condition: 'NEW', sort: 'priceDesc' });
        await expect(cardTitles(page)).toHaveText([SEEDED.oled, SEEDED.iphone]);
        const shared = page.url();
        const fresh = await page.context().newPage();
        const freshProblems = watchForErrors(fresh);
        await fresh.goto(shared);
        await expect(fresh.locator('[data-page="product-list"]')).toBeVisible();
        await expect(cardTitles(fresh)).toHaveText([SEEDED.oled, SEEDED.iphone]);
        const freshFilters = fresh.getByRole('complementary', { name: ads.filters.title });
        await expect(freshFilters.getByRole('combobox', { name: ads.filters.category, exact: true })).toHaveValue('electronics');
        await expect(freshFilters.getByRole('combobox', { name: ads.filters.condition, exact: true })).toHaveValue('NEW');
        await expect(fresh.getByRole('combobox', { name: ads.list.sortBy, exact: true })).toHaveValue('priceDesc');
        await fresh.close();
        expect(unexpected(freshProblems, [])).toEqual([]);
      });
      expect(unexpected(problems, [])).toEqual([]);
    });
  });
}
