import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { verificationSchema } from '../../../domain/account';

/** The code-entry screen after a reload: where the code went and its timings, never the code. */
const getVerificationRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/verifications/:id',
    { schema: { params: z.object({ id: z.string().max(100) }), response: { 200: verificationSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return app.verifications.describe(await app.verifications.pending(request.params.id));
    },
  );
};
export default getVerificationRoute;
