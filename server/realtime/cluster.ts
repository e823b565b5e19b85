import { createAdapter } from '@socket.io/postgres-adapter';
import fp from 'fastify-plugin';
import pg from 'pg';
import { SOCKET_EVENTS } from '../../domain/realtime-events';
import type { NodeToNodeEvents } from './socket-server';

/** How each node's connections to the other nodes name themselves in `pg_stat_activity`. */
export const CLUSTER_APPLICATION_NAME = 'marketplace-cluster';
/** The adapter's channel for the main namespace: its prefix (the default) and the namespace. */
export const CLUSTER_CHANNEL = 'socket.io#/';
/** Where the adapter keeps packets too long for a notification (migration 0008). */
export const ATTACHMENTS_TABLE = 'socket_io_attachments';
/** How soon a node tries again to tell every socket that something said to it may be lost, while the database fails. */
const STALE_WORD_RETRY_MS = 1_000;
/** How long a connection may be silent before TCP asks whether the database is still there. */
const KEEP_ALIVE_DELAY_MS = 10_000;

declare module 'fastify' {
  interface FastifyInstance {
    cluster: {
      /**
       * Tells the other server nodes, whose listeners of `event` on `app.io` take it (this node's are
       * not called). Nothing on SQLite: one node serves everything.
       */
      toOtherNodes<Event extends keyof NodeToNodeEvents>(event: Event, ...args: Parameters<NodeToNodeEvents[Event]>): void;
    };
  }
}

/**
 * Several server nodes on one PostgreSQL (DESIGN.md section 6) reach each other through socket.io's
 * PostgreSQL adapter: what one node says to a room reaches that room's sockets on every node, over
 * LISTEN/NOTIFY, with packets too long for a notification kept in a table. On SQLite the plain
 * in-memory adapter stays.
 *
 * What the adapter cannot do is say when something was lost: a node that is not listening (its
 * connection broke, the database restarted) misses what the others say meanwhile, and a packet it
 * fails to send never reaches them. Whatever a socket shows live may then be stale with no later
 * change to show the gap (an auction's close), so once the node listens again, and after any packet
 * the adapter failed to send or read, every socket on every node is told to fetch what it shows
 * (`SOCKET_EVENTS.LIVE_VIEWS_STALE`).
 */
export default fp(
  async (app) => {
    const settings = app.config.database;
    if (settings.dialect !== 'postgres') {
      app.decorate('cluster', { toOtherNodes: () => {} });
      return;
    }
    // One connection listens; the other sends, so packets go out one after another in the order said.
    const pool = new pg.Pool({
      connectionString: settings.connectionString,
      application_name: CLUSTER_APPLICATION_NAME,
      max: 2,
      // The listening connection is held for good; the sending one is kept rather than opened for each packet.
      idleTimeoutMillis: 0,
      // Keep-alive probes find a connection dropped without a word (a failover, a NAT timeout).
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEP_ALIVE_DELAY_MS,
    });
    // A connection that breaks while idle is reported here; the adapter listens again by itself.
    pool.on('error', (error) => app.log.warn({ err: error }, 'a connection to the other nodes broke'));

    let closing = false;
    let listening = false;
    let listenedBefore = false;
    let staleWordTimer: NodeJS.Timeout | undefined;
    let firstListen!: () => void;
    const listened = new Promise<void>((resolve) => (firstListen = resolve));

    function tellEverySocketItMayBeStale() {
      if (closing) return;
      app.io.emit(SOCKET_EVENTS.LIVE_VIEWS_STALE);
    }

    /** After a packet was lost: the word goes out once the node listens again, or soon if it still does. */
    function somethingWasLost() {
      if (closing || !listening || staleWordTimer) return;
      staleWordTimer = setTimeout(() => {
        staleWordTimer = undefined;
        tellEverySocketItMayBeStale();
      }, STALE_WORD_RETRY_MS);
      staleWordTimer.unref();
    }

    /**
     * The adapter takes its listening connection with `connect()` (and sends and reads packets with
     * `query()`): the node listens on it before handing it over, so it knows when it listens again.
     */
    async function connectListener(): Promise<pg.PoolClient> {
      const client = await pool.connect();
      try {
        await client.query(`LISTEN "${CLUSTER_CHANNEL}"`);
      } catch (error) {
        client.release(error instanceof Error ? error : true);
        throw error;
      }
      // A checked-out connection has no listener of the pool's: its break would otherwise be thrown.
      client.on('error', (error) => app.log.warn({ err: error }, 'the connection listening to the other nodes broke'));
      client.on('end', () => {
        listening = false;
        // Given back broken, so the pool forgets it: counted still, it would leave no room for the next.
        client.release(true);
      });
      listening = true;
      if (!listenedBefore) {
        listenedBefore = true;
        firstListen();
      } else {
        // Once the adapter has its own listeners on the connection: nothing heard from now on passes them by.
        setImmediate(tellEverySocketItMayBeStale);
      }
      return client;
    }
    const adapterPool = Object.assign(Object.create(pool) as pg.Pool, {
      connect: connectListener,
      query: ((text: string, values?: unknown[]) => pool.query(text, values)) as pg.Pool['query'],
    });

    app.io.adapter(
      createAdapter(adapterPool, {
        tableName: ATTACHMENTS_TABLE,
        errorHandler: (error: Error) => {
          app.log.error({ err: error }, 'a packet between nodes was lost');
          somethingWasLost();
        },
      }),
    );
    app.addHook('onClose', async () => {
      closing = true;
      clearTimeout(staleWordTimer);
      // Releases the listening connection and stops the adapter's timers.
      app.io.of('/').adapter.close();
      await pool.end();
    });
    // Listening before the node takes its first command, so nothing said after it is ready passes it by.
    await listened;

    app.decorate('cluster', {
      toOtherNodes(event, ...args) {
        app.io.serverSideEmit(event, ...args);
      },
    });
  },
  { name: 'cluster', dependencies: ['config', 'realtime'] },
);
