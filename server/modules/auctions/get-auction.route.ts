import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adPhaseOf, type AdStatus } from '../../../domain/ad';
import { auctionSnapshotSchema } from '../../../domain/auction';
import { ERROR_CODES } from '../../../domain/errors';
import { slugParamsSchema } from '../../../domain/slug';
import { AppError } from '../../errors';
import { auctionSnapshotOf, findAuctionRow, isAuctionStillShown } from './auction-records';

/**
 * The live snapshot a watcher starts from, and resyncs from after a reconnect or a `seq` gap: the
 * state with its `seq` and the server's time, the round's bids and bidders, and the viewer's standing.
 */
const getAuctionRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/auction',
    { schema: { params: slugParamsSchema, response: { 200: auctionSnapshotSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const row = await findAuctionRow(app.db, request.params.slug);
      const now = app.now();
      const viewerId = request.user?.id ?? null;
      if (adPhaseOf({ status: row.status as AdStatus, endsAt: row.ends_at }, now) === 'ENDED' && !(await isAuctionStillShown(app.db, row, viewerId, now))) {
        throw new AppError(ERROR_CODES.PRODUCT_UNAVAILABLE);
      }
      return auctionSnapshotOf(app.db, row, viewerId, now);
    },
  );
};
export default getAuctionRoute;
