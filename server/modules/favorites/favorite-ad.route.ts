import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES } from '../../../domain/errors';
import { slugParamsSchema } from '../../../domain/slug';
import { AppError } from '../../errors';
import { requireUser } from '../auth/session.plugin';

/** Favourites an ad a buyer can see; doing it twice is the same as once. */
const favoriteAdRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/:slug',
    { schema: { params: slugParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const user = requireUser(request);
      const ad = await app.db.selectFrom('ads').select('id').where('slug', '=', request.params.slug).where('status', 'in', ['PUBLISHED', 'ENDED']).executeTakeFirst();
      if (!ad) throw new AppError(ERROR_CODES.NOT_FOUND);
      await app.db
        .insertInto('favorites')
        .values({ user_id: user.id, ad_id: ad.id, created_at: app.now() })
        .onConflict((conflict) => conflict.columns(['user_id', 'ad_id']).doNothing())
        .execute();
      return reply.code(204).send(null);
    },
  );
};
export default favoriteAdRoute;
