import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adCommandResultSchema } from '../../../domain/ad-form';
import { slugParamsSchema } from '../../../domain/slug';
import { AD_DRAFT_EVENTS } from '../../../machines/ad-draft.machine';
import { announcedAfresh } from '../auctions/auction-records';
import { requireUser } from '../auth/session.plugin';
import { assertAllowed, withOwnedAd } from './ad-records';

/** The owner takes a published ad off sale before its schedule ends (a sold instant sale, say). */
const endAdRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/:slug/end',
    { schema: { params: slugParamsSchema, response: { 200: adCommandResultSchema } } },
    async (request) => {
      const user = requireUser(request);
      const adId = await app.auctions.inTurn({ slug: request.params.slug }, () =>
        withOwnedAd(app.db, request.params.slug, user.id, app.now, async (trx, ad, now) => {
          assertAllowed(ad, { type: AD_DRAFT_EVENTS.END });
          // The planned end stays: a repost runs as long as the ad was meant to.
          await trx
            .updateTable('ads')
            .set({ status: 'ENDED', ended_at: now, updated_at: now, ...announcedAfresh(ad.row.type, now) })
            .where('id', '=', ad.row.id)
            .execute();
          return ad.row.id;
        }),
      );
      // An auction ended early closes its bidding now: its watchers hear of it.
      await app.auctionDeadlines.rearm(adId);
      return { slug: request.params.slug, status: 'ENDED' as const };
    },
  );
};
export default endAdRoute;
