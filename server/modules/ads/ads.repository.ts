import type { Kysely } from 'kysely';
import type { AdStatus, AdType, ProductCondition, ShippingType } from '../../../domain/ad';
import type { AdDetail, AdSummary } from '../../../domain/ad-schemas';
import type { MediaKind } from '../../../domain/media';
import type { MediaItem } from '../../../domain/media-schemas';
import { fullNameOf } from '../../../domain/user';
import { optionalName } from '../../db/localized-name';
import type { Database } from '../../db/schema';

/** Ads with the names a card needs, in one query: category and city joined, never looked up per row. */
export function selectAdSummaries(db: Kysely<Database>) {
  return db
    .selectFrom('ads')
    .innerJoin('categories as category', 'category.id', 'ads.category_id')
    .leftJoin('cities as city', 'city.id', 'ads.city_id')
    .select([
      'ads.id', 'ads.slug', 'ads.type', 'ads.status', 'ads.title', 'ads.condition', 'ads.currency', 'ads.price',
      'ads.opening_amount', 'ads.instant_purchase_amount', 'ads.shipping_type', 'ads.country_code',
      'ads.starts_at', 'ads.ends_at', 'ads.published_at', 'ads.main_image_id', 'ads.bid_count',
      'category.name_ar as category_ar', 'category.name_en as category_en', 'category.icon as category_icon',
      'city.name_ar as city_ar', 'city.name_en as city_en',
    ]);
}

/** What buyers may see: published ads whose schedule has not run out. */
export function selectPublishedAds(db: Kysely<Database>, now: number) {
  return selectAdSummaries(db)
    .where('ads.status', '=', 'PUBLISHED')
    .where((eb) => eb.or([eb('ads.ends_at', 'is', null), eb('ads.ends_at', '>', now)]));
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectAdSummaries>['executeTakeFirstOrThrow']>>;

export function toAdSummary(row: SummaryRow): AdSummary {
  return {
    slug: row.slug,
    type: row.type as AdType,
    status: row.status as AdStatus,
    title: row.title,
    condition: row.condition as ProductCondition,
    currency: row.currency,
    price: row.price,
    openingAmount: row.opening_amount,
    instantPurchaseAmount: row.instant_purchase_amount,
    shippingType: row.shipping_type as ShippingType | null,
    countryCode: row.country_code,
    city: optionalName(row.city_ar, row.city_en),
    category: { ar: row.category_ar, en: row.category_en },
    categoryIcon: row.category_icon,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    publishedAt: row.published_at,
    mainImageId: row.main_image_id,
    bidCount: row.bid_count,
  };
}

/** The files attached to each of the ads, in the seller's order: one query however many ads. */
export async function mediaOfAds(db: Kysely<Database>, adIds: readonly string[]): Promise<Map<string, MediaItem[]>> {
  const byAd = new Map(adIds.map((id): [string, MediaItem[]] => [id, []]));
  if (adIds.length === 0) return byAd;
  const rows = await db
    .selectFrom('media')
    .select(['ad_id', 'id', 'kind', 'mime', 'bytes', 'width', 'height', 'original_name'])
    .where('ad_id', 'in', adIds)
    .orderBy('position')
    .orderBy('created_at')
    .execute();
  for (const row of rows) {
    byAd.get(row.ad_id!)?.push({ id: row.id, kind: row.kind as MediaKind, mime: row.mime, bytes: Number(row.bytes), width: row.width, height: row.height, name: row.original_name });
  }
  return byAd;
}

/** The files attached to an ad, images in the seller's order with the main one first. */
export async function attachedMedia(db: Kysely<Database>, adId: string, mainImageId: string | null): Promise<MediaItem[]> {
  const items = (await mediaOfAds(db, [adId])).get(adId)!;
  const main = items.find((item) => item.id === mainImageId);
  return main ? [main, ...items.filter((item) => item !== main)] : items;
}

/** The countries each of the ads is offered in: one query however many ads. */
export async function countriesOfAds(db: Kysely<Database>, adIds: readonly string[]): Promise<Map<string, string[]>> {
  const byAd = new Map(adIds.map((id): [string, string[]] => [id, []]));
  if (adIds.length === 0) return byAd;
  const rows = await db.selectFrom('ad_countries').select(['ad_id', 'country_code']).where('ad_id', 'in', adIds).orderBy('country_code').execute();
  for (const row of rows) byAd.get(row.ad_id)?.push(row.country_code);
  return byAd;
}

/** One ad with everything its page shows, and apart from it who owns it (never sent to buyers). */
export async function findAdDetail(db: Kysely<Database>, slug: string): Promise<{ id: string; ownerId: string; ad: AdDetail } | undefined> {
  const row = await selectAdSummaries(db)
    .innerJoin('users as seller', 'seller.id', 'ads.owner_id')
    .leftJoin('categories as subcategory', 'subcategory.id', 'ads.subcategory_id')
    .leftJoin('brands as brand', 'brand.id', 'ads.brand_id')
    .select([
      'ads.owner_id', 'ads.description', 'ads.keywords', 'ads.shipping_fee', 'ads.on_back_price', 'ads.allow_decimal_bids', 'ads.negotiable',
      'ads.returnable', 'ads.cash_on_delivery', 'ads.auction_duration_ms', 'ads.sub_auction_duration_ms', 'ads.live_link', 'ads.offers_visible_to_subscribers',
      'seller.slug as seller_slug', 'seller.first_name as seller_first_name', 'seller.last_name as seller_last_name', 'seller.created_at as seller_joined_at',
      'subcategory.name_ar as subcategory_ar', 'subcategory.name_en as subcategory_en',
      'brand.name_ar as brand_ar', 'brand.name_en as brand_en',
    ])
    .where('ads.slug', '=', slug)
    .executeTakeFirst();
  if (!row) return undefined;
  const [media, countries] = await Promise.all([attachedMedia(db, row.id, row.main_image_id), countriesOfAds(db, [row.id])]);
  const countryCodes = countries.get(row.id)!;
  return {
    id: row.id,
    ownerId: row.owner_id,
    ad: {
      ...toAdSummary(row),
      description: row.description,
      subcategory: optionalName(row.subcategory_ar, row.subcategory_en),
      brand: optionalName(row.brand_ar, row.brand_en),
      shippingFee: row.shipping_fee,
      hasReservePrice: row.on_back_price !== null,
      allowDecimalBids: row.allow_decimal_bids === 1,
      negotiable: row.negotiable === 1,
      returnable: row.returnable === 1,
      cashOnDelivery: row.cash_on_delivery === 1,
      auctionDurationMs: row.auction_duration_ms,
      subAuctionDurationMs: row.sub_auction_duration_ms,
      liveLink: row.live_link,
      offersVisibleToSubscribers: row.offers_visible_to_subscribers === 1,
      keywords: JSON.parse(row.keywords) as string[],
      countryCodes: countryCodes.length > 0 ? countryCodes : [row.country_code],
      images: media.filter((item) => item.kind === 'IMAGE'),
      video: media.find((item) => item.kind === 'VIDEO') ?? null,
      documents: media.filter((item) => item.kind === 'DOCUMENT'),
      seller: { slug: row.seller_slug, fullName: fullNameOf(row.seller_first_name, row.seller_last_name), joinedAt: row.seller_joined_at },
    },
  };
}
