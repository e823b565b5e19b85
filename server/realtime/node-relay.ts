import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { type ServerToClientEvents, SOCKET_EVENTS } from '../../domain/realtime-events';
import type { Database } from '../db/schema';

/** The PostgreSQL channel every node listens on. */
export const RELAY_CHANNEL = 'socket_relay';
/** How each node's relay connection names itself in `pg_stat_activity`. */
export const RELAY_APPLICATION_NAME = 'marketplace-node-relay';
/** PostgreSQL refuses a notification of 8,000 bytes or more; a longer message is kept in `relayed_messages` and its id sent instead. */
export const LONGEST_NOTIFICATION_BYTES = 7_999;
/** A long message is read by the other nodes within moments of being said; after a minute it is swept away. */
export const RELAYED_MESSAGE_RETENTION_MS = 60_000;
/** How soon a node whose connection broke (a database restart, a failover) listens again. */
const RELISTEN_DELAY_MS = 1_000;
/** How long the connection may be silent before TCP asks whether the database is still there. */
const KEEP_ALIVE_DELAY_MS = 10_000;
/** A notification not answered in this time went into a broken connection, which is then replaced. */
const NOTIFY_TIMEOUT_MS = 5_000;

/** What one node says to rooms on the others. The word that everything live may be stale is the relay's own, to every socket. */
type RoomEvent = Exclude<keyof ServerToClientEvents, typeof SOCKET_EVENTS.LIVE_VIEWS_STALE>;
type PayloadOf<Event extends RoomEvent> = Parameters<ServerToClientEvents[Event]>[0];

/** What a node says to some rooms, as it reaches the sockets in those rooms on the other nodes. */
export interface RoomMessage<Event extends RoomEvent = RoomEvent> {
  rooms: string[];
  event: Event;
  payload: PayloadOf<Event>;
}

/**
 * What a notification carries after the sending node's id and a space: the message itself, or the id
 * it is kept under; or word that the sending node's connection broke and is back, so what it said
 * meanwhile is lost. The id comes first so a node skips its own notifications without parsing them.
 */
type Notification = { message: RoomMessage } | { storedAs: string } | { relistened: true };

/** Whether a parsed notification is one of the relay's own: anyone may NOTIFY on the channel by hand. */
function isNotification(value: unknown): value is Notification {
  if (typeof value !== 'object' || value === null) return false;
  const { message, storedAs, relistened } = value as Record<string, unknown>;
  const isRoomMessage = typeof message === 'object' && message !== null && Array.isArray((message as RoomMessage).rooms) && typeof (message as RoomMessage).event === 'string';
  return isRoomMessage || typeof storedAs === 'string' || relistened === true;
}

declare module 'fastify' {
  interface FastifyInstance {
    relay: {
      /**
       * Says `message` to its rooms' sockets on the other server nodes, after the commit that made
       * it: this node's own sockets are the caller's to tell. Messages said by one node reach the
       * others in the order said. Never fails: a message that cannot be sent is logged, and the
       * watchers that missed it are told to fetch the snapshot once this node's connection is back
       * (`SOCKET_EVENTS.LIVE_VIEWS_STALE`), if no later change showed them the gap first. Nothing on SQLite: one node serves everything.
       */
      toOtherNodes<Event extends RoomEvent>(message: RoomMessage<Event>): void;
      /** Says `message` to its rooms' sockets on this node at once, then on the others (`toOtherNodes`). */
      toAllNodes<Event extends RoomEvent>(message: RoomMessage<Event>): void;
      /**
       * How messages of `event` from other nodes reach this node's sockets, instead of going straight
       * to their rooms: the auction broadcaster takes them, to merge and pace them with its own.
       */
      deliverWith<Event extends RoomEvent>(event: Event, deliver: (payload: PayloadOf<Event>) => void): void;
    };
  }
}

/** Deletes the long messages said a retention period ago or earlier: every node has read them by then. */
export async function sweepRelayedMessages(db: Kysely<Database>, now: number): Promise<void> {
  await db.deleteFrom('relayed_messages').where('created_at', '<=', now - RELAYED_MESSAGE_RETENTION_MS).execute();
}

