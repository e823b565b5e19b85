import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Server time in ms since the epoch: the only clock any rule reads (DESIGN.md section 2). */
    now: () => number;
  }
}

export default fp<{ now?: () => number }>(
  async (app, { now }) => {
    app.decorate('now', now ?? Date.now);
  },
  { name: 'clock' },
);
