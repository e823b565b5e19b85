import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES } from '../../../domain/errors';
import { devEndAuctionSoonPath } from '../../../domain/runtime-config';
import { slugParamsSchema } from '../../../domain/slug';
import { HOUR_MS } from '../../../domain/timing';
import { AppError } from '../../errors';
import { announcedAfresh } from './auction-records';
import { requireUser } from '../auth/session.plugin';
import { factsOf, highestBidOf, findAuctionRow, isLiveAuction, phaseOf } from './auction-records';

/**
 * Outside production only: the owner brings the end of their running auction's current round to
 * `inMs` from now, so the final window can be tried (and tested end to end) without waiting the hour
 * an auction lasts at least. Everything after it (the deadline, the window) runs as it always does.
 */
const devEndAuctionSoonRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    devEndAuctionSoonPath(':slug'),
    { schema: { params: slugParamsSchema, body: z.object({ inMs: z.number().int().min(1_000).max(HOUR_MS) }), response: { 204: z.null() } } },
    async (request, reply) => {
      const user = requireUser(request);
      const row = await findAuctionRow(app.db, request.params.slug);
      if (row.owner_id !== user.id) throw new AppError(ERROR_CODES.FORBIDDEN);
      const now = app.now();
      const facts = factsOf(row, await highestBidOf(app.db, row));
      if (phaseOf(facts, now) !== 'active') throw new AppError(ERROR_CODES.AUCTION_ACTION_NOT_ALLOWED);
      const endsAt = now + request.body.inMs;
      // A live session keeps its own end; any other auction's round is the ad's schedule. Forgetting the
      // announced phase has the scheduler announce the new end to the watchers at once.
      const newEnd = isLiveAuction(row) ? { round_starts_at: facts.startsAt, round_ends_at: endsAt } : { ends_at: endsAt };
      await app.db
        .updateTable('ads')
        .set({ ...newEnd, ...announcedAfresh(row.type, now) })
        .where('id', '=', row.id)
        .execute();
      await app.auctionDeadlines.rearm(row.id);
      return reply.code(204).send(null);
    },
  );
};
export default devEndAuctionSoonRoute;
