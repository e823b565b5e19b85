import { hash } from '@node-rs/argon2';
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerSchema, verificationSchema } from '../../../domain/account';
import { ERROR_CODES } from '../../../domain/errors';
import { AppError } from '../../errors';
import { localeOfRequest } from '../../i18n';
import type { Transaction } from 'kysely';
import { isForeignKeyViolation } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { assertCityInCountry, claimContact, contactHeldElsewhereError, contactTakenError, createAccount } from './accounts.repository';
import { REGISTRATIONS_PER_ADDRESS } from './account-rate-limits';
import { hashSecret } from './hash-secret';

/**
 * Creates an account that stays inactive until the code sent by the chosen channel is entered.
 * The free package comes with the account, in the same transaction. A social sign-in waiting for
 * its account (`socialToken`) is linked here, for the email its provider vouched for.
 */
const registerRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/register',
    { schema: { body: registerSchema, response: { 201: z.object({ verification: verificationSchema }) } } },
    async (request, reply) => {
      const body = request.body;
      await app.rateLimits.consume(REGISTRATIONS_PER_ADDRESS, request.ip);
      await assertCityInCountry(app.db, body.country, body.cityId);

      const now = app.now();
      const social = body.socialToken
        ? await app.db.selectFrom('social_registrations').selectAll().where('token_hash', '=', hashSecret(body.socialToken)).where('expires_at', '>', now).executeTakeFirst()
        : undefined;
      if (body.socialToken && !social) throw new AppError(ERROR_CODES.SOCIAL_SIGN_IN_FAILED);
      if (social && social.email !== body.email) throw new AppError(ERROR_CODES.VALIDATION_FAILED, { email: ERROR_CODES.VALIDATION_FAILED });

      // Hashing is slow by design: do it before the transaction holds the write lock.
      const passwordHash = await hash(body.password);
      const id = randomUUID();
      const createAccountAndLinks = async (trx: Transaction<Database>) => {
        await claimContact(trx, { email: body.email, phone: body.phone });
        await createAccount(
          trx,
          {
            id,
            firstName: body.firstName,
            lastName: body.lastName,
            email: body.email,
            phone: body.phone,
            country: body.country,
            cityId: body.cityId,
            passwordHash,
            about: '',
            createdAt: now,
            verifiedAt: null,
            emailVerifiedAt: null,
          },
          now,
        );
        if (social) {
          await trx.insertInto('user_identities').values({ provider: social.provider, subject: social.subject, user_id: id, created_at: now }).execute();
          await trx.deleteFrom('social_registrations').where('token_hash', '=', social.token_hash).execute();
        }
      };
      await app.db
        .transaction()
        .execute(createAccountAndLinks)
        .catch((error: unknown) => {
          throw contactTakenError(error) ?? error;
        });

      try {
        const verification = await app.verifications.issue({
          userId: id,
          purpose: 'REGISTER',
          channel: body.channel,
          destination: body.channel === 'email' ? body.email : body.phone,
          locale: localeOfRequest(request.headers),
        });
        return reply.code(201).send({ verification });
      } catch (error) {
        // Nobody can activate an account whose code never left: leave no half-made account behind.
        await app.db.deleteFrom('users').where('id', '=', id).execute();
        if (isForeignKeyViolation(error)) throw await contactHeldElsewhereError(app.db, { email: body.email, phone: body.phone });
        throw error;
      }
    },
  );
};
export default registerRoute;
