import type { MessageSender } from './message-sender';

export interface TextProviderSettings {
  url: string;
  token?: string;
  /** The sender name or number the recipient sees. */
  sender: string;
}

const TIMEOUT_MS = 10_000;
/** Enough of a refusal to tell why in the log, without copying a whole error page into it. */
const ANSWER_EXCERPT_LENGTH = 1_000;

/**
 * SMS or WhatsApp through a provider's HTTP API: a JSON POST of `{ to, from, text }` with a bearer
 * token. The text is the body alone; the subject is an email header.
 */
export function createHttpTextSender(provider: string, settings: TextProviderSettings): MessageSender {
  return {
    async deliver(message) {
      let response: Response;
      try {
        response = await fetch(settings.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(settings.token ? { authorization: `Bearer ${settings.token}` } : {}),
          },
          body: JSON.stringify({ to: message.recipient, from: settings.sender, text: message.body }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new Error(`the ${provider} provider could not be reached`, { cause: error });
      }
      if (!response.ok) {
        const answer = await response.text().catch(() => '');
        throw new Error(`the ${provider} provider refused the message with ${response.status}: ${answer.slice(0, ANSWER_EXCERPT_LENGTH)}`);
      }
      // Nothing in an acceptance is needed, but an unread body would hold the connection.
      await response.body?.cancel();
    },
  };
}
