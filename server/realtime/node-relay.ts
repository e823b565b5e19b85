import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { ServerToClientEvents } from '../../domain/realtime-events';
import type { Database } from '../db/schema';

/** The PostgreSQL channel every node listens on. */
const RELAY_CHANNEL = 'socket_relay';
/** PostgreSQL refuses a notification of 8,000 bytes or more; a longer message is kept in `relayed_messages` and its id sent instead. */
export const LONGEST_NOTIFICATION_BYTES = 7_999;
/** A long message is read by the other nodes within moments of its commit; after a minute it is swept away. */
const RELAYED_MESSAGE_RETENTION_MS = 60_000;
/** How soon a node whose listening connection broke (a database restart, a failover) listens again. */
const RELISTEN_DELAY_MS = 1_000;

type RoomEvent = keyof ServerToClientEvents;
type PayloadOf<Event extends RoomEvent> = Parameters<ServerToClientEvents[Event]>[0];

/** What a node says to some rooms, as it reaches the sockets in those rooms on the other nodes. */
export interface RoomMessage<Event extends RoomEvent = RoomEvent> {
  rooms: string[];
  event: Event;
  payload: PayloadOf<Event>;
}

/** A notification: from which node, and the message itself or the id it is kept under. */
type Notification = { node: string; message: RoomMessage } | { node: string; storedAs: string };

declare module 'fastify' {
  interface FastifyInstance {
    relay: {
      /**
       * Says `message` to its rooms' sockets on the other server nodes; this node's own sockets are
       * the caller's to tell. Given a transaction, the other nodes hear it once it commits, never if
       * it rolls back, and in the order of the commits (PostgreSQL's NOTIFY). Nothing on SQLite: one
       * node serves everything.
       */
      toOtherNodes<Event extends RoomEvent>(db: Kysely<Database>, message: RoomMessage<Event>): Promise<void>;
      /**
       * How messages of `event` from other nodes reach this node's sockets, instead of going straight
       * to their rooms: the auction broadcaster takes them, to keep each room's changes in `seq` order.
       */
      deliverWith<Event extends RoomEvent>(event: Event, deliver: (payload: PayloadOf<Event>) => void): void;
    };
  }
}

/**
 * Several server nodes on one PostgreSQL (DESIGN.md section 6): what one node says to a room reaches
 * the sockets in that room on every other node. Each node listens on one channel; a command's
 * transaction notifies it, so the other nodes hear each change when it commits and in commit order,
 * while the committing node tells its own sockets at once, without the round trip through the
 * database. (socket.io's PostgreSQL adapter publishes after the command, outside its transaction, and
 * holds the node's own sockets until its NOTIFY is answered: a round trip more for every watcher, and
 * two quick changes could reach them out of order.) A node that was not listening for a moment (its
 * connection broke) misses what was said meanwhile; its watchers find the gap in `seq` at the next
 * change and fetch the snapshot, as after any missed broadcast (DESIGN.md section 4).
 */
export default fp(
  async (app) => {
    const settings = app.config.database;
    if (settings.dialect !== 'postgres') {
      app.decorate('relay', { toOtherNodes: async () => {}, deliverWith: () => {} });
      return;
    }
    const node = randomUUID();
    const deliverers = new Map<RoomEvent, (payload: never) => void>();
    let closing = false;
    let listener: pg.Client | undefined;
    let relistenTimer: NodeJS.Timeout | undefined;
    // Notifications arrive in commit order; one that must be read from the table first holds up the
    // ones after it, which are delivered once it is.
    let delivered = Promise.resolve();

    function deliverHere<Event extends RoomEvent>({ rooms, event, payload }: RoomMessage<Event>) {
      const deliver = deliverers.get(event) as ((payload: PayloadOf<Event>) => void) | undefined;
      if (deliver) return deliver(payload);
      app.io.local.to(rooms).emit(event, ...([payload] as Parameters<ServerToClientEvents[Event]>));
    }

    async function messageOf(notification: Notification): Promise<RoomMessage | null> {
      if ('message' in notification) return notification.message;
      const stored = await app.db.selectFrom('relayed_messages').select('body').where('id', '=', notification.storedAs).executeTakeFirst();
      return stored ? (JSON.parse(stored.body) as RoomMessage) : null;
    }

    function receive(payload: string) {
      const notification = JSON.parse(payload) as Notification;
      if (notification.node === node) return;
      const reading = messageOf(notification).catch((error: unknown) => {
        app.log.error({ err: error }, 'reading a message from another node failed');
        return null;
      });
      delivered = delivered.then(async () => {
        const message = await reading;
        try {
          if (message) deliverHere(message);
        } catch (error) {
          app.log.error({ err: error }, 'delivering a message from another node failed');
        }
      });
    }

    async function listen(): Promise<void> {
      const client = new pg.Client({ connectionString: settings.connectionString });
      client.on('notification', ({ payload }) => {
        if (payload) receive(payload);
      });
      client.on('error', (error) => app.log.warn({ err: error }, 'the connection listening to the other nodes broke'));
      client.on('end', () => {
        if (listener === client) listener = undefined;
        relistenSoon();
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${RELAY_CHANNEL}`);
      } catch (error) {
        await client.end().catch(() => {});
        throw error;
      }
      listener = client;
    }

    function relistenSoon() {
      if (closing || relistenTimer) return;
      relistenTimer = setTimeout(() => {
        relistenTimer = undefined;
        listen().catch((error: unknown) => {
          app.log.warn({ err: error }, 'listening to the other nodes again failed');
          relistenSoon();
        });
      }, RELISTEN_DELAY_MS);
    }

    async function toOtherNodes<Event extends RoomEvent>(db: Kysely<Database>, message: RoomMessage<Event>): Promise<void> {
      const inline = JSON.stringify({ node, message } satisfies Notification);
      if (Buffer.byteLength(inline) <= LONGEST_NOTIFICATION_BYTES) {
        await sql`SELECT pg_notify(${RELAY_CHANNEL}, ${inline})`.execute(db);
        return;
      }
      const id = randomUUID();
      await db.insertInto('relayed_messages').values({ id, body: JSON.stringify(message), created_at: app.now() }).execute();
      await sql`SELECT pg_notify(${RELAY_CHANNEL}, ${JSON.stringify({ node, storedAs: id } satisfies Notification)})`.execute(db);
    }

    // Listening before the node takes its first command, so nothing committed after it is ready passes it by.
    await listen();
    const sweeper = setInterval(() => {
      app.db
        .deleteFrom('relayed_messages')
        .where('created_at', '<=', app.now() - RELAYED_MESSAGE_RETENTION_MS)
        .execute()
        .catch((error: unknown) => app.log.error({ err: error }, 'sweeping relayed messages failed'));
    }, RELAYED_MESSAGE_RETENTION_MS);
    sweeper.unref();

    app.decorate('relay', {
      toOtherNodes,
      deliverWith(event, deliver) {
        deliverers.set(event, deliver as (payload: never) => void);
      },
    });
    app.addHook('onClose', async () => {
      closing = true;
      clearInterval(sweeper);
      clearTimeout(relistenTimer);
      await listener?.end();
    });
  },
  { name: 'node-relay', dependencies: ['config', 'clock', 'database', 'realtime'] },
);
