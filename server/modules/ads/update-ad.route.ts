import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AdType } from '../../../domain/ad';
import { adCommandResultSchema, updateAdSchema } from '../../../domain/ad-form';
import { slugParamsSchema } from '../../../domain/slug';
import { requireUser } from '../auth/session.plugin';
import { adBodyRefusal, ownerCountryOf, saveAd, withOwnedAd } from './ad-records';
import { indexAdForSearch } from './search-index';

/** Saves the owner's changes: to a draft (optionally publishing it) or to a published ad until offers arrive. */
const updateAdRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/:slug',
    { schema: { params: slugParamsSchema, body: updateAdSchema, response: { 200: adCommandResultSchema } }, schemaErrorFormatter: adBodyRefusal },
    async (request) => {
      const user = requireUser(request);
      const { fields, publish } = request.body;
      const saved = await app.auctions.inTurn({ slug: request.params.slug }, () =>
        withOwnedAd(app.db, request.params.slug, user.id, app.now, async (trx, existing, now) => {
          const { row } = existing;
          const status = await saveAd(trx, existing, { id: row.id, slug: row.slug, type: row.type as AdType, input: fields, publish, ownerId: user.id, ownerCountry: await ownerCountryOf(trx, user.id), now });
          await indexAdForSearch(trx, row.id);
          return { id: row.id, slug: row.slug, status };
        }),
      );
      // A new schedule moves the auction's deadlines, and the watchers hear of it.
      await app.auctionDeadlines.rearm(saved.id);
      return { slug: saved.slug, status: saved.status };
    },
  );
};
export default updateAdRoute;
