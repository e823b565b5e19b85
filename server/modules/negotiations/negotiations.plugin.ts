import fp from 'fastify-plugin';
import { MINUTE_MS } from '../../../domain/timing';
import answerOfferRoute from './answer-offer.route';
import getNegotiationRoute from './get-negotiation.route';
import listReceivedOffersRoute from './list-received-offers.route';
import makeOfferRoute from './make-offer.route';
import moveNegotiationRoute from './move-negotiation.route';
import { createNegotiationService, type NegotiationService } from './negotiation-service';

declare module 'fastify' {
  interface FastifyInstance {
    negotiations: NegotiationService;
  }
}

/** How often each node writes the status the clock gave negotiations; every read already places them at its own time. */
const NEGOTIATION_DEADLINE_INTERVAL_MS = MINUTE_MS;

/** Offers below an instant sale's price, the owner's answers, and ordering at the agreed price, under /api/ads/:slug. */
export default fp(
  async (app) => {
    const negotiations = createNegotiationService(app);
    app.decorate('negotiations', negotiations);
    const timer = setInterval(() => {
      negotiations.applyDeadlines().catch((error: unknown) => app.log.error({ err: error }, 'moving negotiations past their deadlines failed'));
    }, NEGOTIATION_DEADLINE_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));

    await app.register(
      async (routes) => {
        await routes.register(getNegotiationRoute);
        await routes.register(makeOfferRoute);
        await routes.register(moveNegotiationRoute);
        await routes.register(listReceivedOffersRoute);
        await routes.register(answerOfferRoute);
      },
      { prefix: '/api/ads/:slug' },
    );
  },
  { name: 'negotiations', dependencies: ['database', 'clock', 'sessions', 'orders', 'messages', 'realtime'] },
);
