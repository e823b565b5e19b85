import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderCommandSchema, orderParamsSchema, orderSchema } from '../../../domain/orders';
import { localeOfRequest } from '../../i18n';
import { requireUser } from '../auth/session.plugin';

/**
 * The seller of an auction order cancelled unpaid offers the item to the next highest bidder at their
 * bid; answers the new order, which that bidder pays or cancels.
 */
const offerNextBidderRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/:orderId/offer-next-bidder',
    { schema: { params: orderParamsSchema, body: orderCommandSchema, response: { 200: orderSchema, 201: orderSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      const { orderId, replayed } = await app.orders.offerToNextBidder({ orderId: request.params.orderId, userId: user.id, idempotencyKey: request.body.idempotencyKey });
      return reply.code(replayed ? 200 : 201).send(await app.orders.viewOf(orderId, user.id, localeOfRequest(request.headers)));
    },
  );
};
export default offerNextBidderRoute;
