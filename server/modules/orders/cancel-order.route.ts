import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cancelOrderSchema, orderParamsSchema, orderSchema } from '../../../domain/orders';
import { localeOfRequest } from '../../i18n';
import { ORDER_EVENTS } from '../../../machines/order.machine';
import { requireUser } from '../auth/session.plugin';

/**
 * Cancels an order before it ships: the buyer may, the seller may with a reason. A paid order is
 * refunded through the payment provider, and an instant sale goes back on sale.
 */
const cancelOrderRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/:orderId/cancel',
    { schema: { params: orderParamsSchema, body: cancelOrderSchema, response: { 200: orderSchema } } },
    async (request) => {
      const user = requireUser(request);
      const { orderId } = request.params;
      const reason = request.body.reason || null;
      await app.orders.move(orderId, { userId: user.id, idempotencyKey: request.body.idempotencyKey }, {
        command: 'ORDER_CANCEL',
        event: (_row, at) => ({ type: ORDER_EVENTS.CANCEL, by: user.id, reason, at }),
        write: async () => ({ cancel_reason: reason }),
        note: reason,
      });
      return app.orders.viewOf(orderId, user.id, localeOfRequest(request.headers));
    },
  );
};
export default cancelOrderRoute;
