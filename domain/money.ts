/** Money travels and is stored as integer minor units (halalas, piastres, fils); never a float. */
export const DEFAULT_CURRENCY = 'SAR';

/** Minor units per major unit by currency (ISO 4217 exponents of the markets served). */
export const CURRENCY_MINOR_UNITS: Record<string, number> = {
  SAR: 100,
  AED: 100,
  QAR: 100,
  EGP: 100,
  KWD: 1000,
  BHD: 1000,
  OMR: 1000,
  JOD: 1000,
};

export function minorUnitsPerMajor(currency: string): number {
  return CURRENCY_MINOR_UNITS[currency] ?? 100;
}

/**
 * The largest amount the marketplace accepts anywhere (a price, a fee, a bid, an opening or reserve
 * price, an instant purchase, and any offer or payment to come), in minor units of any currency:
 * 100 billion riyals, ten billion dinars. Far below 2^53, so whatever is derived from accepted
 * amounts stays an exact integer: the next minimum bid (one major unit more), a price with its
 * shipping, and the quick bid raises, which multiply an amount by up to 200 before dividing.
 */
export const MAX_AMOUNT_MINOR = 10 ** 13;
