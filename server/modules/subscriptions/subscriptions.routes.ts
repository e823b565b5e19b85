import fp from 'fastify-plugin';
import { transition } from 'xstate';
import { subscriptionMachine } from '../../../machines/subscription.machine';
import cancelSubscriptionRoute from './cancel-subscription.route';
import checkoutRoute, { SUBSCRIPTION_PURPOSE } from './checkout.route';
import listMySubscriptionsRoute from './list-my-subscriptions.route';
import listPackagesRoute from './list-packages.route';
import { subscriptionRows, subscriptionStateOfRow } from './subscription-records';

/** Advertising packages and the person's subscriptions, under /api/subscriptions. */
export default fp(
  async (app) => {
    // A subscription becomes active in the transaction that records its payment's success, and only once.
    app.payments.registerPurpose(SUBSCRIPTION_PURPOSE, {
      issuesReceipt: true,
      async succeeded(trx, payment, at) {
        const row = await subscriptionRows(trx).where('s.id', '=', payment.subject_id).executeTakeFirstOrThrow();
        const state = subscriptionStateOfRow(row, at);
        const event = { type: 'PAYMENT_SUCCEEDED', at } as const;
        if (!state.can(event)) return;
        const [active] = transition(subscriptionMachine, state, event);
        await trx
          .updateTable('subscriptions')
          .set({ status: 'ACTIVE', paid_at: at, starts_at: at, ends_at: active.context.endsAt, payment_id: payment.id })
          .where('id', '=', row.id)
          .where('status', '=', 'PENDING_PAYMENT')
          .execute();
      },
    });
    await app.register(
      async (subscriptions) => {
        await subscriptions.register(listPackagesRoute);
        await subscriptions.register(checkoutRoute);
        await subscriptions.register(listMySubscriptionsRoute);
        await subscriptions.register(cancelSubscriptionRoute);
      },
      { prefix: '/api/subscriptions' },
    );
  },
  { name: 'subscriptions-routes', encapsulate: true, dependencies: ['database', 'clock', 'sessions', 'payments'] },
);
