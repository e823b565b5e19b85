import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import { SESSION_COOKIE } from '../../domain/auth';
import { readCookie } from '../../domain/locale';
import { type ClientToServerEvents, type ServerToClientEvents, SOCKET_EVENTS, userRoom } from '../../domain/realtime-events';

/**
 * What the server knows of a socket's person: the session cookie's user at connection (null for a
 * visitor), and the session it belongs to, so each command checks the session still stands.
 */
export interface SocketData {
  userId: string | null;
  /** The session the socket signed in with, checked again with each command it sends. */
  sessionId: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    io: Server<ClientToServerEvents, ServerToClientEvents, Record<never, never>, SocketData>;
  }
}

/** socket.io on the same HTTP server as the API, signed in by the same session cookie. */
export default fp(
  async (app) => {
    const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<never, never>, SocketData>(app.server, { serveClient: false });
    io.use((socket, next) => {
      const token = readCookie(socket.handshake.headers.cookie, SESSION_COOKIE);
      const signIn = token ? app.sessions.userOfToken(token) : Promise.resolve(null);
      signIn.then(
        (user) => {
          socket.data.userId = user?.id ?? null;
          socket.data.sessionId = user?.sessionId ?? null;
          next();
        },
        (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
      );
    });
    io.on('connection', (socket) => {
      if (socket.data.userId) void socket.join(userRoom(socket.data.userId));
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
  { name: 'realtime', dependencies: ['clock', 'sessions'] },
);
