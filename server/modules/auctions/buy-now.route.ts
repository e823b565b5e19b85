import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auctionChangeSchema, buyNowSchema } from '../../../domain/auction';
import { slugParamsSchema } from '../../../domain/slug';
import { requireUser } from '../auth/session.plugin';

/**
 * Buys a combined instant-sale-and-auction ad outright at its instant purchase amount: the auction ends at once and the order is recorded.
 * A retry with the same idempotency key answers 200 with the first result and changes nothing.
 */
const buyNowRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/buy-now',
    { schema: { params: slugParamsSchema, body: buyNowSchema, response: { 200: auctionChangeSchema, 201: auctionChangeSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      const { result, replayed } = await app.auctions.buyNow({ ad: { slug: request.params.slug }, userId: user.id, receivedAt: request.receivedAt, ...request.body });
      if (!replayed) await app.orders.announceSaleOfRound(result.auction.adId, result.auction.round);
      return reply.code(replayed ? 200 : 201).send(result);
    },
  );
};
export default buyNowRoute;
