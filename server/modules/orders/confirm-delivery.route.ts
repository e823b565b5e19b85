import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderCommandSchema, orderParamsSchema, orderSchema } from '../../../domain/orders';
import { localeOfRequest } from '../../i18n';
import { ORDER_EVENTS } from '../../../machines/order.machine';
import { requireUser } from '../auth/session.plugin';

/** The buyer says the item arrived. */
const confirmDeliveryRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/:orderId/confirm-delivery',
    { schema: { params: orderParamsSchema, body: orderCommandSchema, response: { 200: orderSchema } } },
    async (request) => {
      const user = requireUser(request);
      const { orderId } = request.params;
      await app.orders.move(orderId, { userId: user.id, idempotencyKey: request.body.idempotencyKey }, {
        command: 'ORDER_CONFIRM_DELIVERY',
        event: (_row, at) => ({ type: ORDER_EVENTS.CONFIRM_DELIVERY, by: user.id, at }),
      });
      return app.orders.viewOf(orderId, user.id, localeOfRequest(request.headers));
    },
  );
};
export default confirmDeliveryRoute;
