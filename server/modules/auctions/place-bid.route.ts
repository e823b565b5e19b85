import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auctionChangeSchema, placeBidSchema } from '../../../domain/auction';
import { slugParamsSchema } from '../../../domain/slug';
import { requireUser } from '../auth/session.plugin';

/**
 * Places a bid: the engine takes it, or refuses it with the machine's reason (the auction not running, the owner's own ad, an amount not above the opening amount and the highest bid, decimals where the ad allows none, a private auction the bidder has not joined).
 * A retry with the same idempotency key answers 200 with the first result and changes nothing.
 */
const placeBidRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/bids',
    { schema: { params: slugParamsSchema, body: placeBidSchema, response: { 200: auctionChangeSchema, 201: auctionChangeSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      const { result, replayed } = await app.auctions.placeBid({ ad: { slug: request.params.slug }, userId: user.id, receivedAt: request.receivedAt, ...request.body });
      return reply.code(replayed ? 200 : 201).send(result);
    },
  );
};
export default placeBidRoute;
