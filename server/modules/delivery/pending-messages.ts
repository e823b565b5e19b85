import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, UserTable } from '../../db/schema';
import { localeOfPerson, outgoingMessage } from '../../i18n';
import type { OutgoingMessage } from './message-sender';

/**
 * Keeps a message sent unasked to be sent in the background (`app.messages` drains them): written in
 * the transaction of the change it tells of, it leaves only if that change commits, and is not lost
 * to a restart after it.
 */
export async function queueMessage(db: Kysely<Database>, message: OutgoingMessage, at: number): Promise<void> {
  await db.insertInto('pending_messages').values({ id: randomUUID(), ...message, next_attempt_at: at, created_at: at }).execute();
}

/**
 * Queues the message `key` (server/messages) to a person: by email when they gave one, else by SMS, in
 * the language they last read the site in.
 */
export async function queueMessageTo(
  db: Kysely<Database>,
  person: Pick<Selectable<UserTable>, 'email' | 'phone' | 'locale'>,
  key: string,
  values: Record<string, string>,
  at: number,
): Promise<void> {
  const [channel, recipient] = person.email ? (['email', person.email] as const) : (['sms', person.phone] as const);
  await queueMessage(db, { channel, recipient, ...outgoingMessage(key, localeOfPerson(person.locale), values) }, at);
}
