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

/** The choices of items per page the listing offers (SPEC.md section 2: selectable, values not shown). */
export const AD_PAGE_SIZES = [12, 24, 48] as const;
export const AD_SORTS = ['newest', 'endingSoon', 'priceAsc', 'priceDesc', 'mostBids'] as const;
export type AdSort = (typeof AD_SORTS)[number];

/** An ad is offered in the countries its seller chose; a visitor who chose no country sees every ad. */
export function isOfferedIn(ad: { countryCodes: readonly string[] }, chosenCountry: string | null): boolean {
  return chosenCountry === null || ad.countryCodes.includes(chosenCountry);
}

/** Where an ad stands now: a published ad whose schedule has run out has ended, stored status or not. */
export function adPhaseOf(ad: { status: AdStatus; endsAt: number | null }, now: number): AdStatus {
  return ad.status === 'PUBLISHED' && ad.endsAt !== null && ad.endsAt <= now ? 'ENDED' : ad.status;
}
