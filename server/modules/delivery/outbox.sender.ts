import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { MessageSender } from './message-sender';

/**
 * The channels no provider is configured for: the message lands in the local outbox table, where
 * development and tests read it back (GET /api/dev/outbox).
 */
export function createOutboxSender(db: Kysely<Database>, now: () => number): MessageSender {
  return {
    async deliver(message) {
      await db
        .insertInto('outbox')
        .values({ id: randomUUID(), ...message, created_at: now() })
        .execute();
    },
  };
}
