import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { OutgoingMessage } from './message-sender';

/**
 * Keeps a message sent unasked to be sent in the background (`app.messages` drains them): written in
 * the transaction of the change it tells of, it leaves only if that change commits, and is not lost
 * to a restart after it.
 */
export async function queueMessage(db: Kysely<Database>, message: OutgoingMessage, at: number): Promise<void> {
  await db.insertInto('pending_messages').values({ id: randomUUID(), ...message, next_attempt_at: at, created_at: at }).execute();
}
