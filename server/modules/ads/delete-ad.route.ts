import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adCommandResultSchema } from '../../../domain/ad-form';
import { ERROR_CODES } from '../../../domain/errors';
import { slugParamsSchema } from '../../../domain/slug';
import { AD_DRAFT_EVENTS } from '../../../machines/ad-draft.machine';
import { requireUser } from '../auth/session.plugin';
import { assertAllowed, withOwnedAd } from './ad-records';

/**
 * Deletes an ad, unless an offer on it was awarded or subscribers were added (SPEC.md section 6).
 * The record stays, marked deleted, so a shared link says the product is no longer available, and
 * whoever is watching the ad's auction is told at once.
 */
const deleteAdRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().delete(
    '/:slug',
    { schema: { params: slugParamsSchema, response: { 200: adCommandResultSchema } } },
    async (request) => {
      const user = requireUser(request);
      const adId = await app.auctions.inTurn({ slug: request.params.slug }, () =>
        withOwnedAd(app.db, request.params.slug, user.id, app.now, async (trx, ad, now) => {
          assertAllowed(ad, { type: AD_DRAFT_EVENTS.DELETE }, ERROR_CODES.AD_CANNOT_BE_DELETED);
          await trx.updateTable('ads').set({ status: 'DELETED', ended_at: ad.row.ended_at ?? now, updated_at: now, next_deadline_at: null }).where('id', '=', ad.row.id).execute();
          return ad.row.id;
        }),
      );
      app.auctions.announceRemoval(adId);
      return { slug: request.params.slug, status: 'DELETED' as const };
    },
  );
};
export default deleteAdRoute;
