import { toLatinDigits } from './digits';

// Kept apart from account.ts, whose validation loads libphonenumber's metadata: the sign-in page
// composes phone numbers too, and has no need to ship that.

/**
 * The international digits of a number typed as a dial code and a national part: the national
 * part's leading trunk zero goes (`0501234567` in Saudi Arabia is `966501234567`), and a national
 * part typed with its own `+` or `00` is taken as already international.
 */
export function internationalPhone(dialCode: string, national: string): string {
  const typed = toLatinDigits(national).trim();
  if (/^(\+|00)/.test(typed)) return typed;
  const dial = dialCode.replace(/\D/g, '');
  return typed === '' ? '' : `${dial}${typed.replace(/^0+/, '')}`;
}
