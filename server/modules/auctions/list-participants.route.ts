import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { participantsSchema } from '../../../domain/auction';
import { slugParamsSchema } from '../../../domain/slug';
import { requireUser } from '../auth/session.plugin';
import { findOwnedPrivateAdRow, participantsOf } from './participant-records';

/** The owner's list of who asked to join their private auction and who may bid. */
const listParticipantsRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/participants',
    { schema: { params: slugParamsSchema, response: { 200: participantsSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const row = await findOwnedPrivateAdRow(app.db, request.params.slug, requireUser(request).id);
      return { participants: await participantsOf(app.db, row.id) };
    },
  );
};
export default listParticipantsRoute;
