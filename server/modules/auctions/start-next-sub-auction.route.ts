import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auctionChangeSchema, roundDecisionSchema } from '../../../domain/auction';
import { slugParamsSchema } from '../../../domain/slug';
import { requireUser } from '../auth/session.plugin';

/**
 * The owner of a live auction opens the next sub-auction, closing a round still waiting for them by the same decision as finalising; it must fit in what remains of the live session.
 * A retry with the same idempotency key answers 200 with the first result and changes nothing.
 */
const startNextSubAuctionRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/sub-auctions',
    { schema: { params: slugParamsSchema, body: roundDecisionSchema, response: { 200: auctionChangeSchema, 201: auctionChangeSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      const { result, replayed } = await app.auctions.startNextSubAuction({ ad: { slug: request.params.slug }, userId: user.id, receivedAt: request.receivedAt, ...request.body });
      // The round it closed, if it sold.
      if (!replayed) await app.orders.announceSaleOfRound(result.auction.adId, result.auction.round - 1);
      return reply.code(replayed ? 200 : 201).send(result);
    },
  );
};
export default startNextSubAuctionRoute;
