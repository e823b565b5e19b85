import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect as baseExpect } from '@playwright/test';
import arPayments from '../../locales/ar/payments.json' with { type: 'json' };
import arSubscriptions from '../../locales/ar/subscriptions.json' with { type: 'json' };
import enPayments from '../../locales/en/payments.json' with { type: 'json' };
import enSubscriptions from '../../locales/en/subscriptions.json' with { type: 'json' };
import { type ServerProcess, startServerProcess } from '../server-process';
import { type FakeStripe, startFakeStripe, stripeSettingsFor } from '../server/helpers/fake-stripe';
import { test } from './fixtures';
import { expectAllInLanguage, type Language, registerThroughApi, unexpected, watchForErrors } from './helpers';

const LOCALES = { ar: { payments: arPayments, subscriptions: arSubscriptions }, en: { payments: enPayments, subscriptions: enSubscriptions } } satisfies Record<Language, unknown>;
const expect = baseExpect.configure({ timeout: 30_000 });
const SCREENSHOTS = '.test-output/subscriptions';

// A marketplace of its own that takes payments through Stripe: its API answered by the local server
// that speaks as Stripe does, and Stripe.js by that server's stand-in, since neither can be reached here.
const PORT = Number(process.env.E2E_PORT ?? 3100) + 7;
const ORIGIN = `http://127.0.0.1:${PORT}`;

