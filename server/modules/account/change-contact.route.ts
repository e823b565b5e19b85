import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeContactSchema, verificationSchema } from '../../../domain/account';
import { localeOfRequest } from '../../i18n';
import { assertContactFree } from '../auth/accounts.repository';
import { CONTACT_CHANGES_PER_ACCOUNT } from '../auth/account-rate-limits';
import { requireUser } from '../auth/session.plugin';

/**
 * Sends a code to a new email or phone. The account keeps its old address until that code is
 * entered (verify-code applies the change), so a mistyped address never locks anyone out.
 */
const changeContactRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/contact',
    { schema: { body: changeContactSchema, response: { 201: z.object({ verification: verificationSchema }) } } },
    async (request, reply) => {
      const user = requireUser(request);
      const body = request.body;
      const destination = body.kind === 'email' ? body.email : body.phone;
      await app.rateLimits.consume(CONTACT_CHANGES_PER_ACCOUNT, user.id);
      // Refused early when a verified account holds it; claimed only when the code is entered, so a
      // request alone never disturbs someone else's sign-up in progress.
      await assertContactFree(app.db, body.kind === 'email' ? { email: destination } : { phone: destination }, user.id);
      const verification = await app.verifications.issue({
        userId: user.id,
        purpose: body.kind === 'email' ? 'CHANGE_EMAIL' : 'CHANGE_PHONE',
        channel: body.kind === 'email' ? 'email' : body.channel,
        destination,
        locale: localeOfRequest(request.headers),
      });
      return reply.code(201).send({ verification });
    },
  );
};
export default changeContactRoute;
