import { type APIRequestContext, expect as baseExpect } from '@playwright/test';
import { test } from './fixtures';
import arErrors from '../../locales/ar/errors.json' with { type: 'json' };
import arPayments from '../../locales/ar/payments.json' with { type: 'json' };
import arSell from '../../locales/ar/sell.json' with { type: 'json' };
import arSubscriptions from '../../locales/ar/subscriptions.json' with { type: 'json' };
import enErrors from '../../locales/en/errors.json' with { type: 'json' };
import enPayments from '../../locales/en/payments.json' with { type: 'json' };
import enSell from '../../locales/en/sell.json' with { type: 'json' };
import enSubscriptions from '../../locales/en/subscriptions.json' with { type: 'json' };
import { apiWrite, categoryIds, expectAllInLanguage, type Language, registerThroughApi, unexpected, uploadThroughApi, useLanguage, watchForErrors } from './helpers';

/** What the pages say, straight from the locales the app itself reads. */
const LOCALES = {
  ar: { errors: arErrors, payments: arPayments, sell: arSell, subscriptions: arSubscriptions },
  en: { errors: enErrors, payments: enPayments, sell: enSell, subscriptions: enSubscriptions },
} satisfies Record<Language, unknown>;

const expect = baseExpect.configure({ timeout: 30_000 });
const SCREENSHOTS = '.test-output/subscriptions';
const CARDS = { succeeds: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', challenge: '4000 0000 0000 3220' };

/** An ad saved as a draft, ready to publish, by a seller whose five free credits are all spent. */
async function sellerOutOfCredit(request: APIRequestContext, language: Language): Promise<{ draftTitle: string; draft: string }> {
  await registerThroughApi(request, language === 'ar' ? { firstName: 'نورة', lastName: 'القحطاني' } : { firstName: 'Noura', lastName: 'Qahtani' });
  const fields = async (title: string) => {
    const image = await uploadThroughApi(request);
    return { title, description: 'Described for the test.', ...(await categoryIds(request, ['home-appliances', 'air-conditioners'])), condition: 'USED', imageIds: [image], mainImageId: image, countryCodes: ['SA'], shippingType: 'FREE', price: 25_000 };
  };
  const save = async (title: string, publish: boolean) => {
    const response = await apiWrite(request, 'POST', '/api/ads', { type: 'INSTANT_SALE', fields: await fields(title), publish });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { slug: string }).slug;
  };
  for (let sale = 1; sale <= 5; sale += 1) await save(`Spent credit ${sale}`, true);
  expect(((await (await request.get('/api/my/ads')).json()) as { adCredits: number }).adCredits).toBe(0);
  const draftTitle = language === 'ar' ? 'مكيف سبليت بحالة ممتازة' : 'Split air conditioner, like new';
  return { draftTitle, draft: await save(draftTitle, false) };
}

