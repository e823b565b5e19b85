import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import { type ClientToServerEvents, type ServerToClientEvents, SOCKET_EVENTS } from '../../domain/realtime-events';

declare module 'fastify' {
  interface FastifyInstance {
    io: Server<ClientToServerEvents, ServerToClientEvents>;
  }
}

/** socket.io on the same HTTP server as the API. */
export default fp(
  async (app) => {
    const io = new Server<ClientToServerEvents, ServerToClientEvents>(app.server, { serveClient: false });
    io.on('connection', (socket) => {
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
  { name: 'realtime', dependencies: ['clock'] },
);
