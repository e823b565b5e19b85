import fp from 'fastify-plugin';
import { createPaymentService, type PaymentService } from './payment-service';
import { createSandboxGateway } from './sandbox.gateway';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentService;
  }
}

/** The payment layer every purchase goes through, over the configured provider's gateway. */
export default fp(
  async (app) => {
    const gateway = createSandboxGateway(app.sandboxProvider, app.config.payments.sandbox.webhookSecret, app.now);
    app.decorate('payments', createPaymentService(app.db, gateway, app.now));
  },
  { name: 'payments', dependencies: ['config', 'database', 'clock', 'sandbox-provider'] },
);
