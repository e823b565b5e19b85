import { z } from 'zod';
import { ERROR_CODES } from './errors';
import { toLatinDigits } from './digits';
import { MAX_AMOUNT_MINOR } from './money';

/**
 * Field builders shared by client forms and server routes. Issue messages are error codes;
 * each side turns them into words through the `errors` locale namespace.
 */
export function requiredText(maxLength: number) {
  return z
    .string({ error: ERROR_CODES.REQUIRED })
    .trim()
    .min(1, { error: ERROR_CODES.REQUIRED, abort: true })
    .max(maxLength, { error: ERROR_CODES.VALIDATION_FAILED });
}

export const emailField = z
  .string({ error: ERROR_CODES.REQUIRED })
  .trim()
  .min(1, { error: ERROR_CODES.REQUIRED, abort: true })
  .pipe(z.email({ error: ERROR_CODES.INVALID_EMAIL }))
  .transform((email) => email.toLowerCase());

/** How many digits an international phone number has, country code included. */
export const PHONE_MIN_DIGITS = 9;
export const PHONE_MAX_DIGITS = 14;

/**
 * A phone number as typed on any keyboard, stored as its international digits: Arabic-Indic
 * digits become ASCII, spaces, dashes, brackets and dots go, and a leading + or 00 is dropped.
 */
export const phoneDigits = z
  .string({ error: ERROR_CODES.REQUIRED })
  .transform((value) => toLatinDigits(value).replace(/[\s\-().]/g, '').replace(/^(\+|00)/, ''));

/**
 * An amount of money in minor units: a whole number above 0, at most MAX_AMOUNT_MINOR. The limit is
 * checked first, so a number too long to be exact is called too large rather than not whole.
 */
export const amountField = z
  .number({ error: ERROR_CODES.NOT_POSITIVE_INTEGER })
  .max(MAX_AMOUNT_MINOR, { error: ERROR_CODES.AMOUNT_TOO_LARGE })
  .int({ error: ERROR_CODES.NOT_POSITIVE_INTEGER })
  .positive({ error: ERROR_CODES.NOT_POSITIVE_INTEGER });
