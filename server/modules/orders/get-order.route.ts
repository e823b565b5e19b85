import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderParamsSchema, orderSchema } from '../../../domain/orders';
import { localeOfRequest } from '../../i18n';
import { requireUser } from '../auth/session.plugin';

/** One order with its history, for its buyer or its seller; anyone else finds nothing. */
const getOrderRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get('/:orderId', { schema: { params: orderParamsSchema, response: { 200: orderSchema } } }, async (request) => {
    const user = requireUser(request);
    return app.orders.viewOf(request.params.orderId, user.id, localeOfRequest(request.headers));
  });
};
export default getOrderRoute;
