import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addParticipantSchema, contactLookupOf, participantsSchema } from '../../../domain/auction';
import { ERROR_CODES } from '../../../domain/errors';
import { slugParamsSchema } from '../../../domain/slug';
import { JOIN_REQUEST_EVENTS, participationStateOf } from '../../../machines/join-request.machine';
import { AppError } from '../../errors';
import { requireUser } from '../auth/session.plugin';
import { participationOf } from './auction-records';
import { findOwnedPrivateAdRow, participantsOf, setParticipation } from './participant-records';

/**
 * The owner adds a participant by the email or phone they registered with: `This user does not exist`
 * when none did, `You have already added this user` when they may bid already, and a refusal that
 * says so when the contact is the owner's own. Adding someone who asked accepts them.
 */
const addParticipantRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/participants',
    { schema: { params: slugParamsSchema, body: addParticipantSchema, response: { 201: participantsSchema } } },
    async (request, reply) => {
      const owner = requireUser(request);
      // In the ad's turn: a standing is read and written with no bid or other standing change in between.
      return app.auctions.inTurn({ slug: request.params.slug }, async () => {
        const row = await findOwnedPrivateAdRow(app.db, request.params.slug, owner.id);
        // The schema refused a contact that names no account's email or phone.
        const lookup = contactLookupOf(request.body.contact)!;
        const user = await app.db
          .selectFrom('users')
          .select('id')
          .where('verified_at', 'is not', null)
          .where((eb) => ('email' in lookup ? eb('email', '=', lookup.email) : eb('phone', '=', lookup.phone)))
          .executeTakeFirst();
        if (!user) throw new AppError(ERROR_CODES.USER_NOT_FOUND, { contact: ERROR_CODES.USER_NOT_FOUND });
        const status = await participationOf(app.db, row.id, user.id);
        if (status === 'ACCEPTED') throw new AppError(ERROR_CODES.PARTICIPANT_ALREADY_ADDED, { contact: ERROR_CODES.PARTICIPANT_ALREADY_ADDED });
        if (!participationStateOf(status, { ownerId: owner.id, userId: user.id }).can({ type: JOIN_REQUEST_EVENTS.ADD, by: owner.id })) {
          // The machine refuses the owner as a participant of his own ad; he is told so, not that the auction's stage forbids it.
          const refusal = user.id === owner.id ? ERROR_CODES.OWNER_CANNOT_PARTICIPATE : ERROR_CODES.AUCTION_ACTION_NOT_ALLOWED;
          throw new AppError(refusal, { contact: refusal });
        }
        await setParticipation(app, row, user.id, 'ACCEPTED', true);
        return reply.code(201).send({ participants: await participantsOf(app.db, row.id) });
      });
    },
  );
};
export default addParticipantRoute;
