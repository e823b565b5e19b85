import fp from 'fastify-plugin';
import { DEV_OUTBOX_PATH } from '../../../domain/runtime-config';
import { devToolRoute } from '../../local-request';
import devOutboxRoute from './dev-outbox.route';

/** The messages the product would have sent, at the path the dev tools read (DEV_OUTBOX_PATH). */
export default fp(
  async (app) => {
    await app.register(devToolRoute(devOutboxRoute), { prefix: DEV_OUTBOX_PATH });
  },
  { name: 'outbox-routes', encapsulate: true, dependencies: ['config', 'database'] },
);
