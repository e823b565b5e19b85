import nodemailer from 'nodemailer';
import type { MessageSender } from './message-sender';

export interface SmtpSettings {
  /** smtp://user:pass@host:port or smtps://…; query parameters such as ?ignoreTLS=true become transport options. */
  url: string;
  /** The From header, e.g. `Souq <no-reply@souq.example>`. */
  from: string;
}

/** Emails over SMTP; each message opens its own connection, so an idle server holds nothing of ours. */
export function createSmtpEmailSender(settings: SmtpSettings): MessageSender & { close(): void } {
  const transport = nodemailer.createTransport({
    url: settings.url,
    // A person is waiting on the code: fail within seconds rather than the library's minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async deliver(message) {
      await transport.sendMail({ from: settings.from, to: message.recipient, subject: message.subject, text: message.body });
    },
    close() {
      transport.close();
    },
  };
}
