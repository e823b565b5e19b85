/**
 * Value-added tax (or general sales tax) on the marketplace's own services, by the buyer's country,
 * in basis points. Kuwait and Qatar levy none. Prices are shown with the tax included, as Saudi and
 * Emirati rules require of prices offered to consumers, so the tax is worked back out of a price.
 */
const VAT_BASIS_POINTS: Record<string, number> = {
  SA: 1500,
  AE: 500,
  BH: 1000,
  OM: 500,
  KW: 0,
  QA: 0,
  EG: 1400,
  JO: 1600,
};

export function vatRateOf(countryCode: string): number {
  return VAT_BASIS_POINTS[countryCode] ?? 0;
}

/** Splits a tax-inclusive amount in minor units into its net and its tax, rounding the tax to the nearest minor unit. */
export function splitVat(total: number, basisPoints: number): { net: number; vat: number } {
  const vat = Math.round((total * basisPoints) / (10_000 + basisPoints));
  return { net: total - vat, vat };
}
