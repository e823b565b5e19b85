import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { makeOfferSchema, negotiationSchema } from '../../../domain/negotiation-schemas';
import { slugParamsSchema } from '../../../domain/slug';
import { NEGOTIATION_EVENTS } from '../../../machines/negotiation.machine';
import { requireUser } from '../auth/session.plugin';
import { answerWithNegotiation } from './negotiation-answer';

/** A buyer offers a price below the ad's, within their limit of offers on it. */
const makeOfferRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/negotiation/offers',
    { schema: { params: slugParamsSchema, body: makeOfferSchema, response: { 201: negotiationSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      const { amount, idempotencyKey } = request.body;
      await app.negotiations.run({ slug: request.params.slug, userId: user.id, idempotencyKey, command: 'NEGOTIATION_OFFER', event: (at) => ({ type: NEGOTIATION_EVENTS.OFFER, by: user.id, amount, at }) });
      return reply.code(201).send(await answerWithNegotiation(app, request.params.slug, user.id));
    },
  );
};
export default makeOfferRoute;
