import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderParamsSchema, orderSchema, shipOrderSchema } from '../../../domain/orders';
import { localeOfRequest } from '../../i18n';
import { ORDER_EVENTS } from '../../../machines/order.machine';
import { requireUser } from '../auth/session.plugin';

/** The seller sends a paid (or cash on delivery) order, with a tracking note if they have one. */
const shipOrderRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/:orderId/ship',
    { schema: { params: orderParamsSchema, body: shipOrderSchema, response: { 200: orderSchema } } },
    async (request) => {
      const user = requireUser(request);
      const { orderId } = request.params;
      const trackingNote = request.body.trackingNote || null;
      await app.orders.move(orderId, { userId: user.id, idempotencyKey: request.body.idempotencyKey }, {
        command: 'ORDER_SHIP',
        event: (_row, at) => ({ type: ORDER_EVENTS.SHIP, by: user.id, at }),
        write: async () => ({ tracking_note: trackingNote }),
        note: trackingNote,
      });
      return app.orders.viewOf(orderId, user.id, localeOfRequest(request.headers));
    },
  );
};
export default shipOrderRoute;
