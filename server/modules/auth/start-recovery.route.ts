import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recoveryStartSchema, verificationSchema } from '../../../domain/account';
import { ERROR_CODES } from '../../../domain/errors';
import { AppError } from '../../errors';
import { localeOfRequest } from '../../i18n';
import { RECOVERIES_PER_ACCOUNT, RECOVERIES_PER_ADDRESS } from './account-rate-limits';

/**
 * Sends a recovery code to the account's email, or to its phone by SMS or WhatsApp. SPEC.md
 * section 8 names the refusals for an unknown email or phone, so this route says whether an
 * account exists; the rate limits keep that from becoming a cheap directory.
 */
const startRecoveryRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/recovery',
    { schema: { body: recoveryStartSchema, response: { 201: z.object({ verification: verificationSchema }) } } },
    async (request, reply) => {
      const body = request.body;
      const identifier = body.method === 'email' ? body.email : body.phone;
      await app.rateLimits.consume(RECOVERIES_PER_ADDRESS, request.ip);
      const user = await app.db
        .selectFrom('users')
        .select('id')
        .where(body.method === 'email' ? 'email' : 'phone', '=', identifier)
        .executeTakeFirst();
      if (!user) {
        throw body.method === 'email'
          ? new AppError(ERROR_CODES.EMAIL_NOT_FOUND, { email: ERROR_CODES.EMAIL_NOT_FOUND })
          : new AppError(ERROR_CODES.USER_NOT_FOUND, { phone: ERROR_CODES.USER_NOT_FOUND });
      }
      await app.rateLimits.consume(RECOVERIES_PER_ACCOUNT, user.id);
      const verification = await app.verifications.issue({
        userId: user.id,
        purpose: 'RECOVER',
        channel: body.method === 'email' ? 'email' : body.channel,
        destination: identifier,
        locale: localeOfRequest(request.headers),
      });
      return reply.code(201).send({ verification });
    },
  );
};
export default startRecoveryRoute;
