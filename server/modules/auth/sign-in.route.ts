import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signInResultSchema } from '../../../domain/account';
import { signInSchema } from '../../../domain/auth-schemas';
import { ERROR_CODES } from '../../../domain/errors';
import { AppError } from '../../errors';
import { localeOfRequest } from '../../i18n';
import { findSessionUser } from './accounts.repository';
import { SIGN_IN_FAILURES_PER_ACCOUNT, SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS, SIGN_IN_FAILURES_PER_ADDRESS } from './account-rate-limits';

/**
 * Signs in by email or phone with a password. A wrong pair is refused without saying which half
 * was wrong, and an unknown account costs the same argon2 verification as a known one, so the
 * answer's timing does not tell whether an account exists. Guessing is limited per account and
 * address, per account and per address. A right password on an account never verified sends a fresh code instead.
 */
const signInRoute: FastifyPluginAsync = async (app) => {
  const unknownAccountHash = await hash(randomBytes(16).toString('hex'));

  app.withTypeProvider<ZodTypeProvider>().post(
    '/sign-in',
    { schema: { body: signInSchema, response: { 200: signInResultSchema } } },
    async (request, reply) => {
      const body = request.body;
      const identifier = body.method === 'email' ? body.email : body.phone;
      const user = await app.db
        .selectFrom('users')
        .select(['id', 'email', 'phone', 'password_hash', 'verified_at'])
        .where(body.method === 'email' ? 'email' : 'phone', '=', identifier)
        .executeTakeFirst();
      // One account, one count, whether it is tried by its email or its phone.
      const accountKey = user?.id ?? `unknown:${identifier}`;
      const accountAtAddressKey = `${accountKey}@${request.ip}`;
      // Each attempt is counted as a failure before the password is checked and given back on
      // success: parallel guesses meet the limit instead of all passing a check made before any failed.
      // The account-wide count comes last, so an address already locked out adds nothing to it.
      await app.rateLimits.consume(SIGN_IN_FAILURES_PER_ADDRESS, request.ip);
      await app.rateLimits.consume(SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS, accountAtAddressKey);
      await app.rateLimits.consume(SIGN_IN_FAILURES_PER_ACCOUNT, accountKey);

      const passwordMatches = await verify(user?.password_hash || unknownAccountHash, body.password);
      if (!user || !passwordMatches) {
        throw new AppError(body.method === 'email' ? ERROR_CODES.INCORRECT_EMAIL_OR_PASSWORD : ERROR_CODES.INCORRECT_PHONE_OR_PASSWORD);
      }
      // The right password takes back this attempt's count; earlier wrong guesses at the account stay counted.
      await app.rateLimits.release(SIGN_IN_FAILURES_PER_ADDRESS, request.ip);
      await app.rateLimits.clear(SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS, accountAtAddressKey);
      await app.rateLimits.release(SIGN_IN_FAILURES_PER_ACCOUNT, accountKey);

      if (user.verified_at === null) {
        const verification = await app.verifications.issue({
          userId: user.id,
          purpose: 'REGISTER',
          channel: body.method === 'email' ? 'email' : 'sms',
          destination: body.method === 'email' ? user.email : user.phone,
          locale: localeOfRequest(request.headers),
        });
        return { verification };
      }
      await app.sessions.start(reply, user.id);
      return { user: await findSessionUser(app.db, user.id) };
    },
  );
};
export default signInRoute;
