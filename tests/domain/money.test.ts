import { describe, expect, it } from 'vitest';
import { amountField } from '../../domain/fields';
import { CURRENCY_MINOR_UNITS, MAX_AMOUNT_MINOR } from '../../domain/money';

const firstIssueOf = (amount: number) => amountField.safeParse(amount).error?.issues[0]?.message;

describe('the amount limit', () => {
  it('leaves every amount derived from accepted amounts an exact integer', () => {
    for (const perMajor of Object.values(CURRENCY_MINOR_UNITS)) {
      // The next minimum bid above a bid at the limit: one whole unit more.
      expect(Number.isSafeInteger(MAX_AMOUNT_MINOR + perMajor)).toBe(true);
    }
    // A price with its shipping fee, both at the limit.
    expect(Number.isSafeInteger(MAX_AMOUNT_MINOR + MAX_AMOUNT_MINOR)).toBe(true);
    // The quick bid raises multiply a minimum bid by up to 200 before dividing.
    expect(Number.isSafeInteger((MAX_AMOUNT_MINOR + Math.max(...Object.values(CURRENCY_MINOR_UNITS))) * 200)).toBe(true);
  });

  it('takes whole amounts from 1 to the limit, and calls anything above it too large, however long', () => {
    for (const amount of [1, 100, MAX_AMOUNT_MINOR]) expect(amountField.safeParse(amount).success, String(amount)).toBe(true);
    for (const amount of [MAX_AMOUNT_MINOR + 1, 9_007_199_254_740_900, Number.MAX_SAFE_INTEGER + 2, 1e300]) expect(firstIssueOf(amount), String(amount)).toBe('AMOUNT_TOO_LARGE');
    for (const amount of [0, -1, 1.5, -1e300]) expect(firstIssueOf(amount), String(amount)).toBe('NOT_POSITIVE_INTEGER');
  });
});
