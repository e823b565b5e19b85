import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auctionChangeSchema, roundDecisionSchema } from '../../../domain/auction';
import { slugParamsSchema } from '../../../domain/slug';
import { requireUser } from '../auth/session.plugin';

/**
 * The owner closes the round in the final window or later: sold to the highest bidder, or, below the reserve, sold only if they accept that, else declined.
 * A retry with the same idempotency key answers 200 with the first result and changes nothing.
 */
const finaliseAuctionRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/finalise',
    { schema: { params: slugParamsSchema, body: roundDecisionSchema, response: { 200: auctionChangeSchema, 201: auctionChangeSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      const { result, replayed } = await app.auctions.finalise({ ad: { slug: request.params.slug }, userId: user.id, receivedAt: request.receivedAt, ...request.body });
      if (!replayed) await app.orders.announceSaleOfRound(result.auction.adId, result.auction.round);
      return reply.code(replayed ? 200 : 201).send(result);
    },
  );
};
export default finaliseAuctionRoute;
