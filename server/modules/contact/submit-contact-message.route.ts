import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactMessageSchema } from '../../../domain/contact';
import { localeOfRequest, outgoingMessage } from '../../i18n';

/** Stores a visitor's message for the support team and tells the sender, by email, that it arrived. */
const submitContactMessageRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/contact',
    { schema: { body: contactMessageSchema, response: { 201: z.object({ id: z.string() }) } } },
    async (request, reply) => {
      const locale = localeOfRequest(request.headers);
      const id = randomUUID();
      await app.db
        .insertInto('contact_messages')
        .values({ id, ...request.body, locale, user_id: request.user?.id ?? null, created_at: app.now() })
        .execute();
      try {
        await app.messages.deliver({
          channel: 'email',
          recipient: request.body.email,
          ...outgoingMessage('contactAcknowledgement', locale, { name: request.body.name }),
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
