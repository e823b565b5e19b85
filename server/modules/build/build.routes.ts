import fp from 'fastify-plugin';
import { LATEST_BUILD_PATH } from '../../../domain/runtime-config';
import latestBuildRoute from './latest-build.route';

/** The build a client compares its own with, at the path the client asks (LATEST_BUILD_PATH). */
export default fp(
  async (app) => {
    await app.register(latestBuildRoute, { prefix: LATEST_BUILD_PATH });
  },
  { name: 'build-routes', encapsulate: true, dependencies: ['client'] },
);
