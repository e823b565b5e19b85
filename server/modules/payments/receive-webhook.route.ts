import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The provider's signed notice that a payment changed. The signature covers the exact bytes sent, so the body is kept as text. */
const receiveWebhookRoute: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
  app.withTypeProvider<ZodTypeProvider>().post(
    '/webhooks/:provider',
    { schema: { params: z.object({ provider: z.literal(app.payments.gateway.provider) }), body: z.string(), response: { 204: z.null() } } },
    async (request, reply) => {
      await app.payments.receiveWebhook(request.body, request.headers);
      return reply.code(204).send(null);
    },
  );
};
export default receiveWebhookRoute;
