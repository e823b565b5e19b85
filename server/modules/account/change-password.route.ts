import { hash, verify } from '@node-rs/argon2';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordSchema } from '../../../domain/account';
import { ERROR_CODES } from '../../../domain/errors';
import { AppError } from '../../errors';
import { CURRENT_PASSWORD_FAILURES_PER_ACCOUNT } from '../auth/account-rate-limits';
import { requireUser } from '../auth/session.plugin';

/** Needs the current password, guessed at most a few times; every other session ends, this one stays. */
const changePasswordRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/password',
    { schema: { body: changePasswordSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const user = requireUser(request);
      await app.rateLimits.consume(CURRENT_PASSWORD_FAILURES_PER_ACCOUNT, user.id);
      const { password_hash } = await app.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
      if (!(await verify(password_hash, request.body.currentPassword))) {
        throw new AppError(ERROR_CODES.INCORRECT_CURRENT_PASSWORD, { currentPassword: ERROR_CODES.INCORRECT_CURRENT_PASSWORD });
      }
      await app.rateLimits.clear(CURRENT_PASSWORD_FAILURES_PER_ACCOUNT, user.id);
      await app.db.updateTable('users').set({ password_hash: await hash(request.body.newPassword) }).where('id', '=', user.id).execute();
      await app.sessions.endOthers(user.id, user.sessionId);
      // A reset opened before the change must not undo it.
      await app.db.updateTable('verification_codes').set({ reset_token_hash: null, reset_expires_at: null }).where('user_id', '=', user.id).execute();
      return reply.code(204).send(null);
    },
  );
};
export default changePasswordRoute;
