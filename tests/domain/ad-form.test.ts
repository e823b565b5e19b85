import { describe, expect, it } from 'vitest';
import { AD_TYPES, type AdType } from '../../domain/ad';
import { adComparisonIssues, adInputSchema, adPublishIssues, type AdInput, fieldsOfType, repeatedKeywordIndex, scheduleOf } from '../../domain/ad-form';
import { HOUR_MS } from '../../domain/timing';

const NOW = Date.UTC(2026, 10, 21, 12);
const COMMON: AdInput = { title: 'Camry', description: 'White, serviced', categoryId: 1, subcategoryId: 2, condition: 'USED', imageIds: ['a', 'b'], mainImageId: 'b', countryCodes: ['SA'] };

/** A complete payload of each type: what publishing needs and nothing more. */
const COMPLETE: Record<AdType, AdInput> = {
  INSTANT_SALE: { ...COMMON, price: 8_500_000, shippingType: 'FREE' },
  INSTANT_SALE_AND_AUCTION: { ...COMMON, shippingType: 'FREE', openingAmount: 100, onBackPrice: 200, instantPurchaseAmount: 300, startsNow: true, auctionDurationHours: 24 },
  PUBLIC_AUCTION: { ...COMMON, shippingType: 'PAID', shippingFee: 2500, openingAmount: 100, startsNow: true, auctionDurationHours: 24 },
  PRIVATE_AUCTION: { ...COMMON, shippingType: 'FREE', openingAmount: 100, startsNow: false, startsAt: NOW + HOUR_MS, auctionDurationHours: 48 },
  LIVE_AUCTION: { ...COMMON, shippingType: 'FREE', openingAmount: 100, startsNow: true, auctionDurationHours: 2, subAuctionDurationMinutes: 120, liveLink: 'https://live.example.com/x' },
  PUBLIC_TENDER: { ...COMMON, startsNow: true, endsAt: NOW + 7 * 24 * HOUR_MS },
  PRIVATE_TENDER: { ...COMMON, startsNow: false, startsAt: NOW + HOUR_MS, endsAt: NOW + 2 * HOUR_MS },
};

const codes = (issues: { path: string; code: string }[]) => Object.fromEntries(issues.map((issue) => [issue.path, issue.code]));

describe('ad form rules', () => {
  it.each(AD_TYPES)('publishes a complete %s and asks for every missing field of its type', (type) => {
    expect(adPublishIssues(type, COMPLETE[type], NOW)).toEqual([]);
    const missing = codes(adPublishIssues(type, { countryCodes: [] }, NOW));
    expect(missing).toMatchObject({ title: 'REQUIRED', description: 'REQUIRED', categoryId: 'REQUIRED', imageIds: 'IMAGES_REQUIRED', countryCodes: 'REQUIRED' });
    expect('price' in missing).toBe(type === 'INSTANT_SALE');
    expect('openingAmount' in missing).toBe(type.includes('AUCTION'));
    expect('liveLink' in missing).toBe(type === 'LIVE_AUCTION');
    expect('endsAt' in missing).toBe(type.endsWith('_TENDER'));
    expect('shippingType' in missing).toBe(!type.endsWith('_TENDER'));
  });

  it('compares fields with each other whenever both are there, drafts included', () => {
    expect(codes(adComparisonIssues({ openingAmount: 100, onBackPrice: 100 }))).toEqual({ onBackPrice: 'ON_BACK_PRICE_TOO_LOW' });
    expect(codes(adComparisonIssues({ openingAmount: 100, onBackPrice: 200, instantPurchaseAmount: 150 }))).toEqual({ instantPurchaseAmount: 'INSTANT_PURCHASE_TOO_LOW' });
    expect(codes(adComparisonIssues({ auctionDurationHours: 1, subAuctionDurationMinutes: 61 }))).toEqual({ subAuctionDurationMinutes: 'SUB_AUCTION_TOO_LONG' });
    expect(adComparisonIssues({ auctionDurationHours: 1, subAuctionDurationMinutes: 60 })).toEqual([]);
    expect(codes(adComparisonIssues({ subcategoryId: 3 }))).toEqual({ subcategoryId: 'CATEGORY_FIRST' });
    expect(codes(adComparisonIssues({ imageIds: ['a'], mainImageId: 'z' }))).toEqual({ mainImageId: 'MAIN_IMAGE_NOT_AMONG_IMAGES' });
    expect(codes(adComparisonIssues({ liveLink: 'http://live.example.com' }))).toEqual({ liveLink: 'LIVE_LINK_INVALID' });
    expect(codes(adComparisonIssues({ liveLink: 'not a link' }))).toEqual({ liveLink: 'LIVE_LINK_INVALID' });
    expect(codes(adComparisonIssues({ startsNow: false, startsAt: NOW, endsAt: NOW }))).toEqual({ endsAt: 'END_BEFORE_START' });
  });

  it('wants a schedule in the future when publishing', () => {
    expect(codes(adPublishIssues('PUBLIC_AUCTION', { ...COMPLETE.PUBLIC_AUCTION, startsNow: false, startsAt: NOW - 1 }, NOW))).toEqual({ startsAt: 'START_IN_PAST' });
    expect(codes(adPublishIssues('PUBLIC_TENDER', { ...COMPLETE.PUBLIC_TENDER, endsAt: NOW }, NOW))).toEqual({ endsAt: 'END_BEFORE_START' });
  });

  it('takes only whole amounts greater than 0, and refuses a keyword twice whatever its case', () => {
    for (const amount of [0, -5, 1.5]) {
      const result = adInputSchema.safeParse({ price: amount });
      expect(result.success ? null : result.error.issues[0]!.message).toBe('NOT_POSITIVE_INTEGER');
    }
    expect(repeatedKeywordIndex(['Toyota', 'sedan', ' toyota '])).toBe(2);
    const repeated = adInputSchema.safeParse({ keywords: ['Toyota', 'TOYOTA'] });
    expect(repeated.success ? null : repeated.error.issues[0]).toMatchObject({ path: ['keywords', 1], message: 'KEYWORD_ALREADY_ADDED' });
  });

  it('keeps only the fields a sale type asks for, and derives the schedule', () => {
    expect(fieldsOfType('PUBLIC_TENDER', { title: 'x', price: 5, openingAmount: 3 })).toEqual({ title: 'x' });
    expect(scheduleOf('INSTANT_SALE', {}, NOW)).toEqual({ startsAt: NOW, endsAt: null });
    expect(scheduleOf('PUBLIC_AUCTION', { startsNow: true, auctionDurationHours: 2 }, NOW)).toEqual({ startsAt: NOW, endsAt: NOW + 2 * HOUR_MS });
    expect(scheduleOf('PRIVATE_AUCTION', { startsNow: false, startsAt: NOW + HOUR_MS, auctionDurationHours: 1 }, NOW)).toEqual({ startsAt: NOW + HOUR_MS, endsAt: NOW + 2 * HOUR_MS });
    expect(scheduleOf('PUBLIC_TENDER', { startsNow: true, endsAt: NOW + HOUR_MS }, NOW)).toEqual({ startsAt: NOW, endsAt: NOW + HOUR_MS });
  });
});
