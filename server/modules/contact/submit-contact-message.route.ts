import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactMessageSchema } from '../../../domain/contact';
import { localeOfRequest } from '../../i18n';

const ACKNOWLEDGEMENT = {
  ar: { subject: 'استلمنا رسالتك', body: (name: string) => `مرحباً ${name}، شكراً لتواصلك معنا. استلمنا رسالتك وسيرد عليك فريق الدعم خلال يومي عمل.` },
  en: { subject: 'We received your message', body: (name: string) => `Hello ${name}, thank you for contacting us. We received your message and our support team will reply within two working days.` },
} as const;

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
      const acknowledgement = ACKNOWLEDGEMENT[locale];
      await app.messages.deliver({
        channel: 'email',
        recipient: request.body.email,
        subject: acknowledgement.subject,
        body: acknowledgement.body(request.body.name),
      });
      return reply.code(201).send({ id });
    },
  );
};
export default submitContactMessageRoute;
