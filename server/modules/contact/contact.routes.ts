import fp from 'fastify-plugin';
import submitContactMessageRoute from './submit-contact-message.route';

/** The contact form's messages to the marketplace, under /api/contact. */
export default fp(
  async (app) => {
    await app.register(submitContactMessageRoute, { prefix: '/api/contact' });
  },
  { name: 'contact-routes', encapsulate: true, dependencies: ['database', 'clock', 'messages', 'rate-limits'] },
);
