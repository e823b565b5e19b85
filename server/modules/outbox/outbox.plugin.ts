import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';

export const OUTBOX_CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

export interface OutgoingMessage {
  channel: OutboxChannel;
  recipient: string;
  subject: string;
  body: string;
}

export interface MessageSender {
  deliver(message: OutgoingMessage): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    messages: MessageSender;
  }
}

/**
 * Where the product's emails, SMS and WhatsApp messages go. No real provider is configured yet,
 * so every message lands in the local outbox table (and the log), where development and tests
 * read them back; provider adapters will take the channels they are configured for.
 */
export default fp(
  async (app) => {
    app.decorate('messages', {
      async deliver(message: OutgoingMessage) {
        await app.db
          .insertInto('outbox')
          .values({ id: randomUUID(), ...message, created_at: app.now() })
          .execute();
        app.log.info({ channel: message.channel, recipient: message.recipient, subject: message.subject }, 'message put in the local outbox');
      },
    });
  },
  { name: 'messages', dependencies: ['database', 'clock'] },
);
