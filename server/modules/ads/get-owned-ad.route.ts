import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ownedAdSchema } from '../../../domain/ad-form';
import { slugParamsSchema } from '../../../domain/slug';
import { requireUser } from '../auth/session.plugin';
import { findOwnedAdRow, loadAd, ownedAdOf } from './ad-records';

/** An ad as its owner edits it, drafts included. Anyone else is refused, signed in or not. */
const getOwnedAdRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/:slug',
    { schema: { params: slugParamsSchema, response: { 200: ownedAdSchema } } },
    async (request) => {
      const user = requireUser(request);
      const row = await findOwnedAdRow(app.db, request.params.slug, user.id);
      return ownedAdOf(await loadAd(app.db, row, app.now()));
    },
  );
};
export default getOwnedAdRoute;
