import { hash } from '@node-rs/argon2';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resetPasswordSchema } from '../../../domain/account';
import { sessionUserSchema } from '../../../domain/auth-schemas';
import { ERROR_CODES } from '../../../domain/errors';
import { AppError } from '../../errors';
import { findSessionUser } from './accounts.repository';
import { hashSecret } from './hash-secret';

/**
 * Sets a new password with the token a recovery code earned. Every session of the account ends
 * (whoever knew the old password is out) and this browser is signed in with the new one. The code
 * reached the account's own email or phone, so an account never verified counts as verified now.
 */
const resetPasswordRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/recovery/reset',
    { schema: { body: resetPasswordSchema, response: { 200: z.object({ user: sessionUserSchema }) } } },
    async (request, reply) => {
      const now = app.now();
      const tokenHash = hashSecret(request.body.resetToken);
      const recovery = await app.db
        .selectFrom('verification_codes')
        .select(['id', 'user_id', 'channel'])
        .where('reset_token_hash', '=', tokenHash)
        .where('reset_expires_at', '>', now)
        .executeTakeFirst();
      if (!recovery) throw new AppError(ERROR_CODES.RESET_EXPIRED);

      const passwordHash = await hash(request.body.password);
      const used = await app.db.transaction().execute(async (trx) => {
        // Spending the token in the same transaction lets only one of two parallel resets through.
        const spent = await trx.updateTable('verification_codes').set({ reset_token_hash: null, reset_expires_at: null }).where('reset_token_hash', '=', tokenHash).executeTakeFirst();
        if (Number(spent.numUpdatedRows) !== 1) return false;
        await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', recovery.user_id).execute();
        await trx.updateTable('users').set({ verified_at: now }).where('id', '=', recovery.user_id).where('verified_at', 'is', null).execute();
        if (recovery.channel === 'email') {
          await trx.updateTable('users').set({ email_verified_at: now }).where('id', '=', recovery.user_id).where('email_verified_at', 'is', null).execute();
        }
        // Any other reset still open for this account dies with this one.
        await trx.updateTable('verification_codes').set({ reset_token_hash: null, reset_expires_at: null }).where('user_id', '=', recovery.user_id).execute();
        return true;
      });
      if (!used) throw new AppError(ERROR_CODES.RESET_EXPIRED);
      await app.sessions.endOthers(recovery.user_id);
      await app.sessions.start(reply, recovery.user_id);
      return { user: await findSessionUser(app.db, recovery.user_id) };
    },
  );
};
export default resetPasswordRoute;
