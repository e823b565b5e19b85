import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionUserSchema } from '../../../domain/auth-schemas';

/** Who is signed in, or null: never an error, so a visitor's page load stays quiet. */
const currentSessionRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/session',
    { schema: { response: { 200: z.object({ user: sessionUserSchema.nullable() }) } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const user = request.user;
      return { user: user ? { id: user.id, slug: user.slug, fullName: user.fullName, email: user.email } : null };
    },
  );
};
export default currentSessionRoute;
