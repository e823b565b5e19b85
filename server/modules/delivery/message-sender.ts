export const MESSAGE_CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export interface OutgoingMessage {
  channel: MessageChannel;
  /** An email address, or a phone number in international digits (966501234567). */
  recipient: string;
  subject: string;
  body: string;
}

/** One way out for messages: a provider for a channel, or the local outbox. */
export interface MessageSender {
  /** Resolves once the message is handed over; rejects, with the cause, when it was not. */
  deliver(message: OutgoingMessage): Promise<void>;
}
