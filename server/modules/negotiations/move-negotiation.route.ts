import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderCommandSchema } from '../../../domain/orders';
import type { BuyerNegotiationAction } from '../../../domain/negotiation';
import { buyerNegotiationParamsSchema, negotiationSchema } from '../../../domain/negotiation-schemas';
import { NEGOTIATION_EVENTS } from '../../../machines/negotiation.machine';
import { requireUser } from '../auth/session.plugin';
import { answerWithNegotiation } from './negotiation-answer';

const EVENT_OF_ACTION = {
  withdraw: NEGOTIATION_EVENTS.WITHDRAW,
  'accept-counter': NEGOTIATION_EVENTS.ACCEPT_COUNTER,
  'decline-counter': NEGOTIATION_EVENTS.DECLINE_COUNTER,
  order: NEGOTIATION_EVENTS.ORDER,
} as const satisfies Record<BuyerNegotiationAction, string>;

/**
 * The buyer's moves on their own negotiation: withdraw the open offer, accept or decline the owner's
 * counter-offer, or order at the agreed price (the order is then in the answer's `orderId`).
 */
const moveNegotiationRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/negotiation/:action',
    { schema: { params: buyerNegotiationParamsSchema, body: orderCommandSchema, response: { 200: negotiationSchema } } },
    async (request) => {
      const user = requireUser(request);
      const { slug, action } = request.params;
      const type = EVENT_OF_ACTION[action];
      await app.negotiations.run({ slug, userId: user.id, idempotencyKey: request.body.idempotencyKey, command: `NEGOTIATION_${type}`, event: (at) => ({ type, by: user.id, at }) });
      return answerWithNegotiation(app, slug, user.id);
    },
  );
};
export default moveNegotiationRoute;
