import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RESET_TOKEN_TTL_MS, verifyCodeResultSchema, verifyCodeSchema } from '../../../domain/account';
import { ERROR_CODES } from '../../../domain/errors';
import { AppError } from '../../errors';
import { claimContact, contactTakenError, findSessionUser } from './accounts.repository';
import { hashSecret } from './hash-secret';

/**
 * Takes a one-time code and does what it was sent for: activates a new account and signs it in,
 * opens a password reset, or moves the account to a new email or phone.
 */
const verifyCodeRoute: FastifyPluginAsync = async (app) => {
  /** A code that travelled by email proves the address; Google or Apple may then link by it. */
  const markEmailProven = (userId: string, now: number) =>
    app.db.updateTable('users').set({ email_verified_at: now }).where('id', '=', userId).where('email_verified_at', 'is', null).execute();

  app.withTypeProvider<ZodTypeProvider>().post(
    '/verifications/:id/verify',
    { schema: { params: z.object({ id: z.string().max(100) }), body: verifyCodeSchema, response: { 200: verifyCodeResultSchema } } },
    async (request, reply) => {
      const pending = await app.verifications.pending(request.params.id);
      const changesContact = pending.purpose === 'CHANGE_EMAIL' || pending.purpose === 'CHANGE_PHONE';
      // A contact change is confirmed from the account that asked for it, so a forwarded code is useless alone.
      if (changesContact && !request.user) throw new AppError(ERROR_CODES.UNAUTHENTICATED);
      if (changesContact && request.user?.id !== pending.user_id) throw new AppError(ERROR_CODES.FORBIDDEN);

      const verified = await app.verifications.verify(pending.id, request.body.code);
      const now = app.now();
      switch (verified.purpose) {
        case 'REGISTER': {
          await app.db.updateTable('users').set({ verified_at: now }).where('id', '=', verified.user_id).where('verified_at', 'is', null).execute();
          if (verified.channel === 'email') await markEmailProven(verified.user_id, now);
          await app.sessions.start(reply, verified.user_id);
          return { purpose: 'REGISTER' as const, user: await findSessionUser(app.db, verified.user_id) };
        }
        case 'RECOVER': {
          const resetToken = randomBytes(32).toString('base64url');
          await app.db
            .updateTable('verification_codes')
            .set({ reset_token_hash: hashSecret(resetToken), reset_expires_at: now + RESET_TOKEN_TTL_MS })
            .where('id', '=', verified.id)
            .execute();
          return { purpose: 'RECOVER' as const, resetToken };
        }
        default: {
          const change = verified.purpose === 'CHANGE_EMAIL' ? { email: verified.destination, email_verified_at: now } : { phone: verified.destination };
          await app.db.transaction().execute(async (trx) => {
            await claimContact(trx, verified.purpose === 'CHANGE_EMAIL' ? { email: verified.destination } : { phone: verified.destination }, verified.user_id);
            await trx.updateTable('users').set(change).where('id', '=', verified.user_id).execute();
          }).catch((error: unknown) => {
            throw contactTakenError(error) ?? error;
          });
          return { purpose: verified.purpose as 'CHANGE_EMAIL' | 'CHANGE_PHONE', user: await findSessionUser(app.db, verified.user_id) };
        }
      }
    },
  );
};
export default verifyCodeRoute;
