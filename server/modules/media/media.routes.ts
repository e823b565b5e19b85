import fp from 'fastify-plugin';
import serveMediaRoute from './serve-media.route';
import uploadMediaRoute from './upload-media.route';

/** Uploads under /api/media; the stored files themselves under /media, outside the API. */
export default fp(
  async (app) => {
    await app.register(uploadMediaRoute, { prefix: '/api/media' });
    await app.register(serveMediaRoute, { prefix: '/media' });
  },
  { name: 'media-routes', encapsulate: true, dependencies: ['database', 'sessions', 'media', 'rate-limits'] },
);
