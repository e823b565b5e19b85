import { toLatinDigits } from '../../domain/digits';
import { minorUnitsPerMajor } from '../../domain/money';

/** Grouping marks people type in long numbers (`12,000`, `١٢٬٠٠٠`, spaces) are dropped. */
const GROUPING = /[\s,\u066c]/g;
/** The Arabic decimal separator (٫) reads as a point. */
const ARABIC_DECIMAL_SEPARATOR = /\u066b/g;

/** Digits, then a point and decimals if any. */
const TYPED_AMOUNT = /^(\d+)(?:\.(\d*))?$/;

/** An amount as typed on an Arabic or English keyboard (`١٬٢٥٠٫٥`, `1,250.5`) in Latin digits, ungrouped, with a point: `1250.5`. */
export function latinAmountText(text: string): string {
  return toLatinDigits(text).replace(GROUPING, '').replace(ARABIC_DECIMAL_SEPARATOR, '.');
}

/** Whether `latinAmountText` gave an amount: digits, and decimals after a point. */
export function isTypedAmount(latinText: string): boolean {
  return TYPED_AMOUNT.test(latinText);
}

/**
 * An amount typed in major units of `currency` (`1,250`, `١٬٢٥٠٫٥`), in integer minor units, counted
 * digit by digit so no float ever rounds it: null when nothing is typed, NaN when the text is no
 * amount of that currency (not digits, or more decimals than the currency has). One too long to be
 * counted exactly comes out past MAX_AMOUNT_MINOR all the same, to be refused as too large.
 */
export function minorUnitsOfTypedAmount(text: string, currency: string): number | null {
  const typed = latinAmountText(text);
  if (typed === '') return null;
  const match = TYPED_AMOUNT.exec(typed);
  if (!match) return Number.NaN;
  const perMajor = minorUnitsPerMajor(currency);
  const decimals = String(perMajor).length - 1;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) return Number.NaN;
  return Number(match[1]) * perMajor + Number(fraction.padEnd(decimals, '0') || '0');
}

/** Minor units as the text an amount input shows, in major units with a point and Latin digits. */
export function typedAmountOf(minorUnits: number, currency: string): string {
  const perMajor = minorUnitsPerMajor(currency);
  const decimals = String(perMajor).length - 1;
  const fraction = String(minorUnits % perMajor).padStart(decimals, '0').replace(/0+$/, '');
  return `${Math.floor(minorUnits / perMajor)}${fraction ? `.${fraction}` : ''}`;
}
