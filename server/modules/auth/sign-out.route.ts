import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Ends the session on the server, not only in the browser. */
const signOutRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post('/sign-out', { schema: { response: { 204: z.null() } } }, async (request, reply) => {
    await app.sessions.end(reply, request.user?.sessionId);
    return reply.code(204).send(null);
  });
};
export default signOutRoute;
