import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AdListQuery, type AdSort, adListQuerySchema, adListSchema, typesOfKind } from '../../../domain/ad';
import { searchTermsOf } from '../../../domain/search-text';
import { type DialectName, matchesSearchTerms } from '../../db/dialect';
import { selectPublishedAds, toAdSummary } from './ads.repository';

type AdsQuery = ReturnType<typeof selectPublishedAds>;

/** Every filter of the listing's URL; the query already holds only ads a buyer may see. */
function narrowed(query: AdsQuery, filters: AdListQuery, dialect: DialectName, now: number): AdsQuery {
  const { q, country, type, kind, category, brand, condition, minPrice, maxPrice, city, shipping, running } = filters;
  const terms = q ? searchTermsOf(q) : [];
  if (terms.length > 0) query = query.where(matchesSearchTerms(dialect, terms));
  if (country) {
    query = query.where(({ exists, selectFrom }) =>
      exists(selectFrom('ad_countries').select('ad_countries.ad_id').whereRef('ad_countries.ad_id', '=', 'ads.id').where('ad_countries.country_code', '=', country)),
    );
  }
  if (type) query = query.where('ads.type', '=', type);
  if (kind) query = query.where('ads.type', 'in', typesOfKind(kind));
  if (category) {
    // Slugs are unique: compared as one value (not `in`), the planner picks the category indexes.
    query = query.where((eb) => {
      const withSlug = eb.selectFrom('categories').select('categories.id').where('categories.slug', '=', category);
      return eb.or([eb('ads.category_id', '=', withSlug), eb('ads.subcategory_id', '=', withSlug)]);
    });
  }
  if (brand) query = query.where('ads.brand_id', '=', brand);
  if (condition) query = query.where('ads.condition', '=', condition);
  if (minPrice !== undefined) query = query.where((eb) => eb(eb.fn.coalesce('ads.price', 'ads.opening_amount'), '>=', minPrice));
  if (maxPrice !== undefined) query = query.where((eb) => eb(eb.fn.coalesce('ads.price', 'ads.opening_amount'), '<=', maxPrice));
  if (city) query = query.where('ads.city_id', '=', city);
  if (shipping) query = query.where('ads.shipping_type', '=', shipping);
  // Running: under way now and due to end (an ad with no end is a standing offer, not a live sale).
  if (running) query = query.where('ads.ends_at', 'is not', null).where((eb) => eb.or([eb('ads.starts_at', 'is', null), eb('ads.starts_at', '<=', now)]));
  return query;
}

/** Ads without the value sorted on (no end, no price: tenders) come last either way; the id settles ties so pages never overlap. */
function ordered(query: AdsQuery, sort: AdSort, now: number): AdsQuery {
  switch (sort) {
    case 'newest':
      query = query.orderBy('ads.published_at', 'desc');
      break;
    case 'endingSoon':
      // Only a running ad is ending: one yet to start follows them all, however near its planned end.
      query = query
        .orderBy((eb) => eb.case().when('ads.ends_at', 'is', null).then(2).when('ads.starts_at', '>', now).then(1).else(0).end())
        .orderBy('ads.ends_at');
      break;
    case 'priceAsc':
    case 'priceDesc':
      query = query.orderBy((eb) => eb.fn.coalesce('ads.price', 'ads.opening_amount'), (order) => (sort === 'priceAsc' ? order.asc() : order.desc()).nullsLast());
      break;
    case 'mostBids':
      query = query.orderBy('ads.bid_count', 'desc');
      break;
  }
  return query.orderBy('ads.id');
}

/** Published ads a buyer is looking for: full-text search, filters and sort from the URL, a page at a time with the total. */
const listAdsRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '',
    { schema: { querystring: adListQuerySchema, response: { 200: adListSchema } } },
    async (request) => {
      const { sort, page, pageSize } = request.query;
      const now = app.now();
      const query = narrowed(selectPublishedAds(app.db, now), request.query, app.dialect, now);
      // The total rides along with the page (a window over every match, counted before the limit),
      // so the matches are found once; only a page past the end needs a count of its own.
      const rows = await ordered(query, sort, now)
        .select((eb) => eb.fn.countAll<number>().over().as('total'))
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      const total = rows[0]?.total ?? (page > 1 ? (await query.clearSelect().select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()).total : 0);
      return { items: rows.map(toAdSummary), total: Number(total), page, pageSize };
    },
  );
};
export default listAdsRoute;
