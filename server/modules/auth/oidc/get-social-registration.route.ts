import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { socialRegistrationSchema } from '../../../../domain/account';
import { ERROR_CODES } from '../../../../domain/errors';
import { hashSecret } from '../hash-secret';
import { AppError } from '../../../errors';

/** What the provider told us about someone with no account yet, to prefill the registration form. */
const getSocialRegistrationRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/social-registrations/:token',
    {
      schema: {
        params: z.object({ token: z.string().max(200) }),
        response: { 200: socialRegistrationSchema },
      },
    },
    async (request, reply) => {
      const registration = await app.db
        .selectFrom('social_registrations')
        .select(['provider', 'email', 'first_name', 'last_name'])
        .where('token_hash', '=', hashSecret(request.params.token))
        .where('expires_at', '>', app.now())
        .executeTakeFirst();
      const provider = socialRegistrationSchema.shape.provider.safeParse(registration?.provider);
      if (!registration || !provider.success) throw new AppError(ERROR_CODES.NOT_FOUND);
      reply.header('Cache-Control', 'no-store');
      return { provider: provider.data, firstName: registration.first_name, lastName: registration.last_name, email: registration.email };
    },
  );
};
export default getSocialRegistrationRoute;