/**
 * Several server nodes on one PostgreSQL (DESIGN.md section 6): what one node says to a room reaches
 * the sockets in that room on every other node. Each node keeps one connection that listens on one
 * channel and sends its own messages (`pg_notify`) one after another, so the others hear them in the
 * order said; the node tells its own sockets at once, without waiting for the database.
 *
 * The notification is sent after the commit, not from the command's transaction: a transaction that
 * notifies takes PostgreSQL's one notification lock for its commit, and commits on different ads
 * would then be flushed one at a time instead of together. (socket.io's PostgreSQL adapter also
 * publishes outside the transaction, but holds the node's own sockets until its NOTIFY is answered:
 * a round trip more for every watcher.) So two nodes committing changes of one ad within moments of
 * each other may have them heard out of order elsewhere, and the watchers see a gap in `seq` and fetch
 * the snapshot (DESIGN.md section 4). A node whose connection broke neither hears nor says anything
 * until it listens again; then every socket, on every node, fetches what it shows (`SOCKET_EVENTS.LIVE_VIEWS_STALE`).
 */
export default fp(
  async (app) => {
    function emitHere<Event extends RoomEvent>({ rooms, event, payload }: RoomMessage<Event>) {
      app.io.local.to(rooms).emit(event, ...([payload] as Parameters<ServerToClientEvents[Event]>));
    }
    const settings = app.config.database;
    if (settings.dialect !== 'postgres') {
      app.decorate('relay', { toOtherNodes: () => {}, toAllNodes: emitHere, deliverWith: () => {} });
      return;
    }
    const ownPrefix = `${randomUUID()} `;
    const deliverers = new Map<RoomEvent, (payload: never) => void>();
    let closing = false;
    let connection: pg.Client | undefined;
    let relistenTimer: NodeJS.Timeout | undefined;
    // Notifications arrive in the order said; one that must be read from the table first holds up the
    // ones after it (a word that sockets may be stale among them), which are delivered once it is.
    let delivered = Promise.resolve();

    function deliverHere<Event extends RoomEvent>(message: RoomMessage<Event>) {
      const deliver = deliverers.get(message.event) as ((payload: PayloadOf<Event>) => void) | undefined;
      if (deliver) return deliver(message.payload);
      emitHere(message);
    }

    async function messageOf(notification: Exclude<Notification, { relistened: true }>): Promise<RoomMessage | null> {
      if ('message' in notification) return notification.message;
      const stored = await app.db.selectFrom('relayed_messages').select('body').where('id', '=', notification.storedAs).executeTakeFirst();
      if (!stored) app.log.warn({ id: notification.storedAs }, 'a message from another node was swept away before it was read');
      return stored ? (JSON.parse(stored.body) as RoomMessage) : null;
    }

    /**
     * Tells this node's sockets that something said to them may be lost: with no later change to show
     * them the gap (an auction's close), they would show what they have for good. Whatever relayed
     * changes reach them before or after, the snapshot they fetch and the `seq` rule settle it.
     */
    function tellOwnSocketsTheyMayBeStale() {
      app.io.local.emit(SOCKET_EVENTS.LIVE_VIEWS_STALE);
    }

    function receive(payload: string) {
      if (payload.startsWith(ownPrefix)) return;
      let notification: unknown;
      try {
        notification = JSON.parse(payload.slice(payload.indexOf(' ') + 1));
      } catch {
        notification = null;
      }
      // Not one of ours (someone ran NOTIFY by hand): nothing to deliver, and no reason to stop.
      if (!isNotification(notification)) return app.log.warn({ payload }, 'a notification on the relay channel was not a relayed message');
      if ('relistened' in notification) {
        delivered = delivered.then(tellOwnSocketsTheyMayBeStale);
        return;
      }
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
      // Keep-alive probes find a connection dropped without a word (a failover, a NAT timeout), which
      // a listening connection that says nothing for a while would otherwise never notice.
      const client = new pg.Client({ connectionString: settings.connectionString, application_name: RELAY_APPLICATION_NAME, keepAlive: true, keepAliveInitialDelayMillis: KEEP_ALIVE_DELAY_MS, query_timeout: NOTIFY_TIMEOUT_MS });
      client.on('notification', ({ payload }) => {
        if (payload) receive(payload);
      });
      client.on('error', (error) => app.log.warn({ err: error }, 'the connection to the other nodes broke'));
      // Only the connection in use is replaced; one that failed to open is retried by `relistenSoon`.
      client.on('end', () => {
        if (connection !== client) return;
        connection = undefined;
        relistenSoon();
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${RELAY_CHANNEL}`);
      } catch (error) {
        await client.end().catch(() => {});
        throw error;
      }
      if (closing) return void client.end().catch(() => {});
      connection = client;
    }

    const notificationOf = (notification: Notification) => ownPrefix + JSON.stringify(notification);
    const sendNotification = (client: pg.Client, text: string) => client.query('SELECT pg_notify($1, $2)', [RELAY_CHANNEL, text]);

    function relistenSoon() {
      if (closing || relistenTimer) return;
      relistenTimer = setTimeout(() => {
        relistenTimer = undefined;
        listen().then(
          // Lost both ways meanwhile: what the other nodes said to this node's sockets, and what this
          // node said to theirs.
          () => {
            if (closing) return;
            tellOwnSocketsTheyMayBeStale();
            sendOnConnection('relistened', (client) => sendNotification(client, notificationOf({ relistened: true })));
          },
          (error: unknown) => {
            app.log.warn({ err: error }, 'listening to the other nodes again failed');
            relistenSoon();
          },
        );
      }, RELISTEN_DELAY_MS);
      relistenTimer.unref();
    }

    /** Sends a message on the node's one connection; `sendOnConnection` keeps it after the ones sent before it. */
    async function notify(client: pg.Client, message: RoomMessage): Promise<void> {
      const inline = notificationOf({ message });
      if (Buffer.byteLength(inline) <= LONGEST_NOTIFICATION_BYTES) {
        await sendNotification(client, inline);
        return;
      }
      const id = randomUUID();
      await client.query('INSERT INTO relayed_messages (id, body, created_at) VALUES ($1, $2, $3)', [id, JSON.stringify(message), app.now()]);
      await sendNotification(client, notificationOf({ storedAs: id }));
    }

    // The last send begun on each connection: the next waits for it, so messages go out in the order
    // said. pg would queue them itself, but calling it while a query runs is deprecated (pg 9 drops it).
    const lastSends = new WeakMap<pg.Client, Promise<unknown>>();

    /**
     * Runs `send` on the node's one connection once the sends before it there are done; should it
     * fail, the failure is logged under `label` and the connection, most likely broken, replaced.
     */
    function sendOnConnection(label: string, send: (client: pg.Client) => Promise<unknown>) {
      if (!connection) return void app.log.warn({ label }, 'not connected to the other nodes: nothing was relayed');
      const client = connection;
      const sent = (lastSends.get(client) ?? Promise.resolve()).then(() => send(client));
      lastSends.set(client, sent.catch(() => {}));
      sent.catch((error: unknown) => {
        app.log.error({ err: error, label }, 'relaying to the other nodes failed');
        // Closing it makes the node listen again on a new one.
        if (connection === client) void client.end().catch(() => {});
      });
    }

    function toOtherNodes<Event extends RoomEvent>(message: RoomMessage<Event>) {
      sendOnConnection(message.event, (client) => notify(client, message));
    }

    const sweeper = setInterval(() => {
      sweepRelayedMessages(app.db, app.now()).catch((error: unknown) => app.log.error({ err: error }, 'sweeping relayed messages failed'));
    }, RELAYED_MESSAGE_RETENTION_MS);
    sweeper.unref();
    app.addHook('onClose', async () => {
      closing = true;
      clearInterval(sweeper);
      clearTimeout(relistenTimer);
      await connection?.end();
    });
    // Listening before the node takes its first command, so nothing said after it is ready passes it by.
    await listen();

    app.decorate('relay', {
      toOtherNodes,
      toAllNodes(message) {
        emitHere(message);
        toOtherNodes(message);
      },
      deliverWith(event, deliver) {
        deliverers.set(event, deliver as (payload: never) => void);
      },
    });
  },
  { name: 'node-relay', dependencies: ['config', 'clock', 'database', 'realtime'] },
);
