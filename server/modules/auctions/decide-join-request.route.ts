import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decideJoinRequestSchema, participantsSchema } from '../../../domain/auction';
import { ERROR_CODES } from '../../../domain/errors';
import { slugParamsSchema } from '../../../domain/slug';
import { JOIN_REQUEST_EVENTS, participationStateOf } from '../../../machines/join-request.machine';
import { AppError } from '../../errors';
import { requireUser } from '../auth/session.plugin';
import { participationOf } from './auction-records';
import { findOwnedPrivateAdRow, participantsOf, setParticipation } from './participant-records';

/** The owner accepts or rejects a join request; only a waiting request can be decided. */
const decideJoinRequestRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/participants/:userId',
    {
      schema: {
        params: slugParamsSchema.extend({ userId: z.string().min(1).max(100) }),
        body: decideJoinRequestSchema,
        response: { 200: participantsSchema },
      },
    },
    async (request) => {
      const owner = requireUser(request);
      const { slug, userId } = request.params;
      // In the ad's turn: a standing is read and written with no bid or other standing change in between.
      return app.auctions.inTurn({ slug }, async () => {
        const row = await findOwnedPrivateAdRow(app.db, slug, owner.id);
        const event = request.body.status === 'ACCEPTED' ? JOIN_REQUEST_EVENTS.ACCEPT : JOIN_REQUEST_EVENTS.REJECT;
        const standing = participationStateOf(await participationOf(app.db, row.id, userId), { ownerId: owner.id, userId });
        if (!standing.can({ type: event, by: owner.id })) throw new AppError(ERROR_CODES.AUCTION_ACTION_NOT_ALLOWED);
        await setParticipation(app, row, userId, request.body.status, false);
        return { participants: await participantsOf(app.db, row.id) };
      });
    },
  );
};
export default decideJoinRequestRoute;
