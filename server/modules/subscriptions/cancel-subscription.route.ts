import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '../../../domain/errors';
import { subscriptionParamsSchema, subscriptionSchema } from '../../../domain/subscriptions';
import { AppError } from '../../errors';
import { requireUser } from '../auth/session.plugin';
import { subscriptionRows, subscriptionStateOfRow, subscriptionViewOf } from './subscription-records';

/**
 * Cancels a paid subscription of the person's: it is not renewed and stays usable, credits and all,
 * until its end, since that time was paid for; nothing is refunded. The free package is not canceled.
 */
const cancelSubscriptionRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/:subscriptionId/cancel',
    { schema: { params: subscriptionParamsSchema, response: { 200: subscriptionSchema } } },
    async (request) => {
      const user = requireUser(request);
      const find = () => subscriptionRows(app.db).where('s.id', '=', request.params.subscriptionId).where('s.user_id', '=', user.id).executeTakeFirst();
      const row = await find();
      if (!row) throw new AppError(ERROR_CODES.NOT_FOUND);
      const now = app.now();
      if (!subscriptionStateOfRow(row, now).can({ type: 'CANCEL', by: user.id, at: now })) throw new AppError(ERROR_CODES.SUBSCRIPTION_ACTION_NOT_ALLOWED);
      const canceled = await app.db.updateTable('subscriptions').set({ status: 'CANCELED', canceled_at: now }).where('id', '=', row.id).where('status', '=', 'ACTIVE').executeTakeFirst();
      if (Number(canceled.numUpdatedRows) !== 1) throw new AppError(ERROR_CODES.SUBSCRIPTION_ACTION_NOT_ALLOWED);
      return subscriptionViewOf((await find())!, now);
    },
  );
};
export default cancelSubscriptionRoute;
