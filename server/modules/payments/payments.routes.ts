import fp from 'fastify-plugin';
import confirmPaymentRoute from './confirm-payment.route';
import getPaymentRoute from './get-payment.route';
import getReceiptPdfRoute from './get-receipt-pdf.route';
import getReceiptRoute from './get-receipt.route';
import receiveWebhookRoute from './receive-webhook.route';
import syncPaymentRoute from './sync-payment.route';

/** Payments under /api/payments: the person's tries, their receipts and the provider's webhooks. */
export default fp(
  async (app) => {
    await app.register(
      async (payments) => {
        await payments.register(getPaymentRoute);
        await payments.register(confirmPaymentRoute);
        await payments.register(syncPaymentRoute);
        await payments.register(receiveWebhookRoute);
        await payments.register(getReceiptRoute);
        await payments.register(getReceiptPdfRoute);
      },
      { prefix: '/api/payments' },
    );
  },
  { name: 'payments-routes', encapsulate: true, dependencies: ['database', 'clock', 'sessions', 'payments'] },
);
