import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/session.plugin';

/** Which ads the buyer has favourited, so every card can show its heart filled or not without asking. */
const listFavoriteSlugsRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get('/api/favorites/slugs', { schema: { response: { 200: z.object({ slugs: z.array(z.string()) }) } } }, async (request) => {
    const user = requireUser(request);
    const rows = await app.db.selectFrom('favorites').innerJoin('ads', 'ads.id', 'favorites.ad_id').select('ads.slug').where('favorites.user_id', '=', user.id).execute();
    return { slugs: rows.map((row) => row.slug) };
  });
};
export default listFavoriteSlugsRoute;
