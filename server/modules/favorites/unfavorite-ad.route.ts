import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { slugParamsSchema } from '../../../domain/slug';
import { requireUser } from '../auth/session.plugin';

/** Takes an ad out of the favourites; an ad that was not there, or is gone, leaves nothing to do. */
const unfavoriteAdRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().delete(
    '/:slug',
    { schema: { params: slugParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const user = requireUser(request);
      await app.db
        .deleteFrom('favorites')
        .where('user_id', '=', user.id)
        .where('ad_id', 'in', (eb) => eb.selectFrom('ads').select('id').where('slug', '=', request.params.slug))
        .execute();
      return reply.code(204).send(null);
    },
  );
};
export default unfavoriteAdRoute;
