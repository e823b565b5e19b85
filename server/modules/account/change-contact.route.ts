import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeContactSchema, verificationSchema } from '../../../domain/account';
import { localeOfRequest } from '../../i18n';
import { claimContact } from '../auth/accounts.repository';
import { requireUser } from '../auth/session.plugin';

/**
 * Sends a code to a new email or phone. The account keeps its old address until that code is
 * entered (verify-code applies the change), so a mistyped address never locks anyone out.
 */
const changeContactRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/me/contact',
    { schema: { body: changeContactSchema, response: { 201: z.object({ verification: verificationSchema }) } } },
    async (request, reply) => {
      const user = requireUser(request);
      const body = request.body;
      const destination = body.kind === 'email' ? body.email : body.phone;
      // Refused early when a verified account holds it; checked again when the code is entered.
      await app.db.transaction().execute((trx) => claimContact(trx, body.kind === 'email' ? { email: destination } : { phone: destination }, user.id));
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
