import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { profileSchema } from '../../../domain/account';
import { requireUser } from '../auth/session.plugin';
import { findProfile } from './profile.repository';

const getProfileRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get('/profile', { schema: { response: { 200: profileSchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return findProfile(app.db, requireUser(request).id);
  });
};
export default getProfileRoute;
