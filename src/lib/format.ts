import type { Locale } from '../../domain/locale';
import { minorUnitsPerMajor } from '../../domain/money';

/**
 * Numbers use Latin digits in both languages, as Haraj and OpenSooq do, so prices and phone
 * numbers read the same to every buyer; Arabic-Indic digits are still accepted in inputs.
 */
const numberingLocale = (locale: Locale) => (locale === 'ar' ? 'ar-u-nu-latn' : 'en');

/**
 * Intl formatters are slow to make and quick to use: each is made once for its locale and options, so
 * a live auction's list of bids does not make dozens of them on every change.
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function formatterFor<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  const known = formatters.get(key) as T | undefined;
  if (known) return known;
  const made = make();
  formatters.set(key, made);
  return made;
}

/** SPEC.md section 9: dates read mm/dd/yy. `zone` is an IANA time zone, in components `useTimeZone()`. */
export function formatDate(timestamp: number, zone: string): string {
  const parts = formatterFor(`date ${zone}`, () => new Intl.DateTimeFormat('en-US', { timeZone: zone, year: '2-digit', month: '2-digit', day: '2-digit' })).formatToParts(timestamp);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value ?? '';
  return `${part('month')}/${part('day')}/${part('year')}`;
}

/**
 * A moment in the visitor's own time zone: the date as everywhere on the site, the time of day,
 * and, where a schedule matters, the zone's offset (GMT+3, غرينتش+3: never Intl's Latin `UTC` on an
 * Arabic page) so a buyer abroad knows whose clock it is.
 */
export function formatDateTime(timestamp: number, locale: Locale, zone: string, { withZone = false } = {}): string {
  const time = formatterFor(`date-time ${locale} ${zone} ${withZone}`, () =>
    new Intl.DateTimeFormat(numberingLocale(locale), { timeZone: zone, hour: 'numeric', minute: '2-digit', timeZoneName: withZone ? 'shortOffset' : undefined }),
  ).format(timestamp);
  return `${formatDate(timestamp, zone)} ${time}`;
}

/** A time of day to the second, where seconds tell events apart (bids in a live auction). */
export function formatTimeOfDay(timestamp: number, locale: Locale, zone: string): string {
  return formatterFor(`time-of-day ${locale} ${zone}`, () => new Intl.DateTimeFormat(numberingLocale(locale), { timeZone: zone, hour: 'numeric', minute: '2-digit', second: '2-digit' })).format(timestamp);
}

/** The currency's sign as the locale writes it (ر.س. in Arabic, SAR in English), beside an amount typed in. */
export function currencySymbol(currency: string, locale: Locale): string {
  const parts = formatterFor(`currency ${locale} ${currency}`, () => new Intl.NumberFormat(numberingLocale(locale), { style: 'currency', currency })).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}

export function formatMoney(minorUnits: number, currency: string, locale: Locale): string {
  const perMajor = minorUnitsPerMajor(currency);
  const fractionDigits = minorUnits % perMajor === 0 ? 0 : Math.log10(perMajor);
  return formatterFor(`money ${locale} ${currency} ${fractionDigits}`, () =>
    new Intl.NumberFormat(numberingLocale(locale), { style: 'currency', currency, maximumFractionDigits: fractionDigits }),
  ).format(minorUnits / perMajor);
}

const KILOBYTE = 1024;
const MEGABYTE = KILOBYTE * 1024;

/** A file's size as people read it (`2.4 MB`, at least `1 kB`), in the page's language with Latin digits. */
export function formatFileSize(bytes: number, locale: Locale): string {
  const [value, unit] = bytes >= MEGABYTE ? [bytes / MEGABYTE, 'megabyte'] : [Math.max(bytes / KILOBYTE, 1), 'kilobyte'];
  return formatterFor(`file-size ${locale} ${unit}`, () => new Intl.NumberFormat(numberingLocale(locale), { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 })).format(value);
}
