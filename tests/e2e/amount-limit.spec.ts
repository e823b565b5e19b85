import { expect } from '@playwright/test';
import { test } from './fixtures';
import arErrors from '../../locales/ar/errors.json' with { type: 'json' };
import arSell from '../../locales/ar/sell.json' with { type: 'json' };
import enErrors from '../../locales/en/errors.json' with { type: 'json' };
import enSell from '../../locales/en/sell.json' with { type: 'json' };
import { MAX_AMOUNT_MINOR } from '../../domain/money';
import { apiWrite, categoryIds, type Language, registerThroughApi, unexpected, uploadThroughApi, useLanguage, watchForErrors } from './helpers';

const LOCALES = { ar: { errors: arErrors, sell: arSell }, en: { errors: enErrors, sell: enSell } } satisfies Record<Language, unknown>;

/** One riyal more than the most the marketplace takes, as a seller or bidder types it. */
const PAST_THE_LIMIT_RIYALS = String(MAX_AMOUNT_MINOR / 100 + 1);

for (const language of ['ar', 'en'] as const) {
  const { errors, sell } = LOCALES[language];

  test(`the bid form refuses a bid past the limit in words (${language})`, async ({ browser, page }, testInfo) => {
    test.setTimeout(90_000);
    const sellerContext = await browser.newContext();
    await registerThroughApi(sellerContext.request, { firstName: 'Nasser', lastName: 'Amri' });
    const imageId = await uploadThroughApi(sellerContext.request);
    const published = await apiWrite(sellerContext.request, 'POST', '/api/ads', {
      type: 'PUBLIC_AUCTION',
      fields: {
        title: language === 'ar' ? 'ساعة جيب فضية قديمة' : 'Old silver pocket watch',
        description: language === 'ar' ? 'ساعة جيب تعمل، بسلسلتها.' : 'A working pocket watch with its chain.',
        ...(await categoryIds(sellerContext.request, ['fashion', 'watches'])),
        condition: 'USED',
        imageIds: [imageId],
        mainImageId: imageId,
        countryCodes: ['SA'],
        shippingType: 'FREE',
        openingAmount: 50_000,
        startsNow: true,
        auctionDurationHours: 2,
      },
      publish: true,
    });
    expect(published.status()).toBe(201);
    const { slug } = (await published.json()) as { slug: string };
    await sellerContext.close();

    const problems = watchForErrors(page);
    await useLanguage(page, language);
    await registerThroughApi(page.request, { firstName: 'Omar', lastName: 'Khalil' });
    await page.goto(`/ad/${slug}`);
    await page.getByTestId('bid-amount').fill(PAST_THE_LIMIT_RIYALS);
    await page.getByTestId('place-bid').click();
    await expect(page.getByTestId('bid-amount')).toHaveAccessibleErrorMessage(errors.AMOUNT_TOO_LARGE);
    await expect(page.getByTestId('bid-form').getByText(errors.AMOUNT_TOO_LARGE)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`bid-form-${language}.png`) });
    expect(unexpected(problems, [])).toEqual([]);
  });

  test(`the ad form refuses an amount past the limit in words (${language})`, async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    const problems = watchForErrors(page);
    await useLanguage(page, language);
    await registerThroughApi(page.request, { firstName: 'Nasser', lastName: 'Amri' });
    await page.goto('/create-sales/public-auction');
    const openingAmount = page.getByLabel(sell.fields.openingAmount);
    await openingAmount.fill(PAST_THE_LIMIT_RIYALS);
    await page.getByRole('button', { name: sell.form.saveDraft }).click();
    await expect(openingAmount).toHaveAccessibleErrorMessage(errors.AMOUNT_TOO_LARGE);
    await page.screenshot({ path: testInfo.outputPath(`ad-form-${language}.png`) });
    expect(unexpected(problems, [])).toEqual([]);
  });
}
