import { z } from 'zod';
import { AD_STATUSES, AD_TYPES, type AdType, isAuctionType, isTenderType, PRODUCT_CONDITIONS, SHIPPING_TYPES } from './ad';
import { MAX_CATALOG_ID } from './catalog';
import { mediaItemSchema } from './media-schemas';
import { ERROR_CODES, type ErrorCode } from './errors';
import { amountField } from './fields';
import { UPLOAD_LIMITS } from './limits';
import { MINUTE_MS, HOUR_MS } from './timing';
import { type AdFieldName, asksFor } from './ad-fields';

/**
 * What a seller writes into an ad, as the API receives it and the form produces it. Amounts are
 * integer minor units of the ad's currency. A draft may hold any subset of the fields, each one
 * well-formed; publishing also needs every field its sale type asks for (`adPublishIssues`).
 */
export const AD_TEXT_LIMITS = { title: 120, description: 5000, keyword: 40, keywords: 20, liveLink: 500 } as const;
export const AD_DOCUMENTS_MAX = 10;
export const AD_COUNTRIES_MAX = 20;
/** An auction runs at most thirty days; a live one's sub-auctions fit inside it. */
export const AUCTION_DURATION_HOURS_MAX = 30 * 24;

/** SPEC.md section 5: numbers are integers greater than 0. */
export const positiveInteger = z
  .number({ error: ERROR_CODES.NOT_POSITIVE_INTEGER })
  .int({ error: ERROR_CODES.NOT_POSITIVE_INTEGER })
  .positive({ error: ERROR_CODES.NOT_POSITIVE_INTEGER })
  .max(Number.MAX_SAFE_INTEGER, { error: ERROR_CODES.NOT_POSITIVE_INTEGER });

const id = z.number().int().positive().max(MAX_CATALOG_ID);
const mediaId = z.string().min(1).max(64);

/** The same keyword twice, whatever its case or surrounding spaces, is refused at its second place. */
export function repeatedKeywordIndex(keywords: readonly string[]): number {
  const seen = new Set<string>();
  for (const [index, keyword] of keywords.entries()) {
    const key = keyword.trim().toLocaleLowerCase();
    if (seen.has(key)) return index;
    seen.add(key);
  }
  return -1;
}

export const keywordField = z
  .string()
  .trim()
  .min(1, { error: ERROR_CODES.REQUIRED })
  .max(AD_TEXT_LIMITS.keyword, { error: ERROR_CODES.TEXT_TOO_LONG });

export const adInputSchema = z
  .object({
    title: z.string().trim().max(AD_TEXT_LIMITS.title, { error: ERROR_CODES.TEXT_TOO_LONG }),
    description: z.string().trim().max(AD_TEXT_LIMITS.description, { error: ERROR_CODES.TEXT_TOO_LONG }),
    categoryId: id.nullable(),
    subcategoryId: id.nullable(),
    brandId: id.nullable(),
    keywords: z
      .array(keywordField)
      .max(AD_TEXT_LIMITS.keywords, { error: ERROR_CODES.TOO_MANY_KEYWORDS })
      .superRefine((keywords, ctx) => {
        const index = repeatedKeywordIndex(keywords);
        if (index >= 0) ctx.addIssue({ code: 'custom', path: [index], message: ERROR_CODES.KEYWORD_ALREADY_ADDED });
      }),
    condition: z.enum(PRODUCT_CONDITIONS).nullable(),
    imageIds: z.array(mediaId).max(UPLOAD_LIMITS.maxImages, { error: ERROR_CODES.TOO_MANY_IMAGES }),
    mainImageId: mediaId.nullable(),
    videoId: mediaId.nullable(),
    documentIds: z.array(mediaId).max(AD_DOCUMENTS_MAX, { error: ERROR_CODES.TOO_MANY_DOCUMENTS }),
    price: amountField.nullable(),
    negotiable: z.boolean(),
    shippingType: z.enum(SHIPPING_TYPES).nullable(),
    shippingFee: amountField.nullable(),
    returnable: z.boolean(),
    cashOnDelivery: z.boolean(),
    openingAmount: amountField.nullable(),
    onBackPrice: amountField.nullable(),
    instantPurchaseAmount: amountField.nullable(),
    allowDecimalBids: z.boolean(),
    countryCodes: z.array(z.string().regex(/^[A-Z]{2}$/)).max(AD_COUNTRIES_MAX),
    cityId: id.nullable(),
    startsNow: z.boolean(),
    startsAt: z.number().int().nonnegative().nullable(),
    endsAt: z.number().int().nonnegative().nullable(),
    auctionDurationHours: positiveInteger.max(AUCTION_DURATION_HOURS_MAX, { error: ERROR_CODES.AUCTION_TOO_LONG }).nullable(),
    subAuctionDurationMinutes: positiveInteger.nullable(),
    liveLink: z.string().trim().max(AD_TEXT_LIMITS.liveLink, { error: ERROR_CODES.TEXT_TOO_LONG }).nullable(),
    offersVisibleToSubscribers: z.boolean(),
  })
  .partial();
