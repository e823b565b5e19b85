import { minorUnitsPerMajor } from '../../../domain/money';

const RAISES_PERCENT = [5, 10];

/**
 * One-tap amounts for the bid form: the least the next bid may offer, then about 5% and 10% above it,
 * rounded up to whole units of the currency and each at least one unit above the one before.
 * Integer arithmetic throughout, so no amount picks up a float's stray fraction.
 */
export function quickBidAmounts(minimumBid: number, currency: string): number[] {
  const perMajor = minorUnitsPerMajor(currency);
  const amounts = [minimumBid];
  for (const percent of RAISES_PERCENT) {
    const raised = Math.ceil((minimumBid * (100 + percent)) / (100 * perMajor)) * perMajor;
    amounts.push(Math.max(raised, (Math.floor(amounts.at(-1)! / perMajor) + 1) * perMajor));
  }
  return amounts;
}
