import fp from 'fastify-plugin';
import { MINUTE_MS } from '../../../domain/timing';
import buyAdRoute from './buy-ad.route';
import cancelOrderRoute from './cancel-order.route';
import chooseCashOnDeliveryRoute from './choose-cash-on-delivery.route';
import confirmDeliveryRoute from './confirm-delivery.route';
import getOrderRoute from './get-order.route';
import listOrdersRoute from './list-orders.route';
import offerNextBidderRoute from './offer-next-bidder.route';
import { createOrderService, ORDER_PURPOSE, type OrderService } from './order-service';
import payOrderRoute from './pay-order.route';
import shipOrderRoute from './ship-order.route';

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrderService;
  }
}

/** How often each node moves the orders whose deadlines passed; a page shows a passed deadline at once anyway, from the machine. */
export const ORDER_DEADLINE_INTERVAL_MS = MINUTE_MS;

/** Orders, from the sale that makes one to completed or cancelled, under /api/orders. */
export default fp(
  async (app) => {
    const orders = createOrderService(app);
    app.decorate('orders', orders);
    app.payments.registerPurpose(ORDER_PURPOSE, {
      issuesReceipt: false,
      succeeded: (trx, payment, at) => orders.paymentSucceeded(trx, payment, at),
      afterSuccess: (payment) => orders.afterPaymentSucceeded(payment),
      stillWanted: (payment) => orders.awaitsPayment(payment),
    });

    const timer = setInterval(() => {
      orders.applyDeadlines().catch((error: unknown) => app.log.error({ err: error }, 'moving orders past their deadlines failed'));
    }, ORDER_DEADLINE_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
    app.addHook('onReady', async () => {
      await orders.applyDeadlines();
    });

    await app.register(
      async (routes) => {
        await routes.register(listOrdersRoute);
        await routes.register(getOrderRoute);
        await routes.register(buyAdRoute);
        await routes.register(payOrderRoute);
        await routes.register(chooseCashOnDeliveryRoute);
        await routes.register(shipOrderRoute);
        await routes.register(confirmDeliveryRoute);
        await routes.register(cancelOrderRoute);
        await routes.register(offerNextBidderRoute);
      },
      { prefix: '/api/orders' },
    );
  },
  { name: 'orders', dependencies: ['database', 'clock', 'sessions', 'payments', 'messages', 'realtime', 'auctions'] },
);
