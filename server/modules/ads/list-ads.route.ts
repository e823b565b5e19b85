import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adListQuerySchema, adListSchema, typesOfKind } from '../../../domain/ad';
import { containsText } from '../../db/dialect';
import { selectPublishedAds, toAdSummary } from './ads.repository';

/**
 * Published ads, newest first, narrowed by the visitor's country, sale type, category and a plain
 * title match. Full-text search with Arabic normalisation replaces the match in the ads issue.
 */
const listAdsRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/ads',
    { schema: { querystring: adListQuerySchema, response: { 200: adListSchema } } },
    async (request) => {
      const { q, country, type, kind, category, page, pageSize } = request.query;
      let query = selectPublishedAds(app.db);
      if (country) query = query.where('ads.country_code', '=', country);
      if (type) query = query.where('ads.type', '=', type);
      if (kind) query = query.where('ads.type', 'in', typesOfKind(kind));
      if (category) query = query.where((eb) => eb.or([eb('category.slug', '=', category), eb('ads.subcategory_id', 'in', eb.selectFrom('categories as sub').select('sub.id').where('sub.slug', '=', category))]));
      if (q) query = query.where(containsText(app.dialect, 'ads.title', q));
      const [rows, counted] = await Promise.all([
        query.orderBy('ads.published_at', 'desc').orderBy('ads.id').limit(pageSize).offset((page - 1) * pageSize).execute(),
        query.clearSelect().select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toAdSummary), total: Number(counted.total), page, pageSize };
    },
  );
};
export default listAdsRoute;
