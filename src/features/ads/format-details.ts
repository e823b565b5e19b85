import type { Locale } from '../../../domain/locale';
import { formatDate } from '../../lib/format';

/** Latin digits in both languages, as prices and dates elsewhere (src/lib/format.ts). */
const numberingLocale = (locale: Locale) => (locale === 'ar' ? 'ar-u-nu-latn' : 'en');

/**
 * A moment in the visitor's own time zone: the date as everywhere on the site, the time of day,
 * and, where a schedule matters, the zone's offset (GMT+3, غرينتش+3: never Intl's Latin `UTC` on an
 * Arabic page) so a buyer abroad knows whose clock it is.
 */
export function formatDateTime(timestamp: number, locale: Locale, { withZone = false } = {}): string {
  const time = new Intl.DateTimeFormat(numberingLocale(locale), { hour: 'numeric', minute: '2-digit', timeZoneName: withZone ? 'shortOffset' : undefined }).format(timestamp);
  return `${formatDate(timestamp)} ${time}`;
}

const KILOBYTE = 1024;
const MEGABYTE = KILOBYTE * 1024;

export function formatFileSize(bytes: number, locale: Locale): string {
  const [value, unit] = bytes >= MEGABYTE ? [bytes / MEGABYTE, 'megabyte'] : [Math.max(bytes / KILOBYTE, 1), 'kilobyte'];
  return new Intl.NumberFormat(numberingLocale(locale), { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}
