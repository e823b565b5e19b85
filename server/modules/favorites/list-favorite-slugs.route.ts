import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Which ads the viewer has favourited, so every card can show its heart filled or not without asking.
 * A visitor has none. Not refused: a card that mounts just after its page signed out (the page is
 * still loading the visitor's home page) asks with a session already ended.
 */
const listFavoriteSlugsRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get('/slugs', { schema: { response: { 200: z.object({ slugs: z.array(z.string()) }) } } }, async (request) => {
    const { user } = request;
    if (!user) return { slugs: [] };
    const rows = await app.db.selectFrom('favorites').innerJoin('ads', 'ads.id', 'favorites.ad_id').select('ads.slug').where('favorites.user_id', '=', user.id).execute();
    return { slugs: rows.map((row) => row.slug) };
  });
};
export default listFavoriteSlugsRoute;
