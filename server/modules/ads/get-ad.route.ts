import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adDetailSchema } from '../../../domain/ad';
import { ERROR_CODES } from '../../../domain/errors';
import { AppError } from '../../errors';
import { findAdDetail } from './ads.repository';
import { slugParamsSchema } from '../../../domain/slug';

/** One published ad as a buyer reads it; drafts and ended ads are not for buyers. */
const getAdRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/ads/:slug',
    { schema: { params: slugParamsSchema, response: { 200: adDetailSchema } } },
    async (request) => {
      const found = await findAdDetail(app.db, request.params.slug);
      if (!found || (found.ad.status === 'DRAFT' && found.ownerId !== request.user?.id)) throw new AppError(ERROR_CODES.NOT_FOUND);
      if (found.ad.status === 'ENDED' || found.ad.status === 'DELETED') throw new AppError(ERROR_CODES.PRODUCT_UNAVAILABLE);
      return found.ad;
    },
  );
};
export default getAdRoute;
