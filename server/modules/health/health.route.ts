import { sql } from 'kysely';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
  buildId: z.string(),
  serverTime: z.number(),
});

/** Liveness and readiness in one: answers only when the database answers too. */
const healthRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get('', { schema: { response: { 200: healthSchema } } }, async () => {
    await sql`select 1`.execute(app.db);
    return { status: 'ok' as const, database: app.dialect, buildId: app.buildInfo.buildId, serverTime: app.now() };
  });
};
export default healthRoute;