export type AdInput = z.infer<typeof adInputSchema>;

/** A command's payload: the sale type is fixed when the ad is created and never changes. */
export const createAdSchema = z.object({ type: z.enum(AD_TYPES), fields: adInputSchema, publish: z.boolean() });
export const updateAdSchema = z.object({ fields: adInputSchema, publish: z.boolean() });

export interface AdFieldIssue {
  path: AdFieldName | `${AdFieldName}.${number}`;
  code: ErrorCode;
}

/** Only the fields the sale type asks for: anything else a client sends is dropped, not stored. */
export function fieldsOfType(type: AdType, input: AdInput): AdInput {
  return Object.fromEntries(Object.entries(input).filter(([field]) => asksFor(type, field as AdFieldName))) as AdInput;
}

function isHttpsLink(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/**
 * The rules between fields (SPEC.md section 5: minimum and maximum comparisons), checked whenever
 * both sides are present, drafts included, so a draft never stores a contradiction.
 */
export function adComparisonIssues(input: AdInput): AdFieldIssue[] {
  const issues: AdFieldIssue[] = [];
  const { openingAmount, onBackPrice, instantPurchaseAmount } = input;
  if (input.subcategoryId != null && input.categoryId == null) issues.push({ path: 'subcategoryId', code: ERROR_CODES.CATEGORY_FIRST });
  if (input.brandId != null && input.subcategoryId == null) issues.push({ path: 'brandId', code: ERROR_CODES.CATEGORY_FIRST });
  if (onBackPrice != null && openingAmount != null && onBackPrice <= openingAmount) issues.push({ path: 'onBackPrice', code: ERROR_CODES.ON_BACK_PRICE_TOO_LOW });
  if (instantPurchaseAmount != null && ((openingAmount != null && instantPurchaseAmount <= openingAmount) || (onBackPrice != null && instantPurchaseAmount <= onBackPrice))) {
    issues.push({ path: 'instantPurchaseAmount', code: ERROR_CODES.INSTANT_PURCHASE_TOO_LOW });
  }
  // SPEC.md section 5: a live auction's sub-auction never outlasts the live period left; before the
  // start that is the whole auction.
  if (input.subAuctionDurationMinutes != null && input.auctionDurationHours != null && input.subAuctionDurationMinutes * MINUTE_MS > input.auctionDurationHours * HOUR_MS) {
    issues.push({ path: 'subAuctionDurationMinutes', code: ERROR_CODES.SUB_AUCTION_TOO_LONG });
  }
  if (input.mainImageId != null && !(input.imageIds ?? []).includes(input.mainImageId)) issues.push({ path: 'mainImageId', code: ERROR_CODES.MAIN_IMAGE_NOT_AMONG_IMAGES });
  if (input.liveLink && !isHttpsLink(input.liveLink)) issues.push({ path: 'liveLink', code: ERROR_CODES.LIVE_LINK_INVALID });
  if (input.startsNow === false && input.startsAt != null && input.endsAt != null && input.endsAt <= input.startsAt) issues.push({ path: 'endsAt', code: ERROR_CODES.END_BEFORE_START });
  return issues;
}

/** What publishing needs beyond the comparisons: every field the type asks for, and a schedule in the future. */
export function adPublishIssues(type: AdType, input: AdInput, now: number): AdFieldIssue[] {
  const issues = adComparisonIssues(input);
  const require = (field: AdFieldName, present: boolean) => {
    if (asksFor(type, field) && !present) issues.push({ path: field, code: ERROR_CODES.REQUIRED });
  };
  require('title', Boolean(input.title));
  require('description', Boolean(input.description));
  require('categoryId', input.categoryId != null);
  require('subcategoryId', input.subcategoryId != null);
  require('condition', input.condition != null);
  if ((input.imageIds ?? []).length < UPLOAD_LIMITS.minImages) issues.push({ path: 'imageIds', code: ERROR_CODES.IMAGES_REQUIRED });
  require('countryCodes', (input.countryCodes ?? []).length > 0);
  require('price', input.price != null);
  require('shippingType', input.shippingType != null);
  if (input.shippingType === 'PAID') require('shippingFee', input.shippingFee != null);
  require('openingAmount', input.openingAmount != null);
  require('instantPurchaseAmount', input.instantPurchaseAmount != null);
  require('auctionDurationHours', input.auctionDurationHours != null);
  require('subAuctionDurationMinutes', input.subAuctionDurationMinutes != null);
  require('liveLink', Boolean(input.liveLink));
  if (asksFor(type, 'startsNow') && !input.startsNow) {
    if (input.startsAt == null) issues.push({ path: 'startsAt', code: ERROR_CODES.REQUIRED });
    else if (input.startsAt <= now) issues.push({ path: 'startsAt', code: ERROR_CODES.START_IN_PAST });
  }
  if (asksFor(type, 'endsAt')) {
    const start = input.startsNow ? now : input.startsAt;
    if (input.endsAt == null) issues.push({ path: 'endsAt', code: ERROR_CODES.REQUIRED });
    else if (start != null && input.endsAt <= start && !issues.some((issue) => issue.path === 'endsAt')) issues.push({ path: 'endsAt', code: ERROR_CODES.END_BEFORE_START });
  }
  return issues;
}

/** The schedule a published ad runs on, from its fields and the moment it goes live. */
export function scheduleOf(type: AdType, input: AdInput, now: number): { startsAt: number | null; endsAt: number | null } {
  if (!asksFor(type, 'startsNow')) return { startsAt: now, endsAt: null };
  const startsAt = input.startsNow || input.startsAt == null ? now : input.startsAt;
  if (isAuctionType(type)) return { startsAt, endsAt: startsAt + (input.auctionDurationHours ?? 0) * HOUR_MS };
  if (isTenderType(type)) return { startsAt, endsAt: input.endsAt ?? null };
  return { startsAt, endsAt: null };
}

/** Issues as the API's per-field refusal map (first issue of each field wins). */
export function issuesByField(issues: readonly AdFieldIssue[]): Record<string, ErrorCode> {
  const fields: Record<string, ErrorCode> = {};
  for (const issue of issues) fields[issue.path] ??= issue.code;
  return fields;
}

/** What the owner may do to an ad now, as the server's ad-draft machine decides it. */
export const adActionsSchema = z.object({ edit: z.boolean(), publish: z.boolean(), end: z.boolean(), repost: z.boolean(), delete: z.boolean() });
export type AdActions = z.infer<typeof adActionsSchema>;

/** An ad as its owner edits it: the stored fields (amounts in minor units), its media and its actions. */
export const ownedAdSchema = z.object({
  slug: z.string(),
  type: z.enum(AD_TYPES),
  /** As it stands now: a published ad whose schedule ran out reads ENDED. */
  status: z.enum(AD_STATUSES),
  currency: z.string(),
  fields: adInputSchema.required(),
  /** Every file attached to the ad, images in the seller's order. */
  media: z.array(mediaItemSchema),
  /** Whether publishing would pass: every field its type asks for is there. */
  complete: z.boolean(),
  actions: adActionsSchema,
  adCredits: z.number().int(),
});
export type OwnedAd = z.infer<typeof ownedAdSchema>;

export const myAdSchema = z.object({
  slug: z.string(),
  type: z.enum(AD_TYPES),
  status: z.enum(AD_STATUSES),
  title: z.string(),
  mainImageId: z.string().nullable(),
  currency: z.string(),
  price: z.number().int().nullable(),
  openingAmount: z.number().int().nullable(),
  bidCount: z.number().int(),
  updatedAt: z.number(),
  publishedAt: z.number().nullable(),
  startsAt: z.number().nullable(),
  endsAt: z.number().nullable(),
  /** When an ended ad stopped: its owner ended it or it sold before its planned end, or its time ran out. */
  endedAt: z.number().nullable(),
  actions: adActionsSchema,
  /** An ended auction whose last round waits for the owner to confirm the winner or decline. */
  awaitsYourDecision: z.boolean(),
  /** Buyers' offers waiting for the owner's answer. */
  openOffers: z.number().int(),
});
export type MyAd = z.infer<typeof myAdSchema>;
export const myAdsSchema = z.object({ items: z.array(myAdSchema), adCredits: z.number().int() });
export type MyAds = z.infer<typeof myAdsSchema>;

export const adCommandResultSchema = z.object({ slug: z.string(), status: z.enum(AD_STATUSES) });
export type AdCommandResult = z.infer<typeof adCommandResultSchema>;
