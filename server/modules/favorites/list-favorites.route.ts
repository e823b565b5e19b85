import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adPhaseOf } from '../../../domain/ad';
import { adSummarySchema } from '../../../domain/ad-schemas';
import { requireUser } from '../auth/session.plugin';
import { selectAdSummaries, toAdSummary } from '../ads/ads.repository';

/**
 * The signed-in buyer's favourites, the latest first. Ads that ended or were deleted stay on the list
 * with that status, so the buyer sees what became of them rather than losing them silently.
 */
const listFavoritesRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get('', { schema: { response: { 200: z.object({ items: z.array(adSummarySchema) }) } } }, async (request) => {
    const user = requireUser(request);
    const now = app.now();
    const rows = await selectAdSummaries(app.db)
      .innerJoin('favorites', 'favorites.ad_id', 'ads.id')
      .where('favorites.user_id', '=', user.id)
      .where('ads.status', '!=', 'DRAFT')
      .orderBy('favorites.created_at', 'desc')
      .orderBy('ads.id')
      .execute();
    const items = rows.map(toAdSummary).map((summary) => ({ ...summary, status: adPhaseOf(summary, now) }));
    return { items };
  });
};
export default listFavoritesRoute;
