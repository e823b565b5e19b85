import { minorUnitsPerMajor } from '../../../domain/money';

const RAISES_PERCENT = [5, 10];

/**
 * The round step an amount's raises land on: a hundredth of its order of magnitude in whole units
 * (1 for hundreds, 10 for thousands, 100 for tens of thousands), never less than one unit, so a
 * bidder taps 42,100 rather than 42,003.
 */
function roundStepOf(minorUnits: number, perMajor: number): number {
  const wholeUnits = Math.max(1, Math.floor(minorUnits / perMajor));
  return Math.max(1, 10 ** (String(wholeUnits).length - 3)) * perMajor;
}

/**
 * One-tap amounts for the bid form: the least the next bid may offer, then about 5% and 10% above it,
 * rounded up to a round step of the amount and each at least one step above the one before.
 * Integer arithmetic throughout, so no amount picks up a float's stray fraction.
 */
export function quickBidAmounts(minimumBid: number, currency: string): number[] {
  const perMajor = minorUnitsPerMajor(currency);
  const step = roundStepOf(minimumBid, perMajor);
  const amounts = [minimumBid];
  for (const percent of RAISES_PERCENT) {
    const raised = Math.ceil((minimumBid * (100 + percent)) / (100 * step)) * step;
    amounts.push(Math.max(raised, (Math.floor(amounts.at(-1)! / step) + 1) * step));
  }
  return amounts;
}
