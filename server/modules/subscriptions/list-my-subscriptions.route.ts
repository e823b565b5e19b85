import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { subscriptionListSchema } from '../../../domain/subscriptions';
import { requireUser } from '../auth/session.plugin';
import { subscriptionRows, subscriptionViewOf } from './subscription-records';

/** The person's subscriptions, newest first. Checkouts never paid for are left out: nothing was bought. */
const listMySubscriptionsRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get('/mine', { schema: { response: { 200: subscriptionListSchema } } }, async (request) => {
    const user = requireUser(request);
    const rows = await subscriptionRows(app.db).where('s.user_id', '=', user.id).where('s.status', '!=', 'PENDING_PAYMENT').orderBy('s.created_at', 'desc').orderBy('p.is_free').orderBy('s.id').execute();
    const now = app.now();
    return rows.map((row) => subscriptionViewOf(row, now));
  });
};
export default listMySubscriptionsRoute;
