import { format } from 'date-fns';
import type { Locale } from '../../domain/locale';
import { minorUnitsPerMajor } from '../../domain/money';

/**
 * Numbers use Latin digits in both languages, as Haraj and OpenSooq do, so prices and phone
 * numbers read the same to every buyer; Arabic-Indic digits are still accepted in inputs.
 */
const numberingLocale = (locale: Locale) => (locale === 'ar' ? 'ar-u-nu-latn' : 'en');

/** SPEC.md section 9: dates read mm/dd/yy. */
export const DATE_FORMAT = 'MM/dd/yy';

export function formatDate(timestamp: number): string {
  return format(timestamp, DATE_FORMAT);
}

export function formatMoney(minorUnits: number, currency: string, locale: Locale): string {
  const perMajor = minorUnitsPerMajor(currency);
  return new Intl.NumberFormat(numberingLocale(locale), {
    style: 'currency',
    currency,
    maximumFractionDigits: minorUnits % perMajor === 0 ? 0 : Math.log10(perMajor),
  }).format(minorUnits / perMajor);
}
