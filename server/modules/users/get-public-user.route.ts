import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicUserSchema } from '../../../domain/ad-schemas';
import { ERROR_CODES } from '../../../domain/errors';
import { AppError } from '../../errors';
import { selectPublishedAds, toAdSummary } from '../ads/ads.repository';
import { fullNameOf } from '../../../domain/user';
import { optionalName } from '../../db/localized-name';
import { slugParamsSchema } from '../../../domain/slug';

/** A seller's public page: who they are and what they have on sale. No email, no phone. */
const getPublicUserRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/:slug',
    { schema: { params: slugParamsSchema, response: { 200: publicUserSchema } } },
    async (request) => {
      const user = await app.db
        .selectFrom('users')
        .leftJoin('cities', 'cities.id', 'users.city_id')
        .select(['users.id', 'users.slug', 'users.first_name', 'users.last_name', 'users.about', 'users.created_at', 'users.country_code', 'cities.name_ar', 'cities.name_en'])
        .where('users.slug', '=', request.params.slug)
        .executeTakeFirst();
      if (!user) throw new AppError(ERROR_CODES.NOT_FOUND);
      const ads = await selectPublishedAds(app.db, app.now())
        .where('ads.owner_id', '=', user.id)
        .orderBy('ads.published_at', 'desc')
        .limit(60)
        .execute();
      return {
        slug: user.slug,
        fullName: fullNameOf(user.first_name, user.last_name),
        about: user.about,
        joinedAt: user.created_at,
        countryCode: user.country_code,
        city: optionalName(user.name_ar, user.name_en),
        ads: ads.map(toAdSummary),
      };
    },
  );
};
export default getPublicUserRoute;
