import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buildInfoSchema } from '../../../domain/build-info';

/** Which build this server runs; clients compare it with their own to pick up a newer one. */
const latestBuildRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '',
    {
      // The timestamp query only defeats caches on the way; the answer never depends on it.
      schema: { querystring: z.object({ t: z.string().optional() }), response: { 200: buildInfoSchema } },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return app.buildInfo;
    },
  );
};
export default latestBuildRoute;
