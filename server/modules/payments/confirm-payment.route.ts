import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { confirmPaymentSchema, paymentParamsSchema, paymentSchema } from '../../../domain/payments';
import { localeOfRequest } from '../../i18n';
import { siteOrigins } from '../../site-origins';
import { requireUser } from '../auth/session.plugin';

/**
 * A try at one of the person's payments: the token the provider's card form made, or the start of a
 * wallet's approval. The same idempotency key gives the first answer again; a payment already paid is
 * answered as it stands and charged nothing more.
 */
const confirmPaymentRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/:paymentId/confirm',
    { schema: { params: paymentParamsSchema, body: confirmPaymentSchema, response: { 200: paymentSchema } } },
    async (request) => {
      const user = requireUser(request);
      const locale = localeOfRequest(request.headers);
      const payment = await app.payments.ofUser(request.params.paymentId, user.id);
      // Back to the origin the person pays from, when it is one of the site's, so their session cookie goes with them.
      const { origin } = request.headers;
      const returnUrl = new URL(request.body.returnPath, origin && siteOrigins(app.config).includes(origin) ? origin : app.config.publicUrl).href;
      const confirmed = await app.payments.confirm(payment, { token: request.body.token, returnUrl, idempotencyKey: request.body.idempotencyKey });
      return app.payments.viewOf(confirmed, locale);
    },
  );
};
export default confirmPaymentRoute;
