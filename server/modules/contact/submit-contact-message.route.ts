import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactMessageSchema } from '../../../domain/contact';
import { ERROR_CODES } from '../../../domain/errors';
import { isolateUserText } from '../../../domain/locale';
import { MINUTE_MS } from '../../../domain/timing';
import { localeOfRequest, outgoingMessage } from '../../i18n';
import type { RateLimitPolicy } from '../../plugins/rate-limit';

/** Messages from one address: each one makes the server send an email. */
export const CONTACT_MESSAGES_PER_ADDRESS: RateLimitPolicy = { name: 'contact-address', limit: 5, windowMs: 60 * MINUTE_MS, refusal: ERROR_CODES.CONTACT_LIMIT_REACHED };
/**
 * Acknowledgements to one address nobody has shown to be theirs, from anywhere: a stranger must not
 * fill someone's inbox. A signed-in person's own verified email is not counted, so nobody can use up
 * that person's way to reach support.
 */
export const CONTACT_ACKNOWLEDGEMENTS_PER_RECIPIENT: RateLimitPolicy = {
  name: 'contact-recipient',
  limit: 3,
  windowMs: 60 * MINUTE_MS,
  refusal: ERROR_CODES.CONTACT_LIMIT_REACHED,
};

/**
 * Stores a visitor's message for the support team and tells the sender, by email, that it arrived.
 * Only a signed-in person's verified email hears back in the sender's words; any other address may
 * belong to someone else, so it gets a fixed text and cannot carry a stranger's words.
 */
const submitContactMessageRoute: FastifyPluginAsync = async (app) => {
  const isOwnVerifiedEmail = async (request: FastifyRequest, email: string) => {
    if (!request.user) return false;
    const verified = await app.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', request.user.id)
      .where('email', '=', email)
      .where('email_verified_at', 'is not', null)
      .executeTakeFirst();
    return verified !== undefined;
  };

  app.withTypeProvider<ZodTypeProvider>().post(
    '',
    { schema: { body: contactMessageSchema, response: { 201: z.object({ id: z.string() }) } } },
    async (request, reply) => {
      const locale = localeOfRequest(request.headers);
      const verifiedRecipient = await isOwnVerifiedEmail(request, request.body.email);
      await app.rateLimits.consume(CONTACT_MESSAGES_PER_ADDRESS, request.ip);
      if (!verifiedRecipient) await app.rateLimits.consume(CONTACT_ACKNOWLEDGEMENTS_PER_RECIPIENT, request.body.email);
      const id = randomUUID();
      await app.db
        .insertInto('contact_messages')
        .values({ id, ...request.body, locale, user_id: request.user?.id ?? null, created_at: app.now() })
        .execute();
      try {
        await app.messages.deliver({
          channel: 'email',
          recipient: request.body.email,
          ...(verifiedRecipient
            ? outgoingMessage('contactAcknowledgement', locale, { name: isolateUserText(request.body.name) })
            : outgoingMessage('contactAcknowledgementUnverified', locale, {})),
        });
      } catch (error) {
        // The message reached support; a lost acknowledgement must not make the sender send it twice.
        request.log.warn({ err: error }, 'contact acknowledgement not delivered');
      }
      return reply.code(201).send({ id });
    },
  );
};
export default submitContactMessageRoute;
