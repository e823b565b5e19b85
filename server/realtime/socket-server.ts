import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import type { AuctionChange } from '../../domain/auction';
import { SESSION_COOKIE } from '../../domain/auth';
import { ERROR_CODES } from '../../domain/errors';
import { readCookie } from '../../domain/locale';
import { type ClientToServerEvents, type ServerToClientEvents, SOCKET_EVENTS, type SocketCommandRefusal, userRoom } from '../../domain/realtime-events';
import { errorMessage, localeOfRequest } from '../i18n';
import { siteOrigins } from '../site-origins';

/** What the server knows of a socket's person: the session cookie's user at connection (null for a visitor). */
export interface SocketData {
  userId: string | null;
}

/**
 * What one server node tells the others (`app.cluster.toOtherNodes`), for their own sockets: an
 * auction's changes, which each node merges and paces with its own before its watchers hear them.
 */
export interface NodeToNodeEvents {
  [SOCKET_EVENTS.AUCTION_CHANGED]: (change: AuctionChange) => void;
  [SOCKET_EVENTS.AD_REMOVED]: (removal: { adId: string }) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    io: Server<ClientToServerEvents, ServerToClientEvents, NodeToNodeEvents, SocketData>;
  }
}

const COMMAND_WINDOW_MS = 1_000;

/**
 * How many commands a socket has sent in its current second, counted on the monotonic clock: the
 * limit guards the server's work, which real time measures, whatever the app's clock says.
 */
function commandCounter(limit: number) {
  let windowStartedAt = -Infinity;
  let commands = 0;
  return function allowsAnother(): boolean {
    const now = performance.now();
    if (now - windowStartedAt >= COMMAND_WINDOW_MS) {
      windowStartedAt = now;
      commands = 0;
    }
    commands += 1;
    return commands <= limit;
  };
}

/** socket.io on the same HTTP server as the API, signed in by the same session cookie. */
export default fp(
  async (app) => {
    const allowedOrigins = new Set(siteOrigins(app.config));
    const io = new Server<ClientToServerEvents, ServerToClientEvents, NodeToNodeEvents, SocketData>(app.server, {
      serveClient: false,
      // A browser names the page's origin on every cross-site request, so a page elsewhere cannot open a
      // socket carrying its visitor's session cookie. Without Origin it is a same-origin polling request
      // or not a browser at all, and has no one's cookie to borrow.
      allowRequest: (request, answer) => {
        const origin = request.headers.origin;
        answer(null, origin === undefined || allowedOrigins.has(origin));
      },
    });
    io.use((socket, next) => {
      const token = readCookie(socket.handshake.headers.cookie, SESSION_COOKIE);
      const signIn = token ? app.sessions.userOfToken(token) : Promise.resolve(null);
      signIn.then(
        (user) => {
          socket.data.userId = user?.id ?? null;
          next();
        },
        (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
      );
    });
    io.on('connection', (socket) => {
      if (socket.data.userId) void socket.join(userRoom(socket.data.userId));
      // Past its rate a socket's commands are answered RATE_LIMITED and go no further; what the server
      // sends it (its rooms' broadcasts) is never held back.
      const allowsAnother = commandCounter(app.config.socketCommandsPerSecond);
      const rateLimited: SocketCommandRefusal = { ok: false, error: { code: ERROR_CODES.RATE_LIMITED, message: errorMessage(ERROR_CODES.RATE_LIMITED, localeOfRequest(socket.handshake.headers)) } };
      socket.use((packet, next) => {
        if (allowsAnother()) return next();
        const ack: unknown = packet.at(-1);
        if (typeof ack === 'function') ack(rateLimited);
      });
      // Clients estimate their clock offset from these answers and draw every countdown in server time.
      socket.on(SOCKET_EVENTS.CLOCK_PING, (ack) => {
        if (typeof ack === 'function') ack({ serverTime: app.now() });
      });
    });
    app.decorate('io', io);
    // Fastify closes the HTTP server itself; socket.io only has to let its clients go.
    app.addHook('preClose', async () => {
      io.disconnectSockets(true);
      io.engine.close();
    });
  },
  { name: 'realtime', dependencies: ['config', 'clock', 'sessions'] },
);