for (const language of ['ar', 'en'] as const) {
  const { errors, payments, sell, subscriptions } = LOCALES[language];

  test.describe(`buying a package in ${language}`, () => {
    test(`a seller with no credit buys a package by card after a declined one, gets a receipt and publishes the refused ad, in ${language}`, async ({ page }) => {
      const problems = watchForErrors(page);
      await useLanguage(page, language);
      const { draft, draftTitle } = await sellerOutOfCredit(page.request, language);

      await page.goto(`/ad/draft/${encodeURIComponent(draft)}`);
      const refusal = page.getByTestId('no-ad-credit');
      await expect(refusal).toContainText(errors.NO_AD_CREDIT);
      await refusal.getByRole('link', { name: sell.credit.seePackages }).click();
      await expect(page).toHaveURL(/\/subscriptions\?returnTo=%2Fad%2Fdraft%2F/);
      const starter = page.getByTestId('package-starter');
      await expect(starter.getByTestId('package-price')).toHaveText(language === 'ar' ? /49\sر\.س\./ : /SAR\s49/);
      await page.screenshot({ path: `${SCREENSHOTS}/packages-${language}.png`, fullPage: true });
      await starter.getByRole('link', { name: subscriptions.packages.subscribe }).click();

      await expect(page.locator('[data-page="subscription-checkout"]')).toBeVisible();
      await expect(page.getByTestId('package-summary')).toContainText(payments.vatIncluded.split('{{')[0]!.trim());
      await page.getByRole('button', { name: payments.continue }).click();
      const cardForm = page.frameLocator('[data-testid="card-form"]');
      const payWith = async (number: string) => {
        await cardForm.locator('#name').fill('Noura Qahtani');
        await cardForm.locator('#number').fill(number);
        await cardForm.locator('#expiry').fill('08/29');
        await cardForm.locator('#code').fill('123');
        await cardForm.locator('button[type=submit]').click();
      };
      await payWith(CARDS.declined);
      const failed = page.getByTestId('payment-failed');
      await expect(failed).toContainText(payments.failedTitle);
      await expect(failed).toContainText(payments.failure.CARD_DECLINED);
      await expectAllInLanguage(page, language, 'the failed payment');
      await page.screenshot({ path: `${SCREENSHOTS}/payment-failed-${language}.png`, fullPage: true });
      // Nothing was bought by the declined card.
      expect(((await (await page.request.get('/api/my/ads')).json()) as { adCredits: number }).adCredits).toBe(0);

      await payWith(CARDS.succeeds);
      const succeeded = page.getByTestId('checkout-succeeded');
      await expect(succeeded).toContainText(subscriptions.checkout.successTitle.replace('{{name}}', language === 'ar' ? 'باقة البداية' : 'Starter'));
      await page.screenshot({ path: `${SCREENSHOTS}/payment-succeeded-${language}.png`, fullPage: true });

      await succeeded.getByTestId('view-receipt').click();
      await expect(page.locator('[data-page="receipt"]')).toBeVisible();
      await page.screenshot({ path: `${SCREENSHOTS}/receipt-${language}.png`, fullPage: true });
      await page.goBack();

      await page.getByTestId('back-to-ad').click();
      await expect(page).toHaveURL(new RegExp(`/ad/draft/${encodeURIComponent(draft)}$`));
      await expect(page.getByTestId('draft-title')).toHaveText(draftTitle);
      await page.getByTestId('publish-draft').click();
      await expect(page).toHaveURL(new RegExp(`/ad/${encodeURIComponent(draft)}$`));

      await page.goto('/my_subscriptions');
      const bought = page.getByTestId('subscription-starter');
      await expect(bought.getByTestId('subscription-status')).toHaveText(subscriptions.mine.status.ACTIVE);
      await expect(bought.getByTestId('credits-left')).toHaveText(subscriptions.mine.creditsLeftValue.replace('{{left}}', '9').replace('{{total}}', '10'));
      await expectAllInLanguage(page, language, 'my subscriptions');
      await page.screenshot({ path: `${SCREENSHOTS}/my-subscriptions-${language}.png`, fullPage: true });
      expect(unexpected(problems, [])).toEqual([]);
    });

    test(`a 3-D Secure challenge and PayPal's approval each take the buyer to the provider and back, and a subscription can be canceled, in ${language}`, async ({ page }) => {
      const problems = watchForErrors(page);
      await useLanguage(page, language);
      await registerThroughApi(page.request, language === 'ar' ? { firstName: 'فهد', lastName: 'الدوسري' } : { firstName: 'Fahad', lastName: 'Dossary' });

      await page.goto('/subscriptions/pro');
      await page.getByRole('button', { name: payments.continue }).click();
      const cardForm = page.frameLocator('[data-testid="card-form"]');
      await cardForm.locator('#name').fill('Fahad Dossary');
      await cardForm.locator('#number').fill(CARDS.challenge);
      await cardForm.locator('#expiry').fill('08/29');
      await cardForm.locator('#code').fill('123');
      await cardForm.locator('button[type=submit]').click();
      await expect(page).toHaveURL(/\/sandbox-pay\/challenge\//);
      await page.screenshot({ path: `${SCREENSHOTS}/challenge-${language}.png`, fullPage: true });
      await page.locator('#code').fill('123456');
      await page.locator('button[value=pass]').click();
      await expect(page.getByTestId('checkout-succeeded')).toBeVisible();

      await page.goto('/subscriptions/starter');
      await page.getByTestId('method-PAYPAL').click();
      await page.getByRole('button', { name: payments.continue }).click();
      await expect(page).toHaveURL(/\/sandbox-pay\/wallet\//);
      await page.screenshot({ path: `${SCREENSHOTS}/paypal-${language}.png`, fullPage: true });
      await page.locator('button[value=cancel]').click();
      await expect(page.getByTestId('payment-failed')).toContainText(payments.failure.PAYMENT_CANCELED);
      await page.getByTestId('retry-payment').click();
      await expect(page).toHaveURL(/\/sandbox-pay\/wallet\//);
      await page.locator('button[value=approve]').click();
      await expect(page.getByTestId('checkout-succeeded')).toBeVisible();

      await page.goto('/my_subscriptions');
      const pro = page.getByTestId('subscription-pro');
      await pro.getByTestId('cancel-subscription').click();
      await page.getByTestId('cancel-subscription-dialog-confirm').click();
      await expect(pro.getByTestId('subscription-status')).toHaveText(subscriptions.mine.status.CANCELED);
      await expect(pro.getByTestId('credits-left')).toHaveText(subscriptions.mine.creditsLeftValue.replace('{{left}}', '40').replace('{{total}}', '40'));
      await expect(page.getByTestId('subscription-starter').getByTestId('subscription-status')).toHaveText(subscriptions.mine.status.ACTIVE);
      expect(((await (await page.request.get('/api/my/ads')).json()) as { adCredits: number }).adCredits).toBe(55);
      expect(unexpected(problems, [])).toEqual([]);
    });
  });
}

test('a visitor is asked to sign in to subscribe, and comes back to the package', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/subscriptions');
  await page.getByTestId('package-business').getByRole('link', { name: enSubscriptions.packages.subscribe }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsubscriptions%2Fbusiness$/);
});
