import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT_MINOR } from '../../domain/money';
import { activeFilterCount, listQueryOf, readListing, withListingChange, withoutFilters } from '../../src/features/ads/listing-query';

const SAUDI = { code: 'SA', currency: 'SAR', cityIds: [101, 102] };
const KUWAIT = { code: 'KW', currency: 'KWD', cityIds: [301] };

describe('a listing in the address bar', () => {
  it('reads every filter, and drops values the API would refuse instead of failing the page', () => {
    const listing = readListing(new URLSearchParams('q=%20سيارة%20&kind=AUCTION&type=LIVE_AUCTION&category=cars&brand=7&condition=USED&minPrice=1000&maxPrice=5000&city=101&shipping=FREE&running=true&sort=priceAsc&page=3&pageSize=24'));
    expect(listing).toEqual({
      q: 'سيارة', kind: 'AUCTION', type: 'LIVE_AUCTION', category: 'cars', brand: 7, condition: 'USED', minPrice: '1000', maxPrice: '5000',
      city: 101, shipping: 'FREE', running: true, sort: 'priceAsc', page: 3, pageSize: 24,
    });
    const junk = readListing(new URLSearchParams('kind=BARTER&condition=BROKEN&brand=-2&page=0&pageSize=13&sort=random&minPrice=abc&running=yes'));
    expect(junk).toEqual({ q: undefined, kind: undefined, type: undefined, category: undefined, brand: undefined, condition: undefined, minPrice: undefined, maxPrice: undefined, city: undefined, shipping: undefined, running: false, sort: 'newest', page: 1, pageSize: 12 });
  });

  it('keeps a sale type only inside its kind', () => {
    expect(readListing(new URLSearchParams('kind=TENDER&type=LIVE_AUCTION')).type).toBeUndefined();
    expect(readListing(new URLSearchParams('type=LIVE_AUCTION')).type).toBeUndefined();
  });

  it('reads typed prices as Arabic and English keyboards give them', () => {
    const pricesOf = (query: string) => {
      const { minPrice, maxPrice } = readListing(new URLSearchParams(query));
      return [minPrice, maxPrice];
    };
    expect(pricesOf('minPrice=٥٠٠٠&maxPrice=5,000')).toEqual(['5000', '5000']);
    expect(pricesOf('minPrice=١٢٫٥&maxPrice=12.50')).toEqual(['12.5', '12.50']);
    expect(pricesOf('minPrice=%20&maxPrice=-3')).toEqual([undefined, undefined]);
  });

  it('asks the API in minor units of the visitor’s currency, and only for cities of their country', () => {
    const listing = readListing(new URLSearchParams('minPrice=12.5&maxPrice=100&city=101'));
    expect(listQueryOf(listing, SAUDI)).toMatchObject({ country: 'SA', minPrice: 1250, maxPrice: 10_000, city: 101 });
    expect(listQueryOf(listing, KUWAIT)).toMatchObject({ country: 'KW', minPrice: 12_500, maxPrice: 100_000, city: undefined });
  });

  it('counts prices digit by digit, as the bid form does, and leaves out one with more decimals than the currency has or past the amount limit', () => {
    expect(listQueryOf(readListing(new URLSearchParams('minPrice=4.35&maxPrice=100000000000')), SAUDI)).toMatchObject({ minPrice: 435, maxPrice: MAX_AMOUNT_MINOR });
    expect(listQueryOf(readListing(new URLSearchParams('maxPrice=100000000000.01')), SAUDI)).toMatchObject({ maxPrice: undefined });
    // Rounding would have made 1.005 riyals a price of 100 or 101 halalas.
    expect(listQueryOf(readListing(new URLSearchParams('minPrice=1.005&maxPrice=1.005')), SAUDI)).toMatchObject({ minPrice: undefined, maxPrice: undefined });
    expect(listQueryOf(readListing(new URLSearchParams('minPrice=1.005')), KUWAIT)).toMatchObject({ minPrice: 1005 });
    expect(listQueryOf(readListing(new URLSearchParams('minPrice=90071992547409.92')), SAUDI)).toMatchObject({ minPrice: undefined });
  });

  it('leaves prices and city out when every country is shown, since they mean nothing across currencies', () => {
    const query = listQueryOf(readListing(new URLSearchParams('minPrice=100&city=101&kind=SALE')), null);
    expect(query).toMatchObject({ country: undefined, minPrice: undefined, city: undefined, kind: 'SALE' });
  });

  it('starts again at page 1 on any change but a page turn, and keeps defaults out of the link', () => {
    const params = new URLSearchParams('q=ps5&page=4&sort=priceAsc');
    expect(withListingChange(params, { condition: 'NEW' }).toString()).toBe('q=ps5&sort=priceAsc&condition=NEW');
    expect(withListingChange(params, { page: '5' }).toString()).toBe('q=ps5&page=5&sort=priceAsc');
    expect(withListingChange(params, { sort: 'newest' }).toString()).toBe('q=ps5');
    expect(withListingChange(params, { page: '1' }).toString()).toBe('q=ps5&sort=priceAsc');
  });

  it('drops a brand with its category, and a sale type with its kind', () => {
    const params = new URLSearchParams('category=cars&brand=7&kind=AUCTION&type=LIVE_AUCTION');
    expect(withListingChange(params, { category: 'mobiles' }).toString()).toBe('category=mobiles&kind=AUCTION&type=LIVE_AUCTION');
    expect(withListingChange(params, { kind: 'TENDER' }).toString()).toBe('category=cars&brand=7&kind=TENDER');
  });

  it('clears the filters but keeps the search words and the arrangement', () => {
    const params = new URLSearchParams('q=ps5&category=gaming&minPrice=5&running=true&sort=mostBids&pageSize=48&page=2');
    expect(activeFilterCount(readListing(params))).toBe(3);
    expect(withoutFilters(params).toString()).toBe('q=ps5&sort=mostBids&pageSize=48');
  });
});
