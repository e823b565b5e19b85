import { z } from 'zod';
import { AD_PAGE_SIZES, AD_SORTS, AD_STATUSES, AD_TYPES, PRODUCT_CONDITIONS, SALE_KINDS, SHIPPING_TYPES } from './ad';
import { localizedNameSchema, MAX_CATALOG_ID } from './catalog';
import { ERROR_CODES } from './errors';
import { mediaItemSchema } from './media-schemas';
import { MAX_AMOUNT_MINOR } from './money';

// What the API says of ads, and the listing's query. Apart from the ad's rules (./ad.ts), which every
// public page reads: a page that only shows ads then loads no schema, and not zod.

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

export const publicUserSchema = sellerSchema.extend({
  about: z.string(),
  countryCode: z.string(),
  city: localizedNameSchema.nullable(),
  ads: z.array(adSummarySchema),
});
export type PublicUser = z.infer<typeof publicUserSchema>;
