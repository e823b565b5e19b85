import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adPhaseOf, type AdStatus } from '../../../domain/ad';
import { ERROR_CODES } from '../../../domain/errors';
import { buyAdSchema, orderSchema } from '../../../domain/orders';
import { isForeignKeyViolation, withLockedAd } from '../../db/dialect';
import { AppError } from '../../errors';
import { localeOfRequest } from '../../i18n';
import { requireUser } from '../auth/session.plugin';
import { holderOf } from '../negotiations/negotiation-records';
import { recordOrder } from './order-records';

const BUY_COMMAND = 'ORDER_BUY';

/**
 * Buys an instant sale outright at its price: the order is made and the ad ends, in one transaction
 * that holds the ad, so of two buyers at once exactly one gets it and the other hears that it is no
 * longer available. While an accepted offer holds the ad for its buyer, nobody else buys it. A retry with the same key answers the same order.
 */
const buyAdRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '',
    { schema: { body: buyAdSchema, response: { 200: orderSchema, 201: orderSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      const { adSlug, idempotencyKey } = request.body;
      const { orderId, replayed } = await withLockedAd(app.db, { slug: adSlug }, async (trx, ad) => {
        const receipt = await trx.selectFrom('command_receipts').select(['command', 'result', 'ad_id']).where('user_id', '=', user.id).where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
        if (receipt) {
          if (receipt.command !== BUY_COMMAND || receipt.ad_id !== ad?.id) throw new AppError(ERROR_CODES.IDEMPOTENCY_KEY_REUSED);
          return { orderId: receipt.result, replayed: true };
        }
        if (!ad || ad.status === 'DRAFT') throw new AppError(ERROR_CODES.NOT_FOUND);
        if (ad.type !== 'INSTANT_SALE') throw new AppError(ERROR_CODES.NOT_AN_INSTANT_SALE);
        if (ad.owner_id === user.id) throw new AppError(ERROR_CODES.OWN_AD_PURCHASE);
        const now = app.now();
        if (adPhaseOf({ status: ad.status as AdStatus, endsAt: ad.ends_at }, now) !== 'PUBLISHED' || (ad.starts_at !== null && ad.starts_at > now)) {
          throw new AppError(ERROR_CODES.PRODUCT_UNAVAILABLE);
        }
        const holder = await holderOf(trx, ad, now);
        if (holder !== null && holder !== user.id) throw new AppError(ERROR_CODES.AD_HELD_FOR_BUYER);
        const id = await recordOrder(trx, ad, { kind: 'INSTANT_PURCHASE', buyerId: user.id, amount: ad.price!, at: now }, app.config.publicUrl).catch((error: unknown) => {
          // The buyer's account deleted since the request came in: the order has no one to go to.
          throw isForeignKeyViolation(error) ? new AppError(ERROR_CODES.UNAUTHENTICATED) : error;
        });
        await trx.updateTable('ads').set({ status: 'ENDED', ended_at: now, updated_at: now }).where('id', '=', ad.id).execute();
        await trx.insertInto('command_receipts').values({ user_id: user.id, idempotency_key: idempotencyKey, command: BUY_COMMAND, ad_id: ad.id, result: id, created_at: now }).execute();
        return { orderId: id, replayed: false };
      });
      const order = await app.orders.viewOf(orderId, user.id, localeOfRequest(request.headers));
      if (!replayed) await app.orders.announcePlaced(orderId);
      return reply.code(replayed ? 200 : 201).send(order);
    },
  );
};
export default buyAdRoute;
