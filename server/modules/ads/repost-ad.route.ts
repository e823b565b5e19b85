import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adCommandResultSchema } from '../../../domain/ad-form';
import { ERROR_CODES } from '../../../domain/errors';
import { slugParamsSchema } from '../../../domain/slug';
import { AD_DRAFT_EVENTS } from '../../../machines/ad-draft.machine';
import { AppError } from '../../errors';
import { announcedAfresh } from '../auctions/auction-records';
import { requireUser } from '../auth/session.plugin';
import { UNDECIDED_ROUND } from '../auctions/auction-records';
import { orderStateAt } from '../orders/order-records';
import { spendAdCredit, withOwnedAd } from './ad-records';

/**
 * Puts an ended ad on sale again for one credit, as a new round starting now that runs as long as
 * the last one did; offers of the last round stay with it.
 */
const repostAdRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/:slug/repost',
    { schema: { params: slugParamsSchema, response: { 200: adCommandResultSchema } } },
    async (request) => {
      const user = requireUser(request);
      const reposted = await app.auctions.inTurn({ slug: request.params.slug }, () =>
        withOwnedAd(app.db, request.params.slug, user.id, app.now, async (trx, ad, now) => {
          const { row } = ad;
          if (ad.phase !== 'ENDED') throw new AppError(ERROR_CODES.AD_ACTION_NOT_ALLOWED);
          // The machine refuses both; the owner is told which: decide the auction's round first, or get a credit.
          if (!ad.lifecycle.can({ type: AD_DRAFT_EVENTS.REPOST })) {
            throw new AppError(ad.lifecycle.context.ownerDecisionAwaited ? ERROR_CODES.AUCTION_ROUND_UNDECIDED : ERROR_CODES.NO_AD_CREDIT);
          }
          // The item is in an order still open (the winner's, a buyer's): reposting would sell it twice.
          const orders = await trx.selectFrom('orders').selectAll().where('ad_id', '=', row.id).where('round', '=', row.round).where('status', 'not in', ['COMPLETED', 'CANCELLED']).execute();
          if (orders.some((order) => orderStateAt(order, now).status !== 'done')) throw new AppError(ERROR_CODES.AD_ORDER_OPEN);
          await spendAdCredit(trx, user.id, now);
          // As long as it was meant to run: an auction its duration, a tender from its start to its planned
          // end; an instant sale has no end.
          const lastRunMs = row.auction_duration_ms ?? (row.ends_at !== null && row.starts_at !== null ? row.ends_at - row.starts_at : null);
          await trx
            .updateTable('ads')
            .set((eb) => ({
              status: 'PUBLISHED',
              round: eb('round', '+', 1),
              starts_now: 1,
              starts_at: now,
              ends_at: lastRunMs === null ? null : now + lastRunMs,
              published_at: now,
              ended_at: null,
              updated_at: now,
              ...UNDECIDED_ROUND,
              // The new round follows the ad's new schedule.
              round_starts_at: null,
              round_ends_at: null,
              // Announced afresh: also what has a restart fire it, should one come before the rearm below.
              ...announcedAfresh(row.type, now),
            }))
            .where('id', '=', row.id)
            .execute();
          return row;
        }),
      );
      await app.auctionDeadlines.rearm(reposted.id);
      return { slug: reposted.slug, status: 'PUBLISHED' as const };
    },
  );
};
export default repostAdRoute;
