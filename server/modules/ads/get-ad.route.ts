import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adPhaseOf, isAuctionType, isOfferedIn } from '../../../domain/ad';
import { adDetailSchema } from '../../../domain/ad-schemas';
import { ERROR_CODES } from '../../../domain/errors';
import { COUNTRY_COOKIE, readCookie } from '../../../domain/locale';
import { slugParamsSchema } from '../../../domain/slug';
import { AppError } from '../../errors';
import { isAuctionStillShown } from '../auctions/auction-records';
import { findAdDetail } from './ads.repository';

/**
 * One published ad as a buyer reads it. Drafts are only their owner's; an ended or deleted ad is no
 * longer available; an ad not offered in the visitor's chosen country says so. The owner always
 * sees their own published ad. An auction past its end stays readable while its owner has still to
 * decide it, and afterwards to its owner and bidders (`isAuctionStillShown`).
 */
const getAdRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/:slug',
    { schema: { params: slugParamsSchema, response: { 200: adDetailSchema } } },
    async (request, reply) => {
      // A bare 410 is kept by browsers for good, and an ended ad can be reposted: never store the answer.
      reply.header('Cache-Control', 'no-store');
      const found = await findAdDetail(app.db, request.params.slug);
      const isOwner = found !== undefined && found.ownerId === request.user?.id;
      if (!found || (found.ad.status === 'DRAFT' && !isOwner)) throw new AppError(ERROR_CODES.NOT_FOUND);
      const now = app.now();
      const phase = adPhaseOf(found.ad, now);
      const stillShown = async () =>
        isAuctionType(found.ad.type) && isAuctionStillShown(app.db, await app.db.selectFrom('ads').selectAll().where('id', '=', found.id).executeTakeFirstOrThrow(), request.user?.id ?? null, now);
      if (phase === 'DELETED' || (phase === 'ENDED' && !(await stillShown()))) throw new AppError(ERROR_CODES.PRODUCT_UNAVAILABLE);
      if (!isOwner && !isOfferedIn(found.ad, readCookie(request.headers.cookie, COUNTRY_COOKIE) ?? null)) throw new AppError(ERROR_CODES.PRODUCT_NOT_IN_COUNTRY);
      return { ...found.ad, status: phase };
    },
  );
};
export default getAdRoute;
