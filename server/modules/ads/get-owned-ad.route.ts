import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adDetailSchema } from '../../../domain/ad';
import { ERROR_CODES } from '../../../domain/errors';
import { AppError } from '../../errors';
import { findAdDetail } from './ads.repository';
import { requireUser } from '../auth/session.plugin';
import { slugParamsSchema } from '../../../domain/slug';

/** An ad as its owner manages it, drafts included. Anyone else is refused, signed in or not. */
const getOwnedAdRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/my/ads/:slug',
    { schema: { params: slugParamsSchema, response: { 200: adDetailSchema } } },
    async (request) => {
      const user = requireUser(request);
      const found = await findAdDetail(app.db, request.params.slug);
      if (!found || found.ad.status === 'DELETED') throw new AppError(ERROR_CODES.NOT_FOUND);
      if (found.ownerId !== user.id) throw new AppError(ERROR_CODES.FORBIDDEN);
      return found.ad;
    },
  );
};
export default getOwnedAdRoute;
