import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES } from '../../../domain/errors';
import type { OwnerNegotiationAnswer } from '../../../domain/negotiation';
import { ownerAnswerParamsSchema, ownerAnswerSchema } from '../../../domain/negotiation-schemas';
import { NEGOTIATION_EVENTS, type NegotiationCommand } from '../../../machines/negotiation.machine';
import { AppError } from '../../errors';
import { requireUser } from '../auth/session.plugin';

/** The owner accepts an offer (the ad is then held for that buyer to order), rejects it, or counters it once. */
const answerOfferRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/offers/:negotiationId/:answer',
    { schema: { params: ownerAnswerParamsSchema, body: ownerAnswerSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const user = requireUser(request);
      const { slug, negotiationId, answer } = request.params;
      const { amount, idempotencyKey } = request.body;
      if (answer === 'counter' && amount === undefined) throw new AppError(ERROR_CODES.COUNTER_OUT_OF_RANGE);
      const eventOf: Record<OwnerNegotiationAnswer, (at: number) => NegotiationCommand> = {
        accept: (at) => ({ type: NEGOTIATION_EVENTS.ACCEPT, by: user.id, at }),
        reject: (at) => ({ type: NEGOTIATION_EVENTS.REJECT, by: user.id, at }),
        counter: (at) => ({ type: NEGOTIATION_EVENTS.COUNTER, by: user.id, amount: amount!, at }),
      };
      await app.negotiations.run({ slug, userId: user.id, idempotencyKey, negotiationId, command: `NEGOTIATION_${answer.toUpperCase()}`, event: eventOf[answer] });
      return reply.code(204).send(null);
    },
  );
};
export default answerOfferRoute;
