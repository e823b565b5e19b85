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
