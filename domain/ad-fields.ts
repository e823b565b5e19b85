import type { AdType } from './ad';

// Which fields each sale type asks for. Apart from the ad form's schemas: the ad page reads it too.

export const AD_FIELD_NAMES = [
  'title', 'description', 'categoryId', 'subcategoryId', 'brandId', 'keywords', 'condition',
  'imageIds', 'mainImageId', 'videoId', 'documentIds',
  'price', 'negotiable', 'shippingType', 'shippingFee', 'returnable', 'cashOnDelivery',
  'openingAmount', 'onBackPrice', 'instantPurchaseAmount', 'allowDecimalBids',
  'countryCodes', 'cityId',
  'startsNow', 'startsAt', 'endsAt', 'auctionDurationHours', 'subAuctionDurationMinutes', 'liveLink',
  'offersVisibleToSubscribers',
] as const;
export type AdFieldName = (typeof AD_FIELD_NAMES)[number];

const COMMON_FIELDS: AdFieldName[] = ['title', 'description', 'categoryId', 'subcategoryId', 'brandId', 'keywords', 'condition', 'imageIds', 'mainImageId', 'videoId', 'countryCodes', 'cityId'];
const DELIVERY_FIELDS: AdFieldName[] = ['shippingType', 'shippingFee', 'returnable', 'cashOnDelivery'];
const AUCTION_FIELDS: AdFieldName[] = ['openingAmount', 'onBackPrice', 'allowDecimalBids', 'startsNow', 'startsAt', 'auctionDurationHours'];
const TENDER_FIELDS: AdFieldName[] = ['documentIds', 'startsNow', 'startsAt', 'endsAt', 'offersVisibleToSubscribers'];

/** The fields of SPEC.md section 3 that each sale type asks for; the others are not stored for it. */
export const AD_FIELDS_BY_TYPE: Record<AdType, ReadonlySet<AdFieldName>> = {
  INSTANT_SALE: new Set([...COMMON_FIELDS, ...DELIVERY_FIELDS, 'price', 'negotiable']),
  INSTANT_SALE_AND_AUCTION: new Set([...COMMON_FIELDS, ...DELIVERY_FIELDS, ...AUCTION_FIELDS, 'instantPurchaseAmount', 'negotiable']),
  PUBLIC_AUCTION: new Set([...COMMON_FIELDS, ...DELIVERY_FIELDS, ...AUCTION_FIELDS]),
  PRIVATE_AUCTION: new Set([...COMMON_FIELDS, ...DELIVERY_FIELDS, ...AUCTION_FIELDS]),
  LIVE_AUCTION: new Set([...COMMON_FIELDS, ...DELIVERY_FIELDS, ...AUCTION_FIELDS, 'subAuctionDurationMinutes', 'liveLink']),
  PUBLIC_TENDER: new Set([...COMMON_FIELDS, ...TENDER_FIELDS]),
  PRIVATE_TENDER: new Set([...COMMON_FIELDS, ...TENDER_FIELDS]),
};

export function asksFor(type: AdType, field: AdFieldName): boolean {
  return AD_FIELDS_BY_TYPE[type].has(field);
}
