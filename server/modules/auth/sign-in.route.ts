import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionUserSchema, signInSchema } from '../../../domain/auth';
import { ERROR_CODES } from '../../../domain/errors';
import { AppError } from '../../errors';
import { fullNameOf } from '../../../domain/user';

/**
 * Signs in by email or phone with a password. A wrong pair is refused without saying which half
 * was wrong, and an unknown account costs the same argon2 verification as a known one, so the
 * answer's timing does not tell whether an account exists.
 */
const signInRoute: FastifyPluginAsync = async (app) => {
  const unknownAccountHash = await hash(randomBytes(16).toString('hex'));

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/auth/sign-in',
    { schema: { body: signInSchema, response: { 200: sessionUserSchema } } },
    async (request, reply) => {
      const body = request.body;
      const user = await app.db
        .selectFrom('users')
        .select(['id', 'slug', 'first_name', 'last_name', 'email', 'password_hash'])
        .where(body.method === 'email' ? 'email' : 'phone', '=', body.method === 'email' ? body.email : body.phone)
        .executeTakeFirst();
      const refusal = body.method === 'email' ? ERROR_CODES.INCORRECT_EMAIL_OR_PASSWORD : ERROR_CODES.INCORRECT_PHONE_OR_PASSWORD;
      const passwordMatches = await verify(user?.password_hash || unknownAccountHash, body.password);
      if (!user || !passwordMatches) throw new AppError(refusal);
      await app.sessions.start(reply, user.id);
      return { id: user.id, slug: user.slug, fullName: fullNameOf(user.first_name, user.last_name), email: user.email };
    },
  );
};
export default signInRoute;
