import fp from 'fastify-plugin';
import { SOCKET_EVENTS, userRoom } from '../../../domain/realtime-events';
import { createPaymentService, type PaymentService } from './payment-service';
import { createSandboxGateway } from './sandbox.gateway';
import { stripeFormRoutes } from './stripe-forms';
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
    if (stripe) await app.register(stripeFormRoutes, stripe);
    // The payer's open pages hear at once when an answer settles a payment, a late webhook's too.
    const tellPayer = (payment: { id: string; user_id: string }) => app.io.to(userRoom(payment.user_id)).emit(SOCKET_EVENTS.PAYMENT_SETTLED, { paymentId: payment.id });
    app.decorate('payments', createPaymentService(app.db, gateway, app.now, tellPayer));
  },
  { name: 'payments', dependencies: ['config', 'database', 'clock', 'sandbox-provider', 'realtime'] },
);
