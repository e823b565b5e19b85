import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { paymentParamsSchema, paymentSchema } from '../../../domain/payments';
import { localeOfRequest } from '../../i18n';
import { requireUser } from '../auth/session.plugin';

/** Asks the provider where a payment stands, as the checkout does when the person comes back from a challenge or a wallet. */
const syncPaymentRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post('/:paymentId/sync', { schema: { params: paymentParamsSchema, response: { 200: paymentSchema } } }, async (request) => {
    const user = requireUser(request);
    const synced = await app.payments.sync(await app.payments.ofUser(request.params.paymentId, user.id));
    return app.payments.viewOf(synced, localeOfRequest(request.headers));
  });
};
export default syncPaymentRoute;
