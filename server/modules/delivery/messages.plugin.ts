import fp from 'fastify-plugin';
import { ERROR_CODES } from '../../../domain/errors';
import { HOUR_MS, MINUTE_MS, SECOND_MS } from '../../../domain/timing';
import { AppError } from '../../errors';
import { createHttpTextSender } from './http-text.sender';
import type { MessageChannel, MessageSender, OutgoingMessage } from './message-sender';
import { createOutboxSender } from './outbox.sender';
import { createSmtpEmailSender } from './smtp-email.sender';

declare module 'fastify' {
  interface FastifyInstance {
    messages: MessageSender & {
      /**
       * Sends in the background the messages queued with `queueMessage` (an order moved, an offer
       * answered), soon after the change that queued them committed: tried again with backoff while
       * their provider fails, never holding up the request. `deliver` is for what a person waits for (a code).
       */
      sendSoon(): void;
      /** Sends the queued messages due now; answers how many were handed over. */
      drain(): Promise<number>;
    };
  }
}

/** How often each node looks for messages due again after a provider failed. */
export const MESSAGE_RETRY_INTERVAL_MS = 30 * SECOND_MS;
/** How long a node has to send a message it took before another may take it again. */
const CLAIM_MS = 5 * MINUTE_MS;
const DRAIN_BATCH = 50;
/** Backoff after each failed try (one minute, doubling to four hours), given up on after some sixteen hours. */
const MAX_ATTEMPTS = 12;
const backoffMs = (attempts: number) => Math.min(MINUTE_MS * 2 ** (attempts - 1), 4 * HOUR_MS);

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

    async function deliver(message: OutgoingMessage) {
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
    }

    let closing = false;

    async function drain(): Promise<number> {
      const due = await app.db.selectFrom('pending_messages').selectAll().where('next_attempt_at', '<=', app.now()).orderBy('next_attempt_at').limit(DRAIN_BATCH).execute();
      let sent = 0;
      for (const row of due) {
        if (closing) break;
        // Taken by moving its time on, from when it is taken: another node draining at once finds it gone from under it.
        const claimedUntil = app.now() + CLAIM_MS;
        const taken = await app.db.updateTable('pending_messages').set({ next_attempt_at: claimedUntil }).where('id', '=', row.id).where('next_attempt_at', '=', row.next_attempt_at).executeTakeFirst();
        if (Number(taken.numUpdatedRows) === 0) continue;
        const ours = app.db.updateTable('pending_messages').where('id', '=', row.id).where('next_attempt_at', '=', claimedUntil);
        const message = { channel: row.channel as MessageChannel, recipient: row.recipient, subject: row.subject, body: row.body };
        let delivered = true;
        try {
          await deliver(message);
        } catch {
          delivered = false;
        }
        if (delivered) {
          await app.db.deleteFrom('pending_messages').where('id', '=', row.id).execute();
          sent += 1;
          continue;
        }
        const attempts = row.attempts + 1;
        if (attempts >= MAX_ATTEMPTS) {
          app.log.error({ channel: message.channel, recipient: message.recipient, subject: message.subject, attempts }, 'message given up on');
          await app.db.deleteFrom('pending_messages').where('id', '=', row.id).where('next_attempt_at', '=', claimedUntil).execute();
        } else {
          await ours.set({ attempts, next_attempt_at: app.now() + backoffMs(attempts) }).execute();
        }
      }
      return sent;
    }

    // One drain at a time on a node; a message enqueued meanwhile is taken by one more round.
    let draining: Promise<void> | null = null;
    let again = false;
    function drainSoon() {
      if (closing) return;
      if (draining) {
        again = true;
        return;
      }
      draining = (async () => {
        do {
          again = false;
          await drain().catch((error: unknown) => app.log.error({ err: error }, 'sending pending messages failed'));
        } while (again && !closing);
      })().finally(() => {
        draining = null;
      });
    }
    const timer = setInterval(drainSoon, MESSAGE_RETRY_INTERVAL_MS);
    timer.unref();
    app.addHook('onReady', async () => drainSoon());
    // Closing waits for the message being sent, not for the rest of its batch: they stay queued.
    app.addHook('onClose', async () => {
      closing = true;
      clearInterval(timer);
      await draining;
    });

    app.decorate('messages', { deliver, drain, sendSoon: drainSoon });
  },
  { name: 'messages', dependencies: ['config', 'database', 'clock'] },
);
