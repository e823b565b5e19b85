import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderListQuerySchema, orderListSchema } from '../../../domain/orders';
import { requireUser } from '../auth/session.plugin';
import { orderRows, orderSummaryOf } from './order-records';

/** The person's orders on one side (bought or sold), newest first. */
const listOrdersRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get('', { schema: { querystring: orderListQuerySchema, response: { 200: orderListSchema } } }, async (request) => {
    const user = requireUser(request);
    const rows = await orderRows(app.db)
      .where(request.query.side === 'bought' ? 'o.buyer_id' : 'o.seller_id', '=', user.id)
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id')
      .execute();
    const now = app.now();
    return rows.map((row) => orderSummaryOf(row, user.id, now));
  });
};
export default listOrdersRoute;
