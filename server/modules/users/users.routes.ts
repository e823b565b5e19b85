import fp from 'fastify-plugin';
import getPublicUserRoute from './get-public-user.route';

/** People as others see them, under /api/users. */
export default fp(
  async (app) => {
    await app.register(getPublicUserRoute, { prefix: '/api/users' });
  },
  { name: 'users-routes', encapsulate: true, dependencies: ['database', 'clock'] },
);
