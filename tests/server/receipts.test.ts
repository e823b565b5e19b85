import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment } from '../../domain/payments';
import { type Receipt, readZatcaQrPayload, zatcaQrPayload } from '../../domain/receipts';
import * as receiptsMigration from '../../server/db/migrations/0012-receipts';
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

  it('has none for a payment not yet paid', async () => {
    const buyer = await newPerson(t.app, 'Reem');
    const checkout = await buyer.browser.post('/api/subscriptions/checkout', { packageSlug: 'starter', country: 'SA', method: 'CARD', idempotencyKey: randomUUID() });
    const { payment } = checkout.json() as CheckoutResult;
    expect(payment.status).toBe('CREATED');
    expect((await buyer.browser.get(`/api/payments/${payment.id}/receipt`)).statusCode).toBe(404);
    expect((await buyer.browser.get(`/api/payments/${payment.id}/receipt.pdf`)).statusCode).toBe(404);
  });

  it('gives payments succeeding at the same moment numbers of their own, with none skipped', async () => {
    const buyers = await Promise.all(['Amal', 'Basma', 'Dana', 'Ghada', 'Hind', 'Jana'].map((name) => newPerson(t.app, name)));
    const payments = await Promise.all(buyers.map((buyer) => buy(buyer.browser, 'SA')));
    const numbers = (await Promise.all(payments.map((payment, index) => receiptOf(buyers[index]!.browser, payment.id)))).map((receipt) => Number(receipt.number.slice(4)));
    const sorted = [...numbers].sort((a, b) => a - b);
    expect(sorted).toEqual(sorted.map((_, index) => sorted[0]! + index));
  });

  it('issues one receipt per payment however many times its success is heard', async () => {
    const buyer = await newPerson(t.app, 'Huda');
    const payment = await buy(buyer.browser, 'SA');
    await buyer.browser.post(`/api/payments/${payment.id}/sync`);
    const receipts = await t.app.db.selectFrom('receipts').select('number').where('payment_id', '=', payment.id).execute();
    expect(receipts).toHaveLength(1);
  });

  it('gives the receipt as a PDF in each language, with the QR code image in Saudi Arabia only', async () => {
    const buyer = await newPerson(t.app, 'Lama');
    const saudi = await buy(buyer.browser, 'SA');
    const kuwaiti = await buy(buyer.browser, 'KW');
    for (const [payment, hasQr] of [[saudi, true], [kuwaiti, false]] as const) {
      const { number } = await receiptOf(buyer.browser, payment.id);
      for (const locale of ['ar', 'en'] as const) {
        const response = await buyer.browser.request('GET', `/api/payments/${payment.id}/receipt.pdf`, undefined, { locale });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('application/pdf');
        expect(response.headers['content-disposition']).toBe(`attachment; filename="${number}.pdf"`);
        expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
        // pdfkit leaves object dictionaries uncompressed, so an embedded image shows as its subtype.
        expect(response.rawPayload.includes('/Subtype /Image')).toBe(hasQr);
      }
    }
  });

  it('writes the QR payload as ZATCA’s own example reads, in base64 any reader decodes', async () => {
    const example = { sellerName: 'Bobs Records', vatNumber: '310122393500003', timestamp: '2022-04-25T15:30:00Z', total: '1000.00', vat: '150.00' };
    expect(zatcaQrPayload(example)).toBe('AQxCb2JzIFJlY29yZHMCDzMxMDEyMjM5MzUwMDAwMwMUMjAyMi0wNC0yNVQxNTozMDowMFoEBzEwMDAuMDAFBjE1MC4wMA==');
    // Node's own base64 and a byte-by-byte reading, so the payload does not only agree with its own decoder.
    const bytes = Buffer.from(zatcaQrPayload({ ...example, sellerName: 'شركة سوق للتجارة الإلكترونية' }), 'base64');
    const name = Buffer.from('شركة سوق للتجارة الإلكترونية');
    expect([bytes[0], bytes[1]]).toEqual([1, name.length]);
    expect(bytes.subarray(2, 2 + name.length).equals(name)).toBe(true);
    expect(bytes[2 + name.length]).toBe(2);
  });

  // Last: it numbers every receipt of this file's database again.
  it('gives payments that succeeded before receipts existed theirs, in the order they succeeded, and goes on from there', async () => {
    const issued = await t.app.db.selectFrom('receipts').select('payment_id').orderBy('number').execute();
    // The payments of this file succeeded at one moment of its clock: spread them out, the last issued first.
    for (const [index, { payment_id }] of issued.entries()) await t.app.db.updateTable('payments').set({ succeeded_at: clock.now - index * 1_000 }).where('id', '=', payment_id).execute();
    await receiptsMigration.down(t.app.db);
    await receiptsMigration.up(t.app.db);
    const receipts = await t.app.db.selectFrom('receipts').select(['payment_id', 'number']).orderBy('number').execute();
    expect(receipts.map((receipt) => receipt.payment_id)).toEqual(issued.map((receipt) => receipt.payment_id).reverse());
    expect(receipts.map((receipt) => Number(receipt.number))).toEqual(issued.map((_, index) => index + 1));
    const succeeded = await t.app.db.selectFrom('payments').select('id').where('succeeded_at', 'is not', null).execute();
    expect(succeeded).toHaveLength(issued.length);
    const buyer = await newPerson(t.app, 'Wafa');
    const next = await receiptOf(buyer.browser, (await buy(buyer.browser, 'SA')).id);
    expect(next.number).toBe(`INV-${String(succeeded.length + 1).padStart(6, '0')}`);
  });
});
