import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderCommandSchema, orderParamsSchema, orderSchema } from '../../../domain/orders';
import { localeOfRequest } from '../../i18n';
import { ORDER_EVENTS } from '../../../machines/order.machine';
import { requireUser } from '../auth/session.plugin';

/** The buyer will pay in cash when the item is handed over, where the seller takes it. */
const chooseCashOnDeliveryRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/:orderId/cash-on-delivery',
    { schema: { params: orderParamsSchema, body: orderCommandSchema, response: { 200: orderSchema } } },
    async (request) => {
      const user = requireUser(request);
      const { orderId } = request.params;
      await app.orders.move(orderId, { userId: user.id, idempotencyKey: request.body.idempotencyKey }, {
        command: 'ORDER_CASH_ON_DELIVERY',
        event: (_row, at) => ({ type: ORDER_EVENTS.CHOOSE_CASH_ON_DELIVERY, by: user.id, at }),
        // A checkout left open is no longer the order's: if it succeeds anyway, it is refunded.
        write: async () => ({ payment_mode: 'CASH_ON_DELIVERY', payment_id: null }),
      });
      return app.orders.viewOf(orderId, user.id, localeOfRequest(request.headers));
    },
  );
};
export default chooseCashOnDeliveryRoute;
