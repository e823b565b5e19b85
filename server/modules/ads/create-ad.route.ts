import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adCommandResultSchema, createAdSchema } from '../../../domain/ad-form';
import { slugify } from '../../../domain/slug';
import { requireUser } from '../auth/session.plugin';
import { adBodyRefusal, ownerCountryOf, saveAd } from './ad-records';
import { indexAdForSearch } from './search-index';

/** A new ad of one sale type: saved as a draft at any point, or published at once when complete. */
const createAdRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '',
    { schema: { body: createAdSchema, response: { 201: adCommandResultSchema } }, schemaErrorFormatter: adBodyRefusal },
    async (request, reply) => {
      const user = requireUser(request);
      const { type, fields, publish } = request.body;
      const id = randomUUID();
      // The slug is made once, from the first title: a shared link keeps working after edits.
      const slug = slugify(fields.title ?? '', id.slice(0, 8));
      const status = await app.db.transaction().execute(async (trx) => {
        const saved = await saveAd(trx, null, { id, slug, type, input: fields, publish, ownerId: user.id, ownerCountry: await ownerCountryOf(trx, user.id), now: app.now() });
        await indexAdForSearch(trx, id);
        return saved;
      });
      await app.auctionDeadlines.rearm(id);
      return reply.code(201).send({ slug, status });
    },
  );
};
export default createAdRoute;
