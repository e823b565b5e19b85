import fp from 'fastify-plugin';
import { createPaymentService, type PaymentService } from './payment-service';
import { createSandboxGateway } from './sandbox.gateway';
import { stripeCardFormRoutes } from './stripe-card-form';
import { createStripeGateway } from './stripe.gateway';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentService;
  }
}

/** The payment layer every purchase goes through, over the configured provider's gateway. */
export default fp(
  async (app) => {
    const { stripe } = app.config.payments;
    const gateway = stripe ? createStripeGateway({ ...stripe, now: app.now }) : createSandboxGateway(app.sandboxProvider, app.config.payments.sandbox.webhookSecret, app.now);
    if (stripe) await app.register(stripeCardFormRoutes, { publishableKey: stripe.publishableKey });
    app.decorate('payments', createPaymentService(app.db, gateway, app.now));
  },
  { name: 'payments', dependencies: ['config', 'database', 'clock', 'sandbox-provider'] },
);