test.describe('checkout through Stripe', () => {
  test.describe.configure({ timeout: 90_000 });
  test.use({ baseURL: ORIGIN });
  let stripe: FakeStripe | undefined;
  let server: ServerProcess | undefined;
  let dataDir: string | undefined;

  test.beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-stripe-'));
    stripe = await startFakeStripe();
    server = await startServerProcess(
      {
        NODE_ENV: 'test',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        TRUST_PROXY: 'true',
        ...stripeSettingsFor(stripe),
      },
      60_000,
    );
  });

  test.afterAll(async () => {
    server?.child.kill();
    await server?.exited;
    await stripe?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('says the provider cannot be reached when Stripe.js does not load, in ar', async ({ page }) => {
    const { payments } = LOCALES.ar;
    await page.context().addCookies([{ name: 'locale', value: 'ar', url: ORIGIN }]);
    await page.route(`${stripe!.url}/v3/`, (route) => route.abort('connectionrefused'));
    await registerThroughApi(page.request, { firstName: 'حصة', lastName: 'العتيبي' });
    await page.goto('/subscriptions/starter');
    await page.getByRole('button', { name: payments.continue }).click();
    const cardForm = page.frameLocator('[data-testid="card-form"]');
    await expect(cardForm.locator('#form-error')).toHaveText(payments.providerForms.unreachable);
    await expect(cardForm.locator('button[type=submit]')).toBeDisabled();

    await page.getByTestId('change-method').click();
    await page.getByTestId('method-APPLE_PAY').click();
    await page.getByRole('button', { name: payments.continue }).click();
    const unreachable = page.frameLocator('[data-testid="apple-pay-form"]').locator('#wallet-unreachable');
    await expect(unreachable).toBeVisible();
    await expect(unreachable).toHaveText(payments.providerForms.unreachable);
  });

  for (const language of ['ar', 'en'] as const) {
    const { payments, subscriptions } = LOCALES[language];

    test(`a seller pays by card in Stripe's fields after a declined one, then by Apple Pay, in ${language}`, async ({ page }) => {
      const problems = watchForErrors(page);
      await page.context().addCookies([{ name: 'locale', value: language, url: ORIGIN }]);
      await registerThroughApi(page.request, language === 'ar' ? { firstName: 'لولوة', lastName: 'المري' } : { firstName: 'Lulwa', lastName: 'Marri' });

      const intentsBefore = stripe!.intents.size;
      const requestsBefore = stripe!.requests.length;
      const intentsSince = () => [...stripe!.intents.values()].slice(intentsBefore);

      await page.goto('/subscriptions/starter');
      await page.getByRole('button', { name: payments.continue }).click();
      const cardForm = page.frameLocator('[data-testid="card-form"]');
      const payWith = async (number: string) => {
        await cardForm.locator('#name').fill('Lulwa Marri');
        await cardForm.getByLabel('Card number').fill(number);
        await cardForm.getByLabel('MM / YY').fill('08 / 29');
        await cardForm.getByLabel('CVC').fill('123');
        await cardForm.locator('button[type=submit]').click();
      };
      await payWith('4000 0000 0000 9995');
      const failed = page.getByTestId('payment-failed');
      await expect(failed).toContainText(payments.failure.INSUFFICIENT_FUNDS);
      await page.screenshot({ path: `${SCREENSHOTS}/stripe-card-failed-${language}.png`, fullPage: true });

      // A number Stripe does not know is refused in its own fields, and nothing reaches the marketplace.
      await payWith('4000 0000 0000 0000');
      await expect(cardForm.locator('#form-error')).toHaveText('Your card number is incorrect.');
      await payWith('4242 4242 4242 4242');
      await expect(page.getByTestId('checkout-succeeded')).toBeVisible();
      expect(intentsSince().map((intent) => [intent.amount, intent.status])).toEqual([[4_900, 'succeeded']]);
      // Each number went from Stripe's fields to Stripe; the marketplace confirmed with the PaymentMethods made of them.
      const madeFrom = stripe!.requests.slice(requestsBefore).filter((request) => request.path === '/v1/payment_methods');
      expect(madeFrom.map((request) => (request.body.card as { number: string }).number.replace(/\D/g, '').slice(-4))).toEqual(['9995', '0000', '4242']);

      // Chromium has no Apple Pay: the person is told so, and where it works.
      const applePayCheckout = async () => {
        await page.goto('/subscriptions/pro');
        await page.getByTestId('method-APPLE_PAY').click();
        await page.getByRole('button', { name: payments.continue }).click();
        await expect(page.getByText(payments.applePayFormNote)).toBeVisible();
        return page.frameLocator('[data-testid="apple-pay-form"]');
      };
      const unavailable = (await applePayCheckout()).getByRole('alert');
      await expect(unavailable).toHaveText(payments.providerForms.applePayUnavailable);
      await page.screenshot({ path: `${SCREENSHOTS}/stripe-apple-pay-unavailable-${language}.png`, fullPage: true });

      // Safari with a card in Wallet.
      await page.addInitScript(() => Object.assign(window, { ApplePaySession: { canMakePayments: () => true } }));
      const wallet = await applePayCheckout();
      const button = wallet.getByRole('button', { name: 'Buy with Apple Pay' });
      await expect(button).toBeVisible();
      await page.screenshot({ path: `${SCREENSHOTS}/stripe-apple-pay-${language}.png`, fullPage: true });
      // The sheet shows the payment's total, in the account's country, and offers Apple Pay alone.
      const sheetFrame = page.frames().find((frame) => frame.url().includes('/stripe-pay/apple-pay'))!;
      expect(await sheetFrame.evaluate(() => (window as unknown as { standInStripe: { paymentRequests: { options: unknown }[] } }).standInStripe.paymentRequests[0]!.options)).toEqual({
        country: 'AE',
        currency: 'sar',
        total: { label: payments.providerForms.applePayLabel, amount: 14_900 },
        disableWallets: ['googlePay', 'link', 'browserCard'],
      });
      await button.click();
      await expect(page.getByTestId('checkout-succeeded')).toBeVisible();
      // The checkout left where Apple Pay was missing stays unpaid.
      expect(intentsSince().map((intent) => [intent.amount, intent.status])).toEqual([
        [4_900, 'succeeded'],
        [14_900, 'requires_payment_method'],
        [14_900, 'succeeded'],
      ]);

      await page.goto('/my_subscriptions');
      await expect(page.getByTestId('subscription-pro').getByTestId('subscription-status')).toHaveText(subscriptions.mine.status.ACTIVE);
      await expect(page.getByTestId('subscription-starter').getByTestId('subscription-status')).toHaveText(subscriptions.mine.status.ACTIVE);
      await expectAllInLanguage(page, language, 'my subscriptions, paid through Stripe');
      // Stripe answers the unknown number with 402, as its API does.
      expect(unexpected(problems, [{ status: 402, path: '/v1/payment_methods' }])).toEqual([]);
    });
  }
});
