import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AdSort, typesOfKind } from '../../../domain/ad';
import { type AdListQuery, type AdSummary, adListQuerySchema, adListSchema } from '../../../domain/ad-schemas';
import { searchTermsOf } from '../../../domain/search-text';
import { type DialectName, matchesSearchTerms } from '../../db/dialect';
import { LruMap } from '../../lru-map';
import { selectPublishedAds, toAdSummary } from './ads.repository';

/** Different listings whose matches are kept at once: each search, set of filters, sort and page. */
const MOST_LISTINGS_KEPT = 1_000;

/** Orders that bids or the passing of time change without a write the listing version counts: never kept. */
const SORTS_NEVER_KEPT: ReadonlySet<AdSort> = new Set(['endingSoon', 'mostBids']);

/**
 * A page of a listing as found under one version of the listings (migration 0010): which ads, in what
 * order, and how many match in all. Their cards are read again each time.
 */
interface KeptMatches {
  version: number;
  adIds: string[];
  total: number;
  /** The earliest end among all the matches: then one of them leaves the listing without a write. */
  keptUntil: number;
}

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

/**
 * Published ads a buyer is looking for: full-text search, filters and sort from the URL, a page at a
 * time with the total. Finding the matches is the costly part, so each page's matches are kept while
 * the listing version (raised by the database with every write that changes what a listing finds)
 * stays the same and none of the matches has ended; the cards are read afresh each time, with the
 * version in the same statement, so a sold, ended, deleted or edited ad never shows from what was kept.
 */
const listAdsRoute: FastifyPluginAsync = async (app) => {
  const keptListings = new LruMap<string, KeptMatches>(MOST_LISTINGS_KEPT);

  const selectVersion = () => app.db.selectFrom('listing_changes').select('version').where('id', '=', 1);
  const listingVersion = async () => (await selectVersion().executeTakeFirstOrThrow()).version;

  /** The kept page's cards, read now; undefined when the listings changed since or one of its ads left. */
  async function currentCards(kept: KeptMatches, now: number): Promise<AdSummary[] | undefined> {
    if (kept.adIds.length === 0) return (await listingVersion()) === kept.version ? [] : undefined;
    const rows = await selectPublishedAds(app.db, now)
      .where('ads.id', 'in', kept.adIds)
      .select(selectVersion().as('version'))
      .execute();
    if (rows.length !== kept.adIds.length || rows.some((row) => row.version !== kept.version)) return undefined;
    const byId = new Map(rows.map((row) => [row.id, row]));
    return kept.adIds.map((id) => toAdSummary(byId.get(id)!));
  }

  app.withTypeProvider<ZodTypeProvider>().get(
    '',
    { schema: { querystring: adListQuerySchema, response: { 200: adListSchema } } },
    async (request) => {
      const { sort, page, pageSize, running } = request.query;
      const now = app.now();
      const keepable = !running && !SORTS_NEVER_KEPT.has(sort);
      // The parsed query: the same filters in another order in the URL are the same listing.
      const key = JSON.stringify(request.query);
      const kept = keepable ? keptListings.get(key) : undefined;
      if (kept && now < kept.keptUntil) {
        const items = await currentCards(kept, now);
        if (items) return { items, total: kept.total, page, pageSize };
      }
      // Read before the matches: a write committed between the two only makes the next request find them again.
      const version = keepable ? await listingVersion() : 0;
      const query = narrowed(selectPublishedAds(app.db, now), request.query, app.dialect, now);
      // The total and the earliest end ride along with the page (windows over every match, taken before
      // the limit), so the matches are found once; only a page past the end needs a count of its own.
      const rows = await ordered(query, sort, now)
        .select((eb) => [eb.fn.countAll<number>().over().as('total'), eb.fn.min('ads.ends_at').over().as('earliest_end')])
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      const { total, earliest_end } =
        rows[0] ??
        (page > 1
          ? await query.clearSelect().select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.min('ads.ends_at').as('earliest_end')]).executeTakeFirstOrThrow()
          : { total: 0, earliest_end: null });
      if (keepable) keptListings.set(key, { version, adIds: rows.map((row) => row.id), total: Number(total), keptUntil: earliest_end ?? Number.POSITIVE_INFINITY });
      return { items: rows.map(toAdSummary), total: Number(total), page, pageSize };
    },
  );
};
export default listAdsRoute;
