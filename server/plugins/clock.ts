import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Server time in ms since the epoch: the only clock any rule reads (DESIGN.md section 2). */
    now: () => number;
  }
  interface FastifyRequest {
    /**
     * Server time when the request arrived, read before any other hook: a bid counts by when it was
     * received, not by how long the session lookup waited for the database.
     */
    receivedAt: number;
  }
}

export default fp<{ now?: () => number }>(
  async (app, { now }) => {
    app.decorate('now', now ?? Date.now);
    app.decorateRequest('receivedAt', 0);
    app.addHook('onRequest', (request, _reply, done) => {
      request.receivedAt = app.now();
      done();
    });
  },
  { name: 'clock' },
);
