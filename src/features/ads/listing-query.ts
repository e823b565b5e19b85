import { AD_PAGE_SIZES, AD_SORTS, type AdSort, type AdType, PRODUCT_CONDITIONS, type ProductCondition, SALE_KINDS, type SaleKind, SHIPPING_TYPES, type ShippingType, typesOfKind } from '../../../domain/ad';
import type { AdListQuery } from '../../../domain/ad-schemas';
import { MAX_AMOUNT_MINOR } from '../../../domain/money';
import { isTypedAmount, latinAmountText, minorUnitsOfTypedAmount } from '../../lib/amount-input';

/**
 * A listing as the address bar holds it, so a search can be shared and Back restores it. Prices are
 * in major units there (`minPrice=5000` reads as 5000 riyals) and become minor units only in the
 * API query, with the currency of the visitor's country.
 */
export interface Listing {
  q?: string;
  kind?: SaleKind;
  type?: AdType;
  /** A category's or a subcategory's slug. */
  category?: string;
  brand?: number;
  condition?: ProductCondition;
  /** In major units as typed, Latin digits with a point (`12.5`): exact minor units need the country's currency. */
  minPrice?: string;
  maxPrice?: string;
  city?: number;
  shipping?: ShippingType;
  running: boolean;
  sort: AdSort;
  page: number;
  pageSize: number;
}

export type ListingParam = keyof Listing;

/** The filters a person sets; sort, page size and page only arrange what they select. */
const FILTER_PARAMS = ['kind', 'type', 'category', 'brand', 'condition', 'minPrice', 'maxPrice', 'city', 'shipping', 'running'] as const;
/** Params left out of the address when they hold the default, so plain listings keep plain links. */
const DEFAULTS: Partial<Record<ListingParam, string>> = { sort: 'newest', page: '1', pageSize: String(AD_PAGE_SIZES[0]) };
/** Choosing one of these makes the narrower choice that depended on it meaningless. */
const DEPENDENT_PARAMS: Partial<Record<ListingParam, ListingParam>> = { category: 'brand', kind: 'type' };
const MAX_PAGE = 10_000;

const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | undefined => values.find((value) => value === raw);

function positiveInteger(raw: string | null): number | undefined {
  const value = Number(raw);
  return raw !== null && Number.isInteger(value) && value > 0 ? value : undefined;
}

/** A price in the address as Arabic and English keyboards give it (`٥٠٠٠`, `5,000`, `١٢٫٥`), in Latin digits. */
function priceOf(raw: string | null): string | undefined {
  const text = latinAmountText(raw ?? '');
  return isTypedAmount(text) ? text : undefined;
}

export function readListing(params: URLSearchParams): Listing {
  const kind = oneOf(SALE_KINDS, params.get('kind'));
  const type = kind ? oneOf(typesOfKind(kind), params.get('type')) : undefined;
  const pageSize = positiveInteger(params.get('pageSize'));
  return {
    q: params.get('q')?.trim() || undefined,
    kind,
    type,
    category: params.get('category') || undefined,
    brand: positiveInteger(params.get('brand')),
    condition: oneOf(PRODUCT_CONDITIONS, params.get('condition')),
    minPrice: priceOf(params.get('minPrice')),
    maxPrice: priceOf(params.get('maxPrice')),
    city: positiveInteger(params.get('city')),
    shipping: oneOf(SHIPPING_TYPES, params.get('shipping')),
    running: params.get('running') === 'true',
    sort: oneOf(AD_SORTS, params.get('sort')) ?? 'newest',
    page: Math.min(positiveInteger(params.get('page')) ?? 1, MAX_PAGE),
    pageSize: (AD_PAGE_SIZES as readonly number[]).includes(pageSize ?? 0) ? pageSize! : AD_PAGE_SIZES[0],
  };
}

/** How many filters narrow the listing (the search words are not one: they show in the heading). */
export function activeFilterCount(listing: Listing): number {
  return FILTER_PARAMS.filter((param) => (param === 'running' ? listing.running : listing[param] !== undefined)).length;
}

export type AdListFilters = Partial<AdListQuery>;

export interface ListingCountry {
  code: string;
  currency: string;
  cityIds: readonly number[];
}

/**
 * The API query for a listing in the visitor's country. Prices and city only mean something within
 * one country (one currency, its cities), so with every country shown they are left out.
 */
export function listQueryOf(listing: Listing, country: ListingCountry | null): AdListFilters {
  // Exact, digit by digit; a price with more decimals than the currency has, or past the amount limit, is left out, as the API would refuse it.
  const minor = (price: string | undefined) => {
    const amount = price === undefined || country === null ? null : minorUnitsOfTypedAmount(price, country.currency);
    return amount === null || Number.isNaN(amount) || amount > MAX_AMOUNT_MINOR ? undefined : amount;
  };
  return {
    q: listing.q,
    country: country?.code,
    kind: listing.kind,
    type: listing.type,
    category: listing.category,
    brand: listing.brand,
    condition: listing.condition,
    minPrice: minor(listing.minPrice),
    maxPrice: minor(listing.maxPrice),
    city: listing.city !== undefined && country?.cityIds.includes(listing.city) ? listing.city : undefined,
    shipping: listing.shipping,
    running: listing.running ? 'true' : undefined,
    sort: listing.sort,
    page: listing.page,
    pageSize: listing.pageSize,
  };
}

/**
 * The address after a change: a new filter or arrangement starts again at page 1, a choice that
 * depended on the changed one goes, and defaults stay out of the link.
 */
export function withListingChange(params: URLSearchParams, changes: Partial<Record<ListingParam, string | null>>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [param, value] of Object.entries(changes) as Array<[ListingParam, string | null]>) {
    if (value === null || value === '') next.delete(param);
    else next.set(param, value);
    const dependent = DEPENDENT_PARAMS[param];
    if (dependent && !(dependent in changes)) next.delete(dependent);
  }
  if (!('page' in changes)) next.delete('page');
  for (const [param, value] of Object.entries(DEFAULTS)) if (next.get(param) === value) next.delete(param);
  return next;
}

/** The address with every filter gone: the search words and the arrangement stay. */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  return withListingChange(params, Object.fromEntries(FILTER_PARAMS.map((param) => [param, null])));
}
