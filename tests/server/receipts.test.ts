import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment } from '../../domain/payments';
import { type Receipt, readZatcaQrPayload } from '../../domain/receipts';
import type { CheckoutResult } from '../../domain/subscriptions';
import { SANDBOX_TEST_CARDS } from '../../server/modules/sandbox-provider/sandbox-provider';
import { newPerson } from './helpers/auction-fixtures';
import type { TestBrowser } from './helpers/browser';
import { buildTestApp, type TestApp, testDialect } from './helpers/test-app';

describe(`receipts on ${testDialect}`, () => {
  let t: TestApp;
  const clock = { now: Date.UTC(2026, 10, 28, 17, 10, 0) };

  beforeAll(async () => {
    t = await buildTestApp({ now: () => clock.now, env: { SEED_DEMO_DATA: 'false' } });
  });
  afterAll(async () => t.close());

  /** A package bought by card from `country`, answering its payment. */
  const buy = async (browser: TestBrowser, country: string, card: string = SANDBOX_TEST_CARDS.succeeds): Promise<Payment> => {
    const checkout = await browser.post('/api/subscriptions/checkout', { packageSlug: 'starter', country, method: 'CARD', idempotencyKey: randomUUID() });
    expect(checkout.statusCode, checkout.body).toBe(201);
    const { payment } = checkout.json() as CheckoutResult;
    const token = ((await browser.post('/sandbox-pay/v1/tokens', { name: 'Noura', number: card, expiry: '08/29', code: '123' }, { csrf: false })).json() as { token: string }).token;
    return (await browser.post(`/api/payments/${payment.id}/confirm`, { idempotencyKey: randomUUID(), token, returnPath: '/subscriptions/starter' })).json() as Payment;
  };
  const receiptOf = async (browser: TestBrowser, paymentId: string) => {
    const response = await browser.get(`/api/payments/${paymentId}/receipt`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Receipt;
  };

  it('gives a Saudi payment a simplified tax invoice whose QR code reads back the seller, time, total and VAT', async () => {
    const buyer = await newPerson(t.app, 'Noura');
    const payment = await buy(buyer.browser, 'SA');
    const receipt = await receiptOf(buyer.browser, payment.id);
    expect(receipt).toMatchObject({
      currency: 'SAR',
      total: 4_900,
      vat: 639,
      net: 4_261,
      vatBasisPoints: 1_500,
      countryCode: 'SA',
      buyer: { name: 'Noura Tester' },
      item: { kind: 'SUBSCRIPTION', name: { en: 'Starter' }, adCredits: 10, validityDays: 30 },
      seller: { vatNumber: '310123456700003', name: { ar: 'شركة سوق للتجارة الإلكترونية' } },
    });
    expect(receipt.number).toMatch(/^INV-\d{6}$/);
    expect(readZatcaQrPayload(receipt.zatcaQr!)).toEqual({
      sellerName: 'شركة سوق للتجارة الإلكترونية',
      vatNumber: '310123456700003',
      timestamp: '2026-11-28T17:10:00Z',
      total: '49.00',
      vat: '6.39',
    });
  });

  it('takes the VAT of the buyer’s country: 5% in the Emirates, none and no QR code in Kuwait', async () => {
    const emirati = await newPerson(t.app, 'Mariam');
    expect(await receiptOf(emirati.browser, (await buy(emirati.browser, 'AE')).id)).toMatchObject({ currency: 'AED', total: 4_900, vat: 233, net: 4_667, vatBasisPoints: 500, zatcaQr: null });
    const kuwaiti = await newPerson(t.app, 'Bader');
    expect(await receiptOf(kuwaiti.browser, (await buy(kuwaiti.browser, 'KW')).id)).toMatchObject({ currency: 'KWD', total: 4_000, vat: 0, net: 4_000, vatBasisPoints: 0, zatcaQr: null });
  });

  it('numbers receipts one after another, and has none for a failed payment or for another person', async () => {
    const buyer = await newPerson(t.app, 'Saad');
    const first = await receiptOf(buyer.browser, (await buy(buyer.browser, 'SA')).id);
    const second = await receiptOf(buyer.browser, (await buy(buyer.browser, 'SA')).id);
    expect(Number(second.number.slice(4))).toBe(Number(first.number.slice(4)) + 1);
    const declined = await buy(buyer.browser, 'SA', SANDBOX_TEST_CARDS.declined);
    expect(declined.status).toBe('FAILED');
    expect((await buyer.browser.get(`/api/payments/${declined.id}/receipt`)).statusCode).toBe(404);
    const stranger = await newPerson(t.app, 'Stranger');
    const paid = await buy(buyer.browser, 'SA');
    expect((await stranger.browser.get(`/api/payments/${paid.id}/receipt`)).statusCode).toBe(404);
    expect((await stranger.browser.get(`/api/payments/${paid.id}/receipt.pdf`)).statusCode).toBe(404);
  });

  it('issues one receipt per payment however many times its success is heard', async () => {
    const buyer = await newPerson(t.app, 'Huda');
    const payment = await buy(buyer.browser, 'SA');
    await buyer.browser.post(`/api/payments/${payment.id}/sync`);
    const receipts = await t.app.db.selectFrom('receipts').select('number').where('payment_id', '=', payment.id).execute();
    expect(receipts).toHaveLength(1);
  });

  it('gives the receipt as a PDF in each language', async () => {
    const buyer = await newPerson(t.app, 'Lama');
    const payment = await buy(buyer.browser, 'SA');
    for (const locale of ['ar', 'en'] as const) {
      const response = await buyer.browser.request('GET', `/api/payments/${payment.id}/receipt.pdf`, undefined, { locale });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="INV-\d{6}\.pdf"$/);
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(response.rawPayload.length).toBeGreaterThan(5_000);
    }
  });
});
