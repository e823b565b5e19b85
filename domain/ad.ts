import { z } from 'zod';
import { localizedNameSchema, MAX_CATALOG_ID } from './catalog';
import { ERROR_CODES } from './errors';
import { mediaItemSchema } from './media';
import { MAX_AMOUNT_MINOR } from './money';

export const AD_TYPES = [
  'INSTANT_SALE',
  'INSTANT_SALE_AND_AUCTION',
  'PUBLIC_AUCTION',
  'PRIVATE_AUCTION',
  'LIVE_AUCTION',
  'PUBLIC_TENDER',
  'PRIVATE_TENDER',
] as const;
export type AdType = (typeof AD_TYPES)[number];

/** The URL slug of each sale type, as in `/create-sales/{slug}`. */
export const AD_TYPE_SLUGS: Record<AdType, string> = {
  INSTANT_SALE: 'instant-sale',
  INSTANT_SALE_AND_AUCTION: 'instant-sale-and-auction',
  PUBLIC_AUCTION: 'public-auction',
  PRIVATE_AUCTION: 'private-auction',
  LIVE_AUCTION: 'live-auction',
  PUBLIC_TENDER: 'public-tender',
  PRIVATE_TENDER: 'private-tender',
};

export function adTypeFromSlug(slug: string): AdType | undefined {
  return AD_TYPES.find((type) => AD_TYPE_SLUGS[type] === slug);
}

export const PRODUCT_CONDITIONS = ['NEW', 'USED', 'NOT_SPECIFIED'] as const;
export type ProductCondition = (typeof PRODUCT_CONDITIONS)[number];

export const AD_STATUSES = ['DRAFT', 'PUBLISHED', 'ENDED', 'DELETED'] as const;
export type AdStatus = (typeof AD_STATUSES)[number];

export const SHIPPING_TYPES = ['FREE', 'PAID'] as const;
export type ShippingType = (typeof SHIPPING_TYPES)[number];

/** Sale types grouped the way buyers browse them. */
export const SALE_KINDS = ['SALE', 'AUCTION', 'TENDER'] as const;
export type SaleKind = (typeof SALE_KINDS)[number];

export function typesOfKind(kind: SaleKind): AdType[] {
  return AD_TYPES.filter((type) => (kind === 'TENDER' ? isTenderType(type) : kind === 'AUCTION' ? isAuctionType(type) : type === 'INSTANT_SALE'));
}

export function isAuctionType(type: AdType): boolean {
  return type === 'INSTANT_SALE_AND_AUCTION' || type.endsWith('_AUCTION');
}

export function isTenderType(type: AdType): boolean {
  return type.endsWith('_TENDER');
}

const nullableAmount = z.number().int().nullable();

export const adSummarySchema = z.object({
  slug: z.string(),
  type: z.enum(AD_TYPES),
  status: z.enum(AD_STATUSES),
  title: z.string(),
  condition: z.enum(PRODUCT_CONDITIONS),
  currency: z.string(),
  /** Minor units. */
  price: nullableAmount,
  openingAmount: nullableAmount,
  instantPurchaseAmount: nullableAmount,
  /** Null for tenders, which ask for no shipping. */
  shippingType: z.enum(SHIPPING_TYPES).nullable(),
  countryCode: z.string(),
  city: localizedNameSchema.nullable(),
  category: localizedNameSchema,
  categoryIcon: z.string(),
  startsAt: z.number().nullable(),
  endsAt: z.number().nullable(),
  publishedAt: z.number().nullable(),
  /** The image a card shows (`mediaUrl(id, 'card')`). */
  mainImageId: z.string().nullable(),
  bidCount: z.number().int(),
});
export type AdSummary = z.infer<typeof adSummarySchema>;

export const adListSchema = z.object({
  items: z.array(adSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdList = z.infer<typeof adListSchema>;

/** The choices of items per page the listing offers (SPEC.md section 2: selectable, values not shown). */
export const AD_PAGE_SIZES = [12, 24, 48] as const;
export const AD_SORTS = ['newest', 'endingSoon', 'priceAsc', 'priceDesc', 'mostBids'] as const;
export type AdSort = (typeof AD_SORTS)[number];

/** A listing's query: every filter lives in the URL so a search can be shared. Amounts in minor units. */
export const adListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  country: z.string().regex(/^[A-Z]{2}$/).optional(),
  type: z.enum(AD_TYPES).optional(),
  kind: z.enum(SALE_KINDS).optional(),
  /** A category's or a subcategory's slug. */
  category: z.string().max(80).optional(),
  brand: z.coerce.number().int().positive().max(MAX_CATALOG_ID).optional(),
  condition: z.enum(PRODUCT_CONDITIONS).optional(),
  minPrice: z.coerce.number().max(MAX_AMOUNT_MINOR, { error: ERROR_CODES.AMOUNT_TOO_LARGE }).int().nonnegative().optional(),
  maxPrice: z.coerce.number().max(MAX_AMOUNT_MINOR, { error: ERROR_CODES.AMOUNT_TOO_LARGE }).int().nonnegative().optional(),
  city: z.coerce.number().int().positive().max(MAX_CATALOG_ID).optional(),
  shipping: z.enum(SHIPPING_TYPES).optional(),
  /** Only ads running now (started and not ended): the home page's "live now". */
  running: z.enum(['true']).optional(),
  sort: z.enum(AD_SORTS).default('newest'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().refine((size) => (AD_PAGE_SIZES as readonly number[]).includes(size)).default(AD_PAGE_SIZES[0]),
});
export type AdListQuery = z.infer<typeof adListQuerySchema>;

export const sellerSchema = z.object({
  slug: z.string(),
  fullName: z.string(),
  joinedAt: z.number(),
});

export const adDetailSchema = adSummarySchema.extend({
  description: z.string(),
  subcategory: localizedNameSchema.nullable(),
  brand: localizedNameSchema.nullable(),
  shippingFee: nullableAmount,
  /** Whether the reserve is met is shown; its value never is. */
  hasReservePrice: z.boolean(),
  allowDecimalBids: z.boolean(),
  negotiable: z.boolean(),
  returnable: z.boolean(),
  /** The seller takes cash when the item is handed over. */
  cashOnDelivery: z.boolean(),
  auctionDurationMs: z.number().nullable(),
  subAuctionDurationMs: z.number().nullable(),
  liveLink: z.string().nullable(),
  offersVisibleToSubscribers: z.boolean(),
  keywords: z.array(z.string()),
  countryCodes: z.array(z.string()),
  /** The main image first, then the others in the seller's order. */
  images: z.array(mediaItemSchema),
  video: mediaItemSchema.nullable(),
  documents: z.array(mediaItemSchema),
  seller: sellerSchema,
});
export type AdDetail = z.infer<typeof adDetailSchema>;

export const publicUserSchema = z.object({
  slug: z.string(),
  fullName: z.string(),
  about: z.string(),
  joinedAt: z.number(),
  countryCode: z.string(),
  city: localizedNameSchema.nullable(),
  ads: z.array(adSummarySchema),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** An ad is offered in the countries its seller chose; a visitor who chose no country sees every ad. */
export function isOfferedIn(ad: { countryCodes: readonly string[] }, chosenCountry: string | null): boolean {
  return chosenCountry === null || ad.countryCodes.includes(chosenCountry);
}

/** Where an ad stands now: a published ad whose schedule has run out has ended, stored status or not. */
export function adPhaseOf(ad: { status: AdStatus; endsAt: number | null }, now: number): AdStatus {
  return ad.status === 'PUBLISHED' && ad.endsAt !== null && ad.endsAt <= now ? 'ENDED' : ad.status;
}
