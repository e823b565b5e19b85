import fp from 'fastify-plugin';
import { ERROR_CODES } from '../../../domain/errors';
import { AppError } from '../../errors';
import { createHttpTextSender } from './http-text.sender';
import type { MessageChannel, MessageSender, OutgoingMessage } from './message-sender';
import { createOutboxSender } from './outbox.sender';
import { createSmtpEmailSender } from './smtp-email.sender';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends an email, SMS or WhatsApp message; rejects with DELIVERY_FAILED when the provider did not take it. */
    messages: MessageSender;
  }
}

/**
 * Where the product's emails, SMS and WhatsApp messages go: each channel to its configured
 * provider, and a channel without one to the local outbox table.
 */
export default fp(
  async (app) => {
    const { smtp, sms, whatsapp } = app.config.delivery;
    const email = smtp ? createSmtpEmailSender(smtp) : undefined;
    if (email) app.addHook('onClose', async () => email.close());
    const providers: Record<MessageChannel, MessageSender | undefined> = {
      email,
      sms: sms ? createHttpTextSender('SMS', sms) : undefined,
      whatsapp: whatsapp ? createHttpTextSender('WhatsApp', whatsapp) : undefined,
    };
    const outbox = createOutboxSender(app.db, app.now);

    app.decorate('messages', {
      async deliver(message: OutgoingMessage) {
        // The body holds one-time codes: it never reaches the log.
        const about = { channel: message.channel, recipient: message.recipient, subject: message.subject };
        const provider = providers[message.channel];
        if (!provider) {
          await outbox.deliver(message);
          app.log.info(about, 'message put in the local outbox');
          return;
        }
        try {
          await provider.deliver(message);
        } catch (error) {
          app.log.error({ ...about, err: error }, 'message delivery failed');
          throw new AppError(ERROR_CODES.DELIVERY_FAILED);
        }
        app.log.info(about, 'message delivered');
      },
    });
  },
  { name: 'messages', dependencies: ['config', 'database', 'clock'] },
);
