import fp from 'fastify-plugin';
import type { ServerConfig } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    config: ServerConfig;
  }
}

export default fp<{ config: ServerConfig }>(
  async (app, { config }) => {
    app.decorate('config', config);
  },
  { name: 'config' },
);
