import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGE_CHANNELS, type MessageChannel } from '../delivery/message-sender';

const outboxSchema = z.array(
  z.object({
    id: z.string(),
    channel: z.enum(MESSAGE_CHANNELS),
    recipient: z.string(),
    subject: z.string(),
    body: z.string(),
    createdAt: z.number(),
  }),
);

/** The messages the product would have sent, newest first. Registered outside production only. */
const devOutboxRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '',
    {
      schema: {
        querystring: z.object({ recipient: z.string().optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: outboxSchema },
      },
    },
    async (request) => {
      let query = app.db.selectFrom('outbox').selectAll().orderBy('created_at', 'desc').limit(request.query.limit);
      if (request.query.recipient) query = query.where('recipient', '=', request.query.recipient);
      const rows = await query.execute();
      return rows.map(({ created_at, channel, ...row }) => ({ ...row, channel: channel as MessageChannel, createdAt: created_at }));
    },
  );
};
export default devOutboxRoute;
