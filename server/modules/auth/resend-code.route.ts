import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { verificationSchema } from '../../../domain/account';

/** A new code to the same place, once the cooldown since the last one has passed. */
const resendCodeRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/verifications/:id/resend',
    { schema: { params: z.object({ id: z.string().max(100) }), response: { 200: verificationSchema } } },
    async (request) => app.verifications.resend(request.params.id),
  );
};
export default resendCodeRoute;
