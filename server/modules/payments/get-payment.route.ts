import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { paymentParamsSchema, paymentSchema } from '../../../domain/payments';
import { localeOfRequest } from '../../i18n';
import { requireUser } from '../auth/session.plugin';

/** One of the person's payments, as the server last recorded it. */
const getPaymentRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get('/:paymentId', { schema: { params: paymentParamsSchema, response: { 200: paymentSchema } } }, async (request) => {
    const user = requireUser(request);
    return app.payments.viewOf(await app.payments.ofUser(request.params.paymentId, user.id), localeOfRequest(request.headers));
  });
};
export default getPaymentRoute;
