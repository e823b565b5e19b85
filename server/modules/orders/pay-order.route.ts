import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '../../../domain/errors';
import { orderParamsSchema, orderPaymentResultSchema, payOrderSchema } from '../../../domain/orders';
import { ORDER_EVENTS } from '../../../machines/order.machine';
import { AppError } from '../../errors';
import { localeOfRequest } from '../../i18n';
import { requireUser } from '../auth/session.plugin';
import type { PaymentRow } from '../payments/payment-service';
import { ORDER_PURPOSE } from './order-service';

/**
 * The buyer starts paying an order online: a payment for its total, which the checkout confirms with
 * the provider. The key makes a double click the same payment; a new key (another method, another
 * try after a refusal) a new one, and only the one that succeeds first is kept.
 */
const payOrderRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/:orderId/pay',
    { schema: { params: orderParamsSchema, body: payOrderSchema, response: { 200: orderPaymentResultSchema, 201: orderPaymentResultSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      const { orderId } = request.params;
      const { method, idempotencyKey } = request.body;
      const locale = localeOfRequest(request.headers);
      let payment: PaymentRow | undefined;
      const { replayed } = await app.orders.move(orderId, { userId: user.id, idempotencyKey }, {
        command: 'ORDER_PAY',
        event: (_row, at) => ({ type: ORDER_EVENTS.PAY_ONLINE, by: user.id, at }),
        write: async (trx, row) => {
          const ad = await trx.selectFrom('ads').select('country_code').where('id', '=', row.ad_id).executeTakeFirstOrThrow();
          payment = await app.payments.insert(trx, {
            userId: user.id,
            purpose: ORDER_PURPOSE,
            subjectId: row.id,
            method,
            amount: row.amount + row.shipping_fee,
            currency: row.currency,
            countryCode: ad.country_code,
            // The marketplace takes the money for the seller; tax on the goods is the seller's to account for.
            vatBasisPoints: 0,
            idempotencyKey,
          });
          return { payment_id: payment.id, payment_mode: 'ONLINE' };
        },
      });
      if (replayed) {
        payment = await app.db.selectFrom('payments').selectAll().where('user_id', '=', user.id).where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
        if (!payment || payment.subject_id !== orderId || payment.method !== method) throw new AppError(ERROR_CODES.IDEMPOTENCY_KEY_REUSED);
      }
      const opened = await app.payments.open(payment!);
      const order = await app.orders.viewOf(orderId, user.id, locale);
      return reply.code(replayed ? 200 : 201).send({ order, payment: app.payments.viewOf(opened, locale) });
    },
  );
};
export default payOrderRoute;
