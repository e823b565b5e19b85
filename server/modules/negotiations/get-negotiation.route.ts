import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '../../../domain/errors';
import { negotiationSchema } from '../../../domain/negotiation-schemas';
import { slugParamsSchema } from '../../../domain/slug';
import { AppError } from '../../errors';
import { requireUser } from '../auth/session.plugin';
import { holderOf, negotiationViewOf } from './negotiation-records';

/** The signed-in buyer's negotiation on the ad: what they offered, the owner's answer, and how many offers they have left. */
const getNegotiationRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get('/negotiation', { schema: { params: slugParamsSchema, response: { 200: negotiationSchema } } }, async (request) => {
    const user = requireUser(request);
    const ad = await app.db.selectFrom('ads').selectAll().where('slug', '=', request.params.slug).executeTakeFirst();
    if (!ad || ad.status === 'DRAFT') throw new AppError(ERROR_CODES.NOT_FOUND);
    const row = await app.db.selectFrom('negotiations').selectAll().where('ad_id', '=', ad.id).where('round', '=', ad.round).where('buyer_id', '=', user.id).executeTakeFirst();
    const now = app.now();
    return negotiationViewOf(ad, user.id, row, now, await holderOf(app.db, ad, now));
  });
};
export default getNegotiationRoute;
