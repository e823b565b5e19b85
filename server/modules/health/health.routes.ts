import fp from 'fastify-plugin';
import healthRoute from './health.route';

/** The health check, under /api/health. */
export default fp(
  async (app) => {
    await app.register(healthRoute, { prefix: '/api/health' });
  },
  { name: 'health-routes', encapsulate: true, dependencies: ['database', 'clock', 'client'] },
);
