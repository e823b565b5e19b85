import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PARTICIPATION_STATUSES } from '../../../domain/auction';
import { ERROR_CODES } from '../../../domain/errors';
import { slugParamsSchema } from '../../../domain/slug';
import { auctionStateAt, isBiddingOpenOrAhead } from '../../../machines/auction.machine';
import { JOIN_REQUEST_EVENTS, participationStateOf } from '../../../machines/join-request.machine';
import { AppError } from '../../errors';
import { requireUser } from '../auth/session.plugin';
import { factsOf, participationOf } from './auction-records';
import { findPrivateAdRow, setParticipation } from './participant-records';

/** A signed-in person outside a private auction asks its owner to let them bid while bidding is open or ahead; asking twice, or after a refusal, is refused. */
const requestToJoinRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/join-requests',
    { schema: { params: slugParamsSchema, response: { 201: z.object({ status: z.enum(PARTICIPATION_STATUSES) }) } } },
    async (request, reply) => {
      const user = requireUser(request);
      // In the ad's turn: a standing is read and written with no bid or other standing change in between.
      return app.auctions.inTurn({ slug: request.params.slug }, async () => {
        const row = await findPrivateAdRow(app.db, request.params.slug);
        // Asking to bid on an auction whose bidding is over would only leave the owner a request to refuse.
        // Whether bidding is open or ahead depends on the times alone, so the highest bid is not read.
        if (!isBiddingOpenOrAhead(auctionStateAt(factsOf(row, null), app.now()))) throw new AppError(ERROR_CODES.JOIN_REQUEST_NOT_ALLOWED);
        const standing = participationStateOf(await participationOf(app.db, row.id, user.id), { ownerId: row.owner_id, userId: user.id });
        if (!standing.can({ type: JOIN_REQUEST_EVENTS.REQUEST, by: user.id })) throw new AppError(ERROR_CODES.JOIN_REQUEST_NOT_ALLOWED);
        await setParticipation(app, row, user.id, 'REQUESTED', false);
        return reply.code(201).send({ status: 'REQUESTED' as const });
      });
    },
  );
};
export default requestToJoinRoute;
