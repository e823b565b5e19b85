export const LOCALES = ['ar', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'ar';
/** The translation namespaces (`locales/<locale>/<namespace>.json`) every page loads at start; a page's others load with it. */
export const STARTING_NAMESPACES = ['common', 'errors'];
export const LOCALE_COOKIE = 'locale';
export const COUNTRY_COOKIE = 'country';
/** The visitor's time zone, so a page rendered on the server shows times as their device would. */
export const TIME_ZONE_COOKIE = 'tz';
/** Where most buyers are: the zone a first visit's page is rendered in before the device names its own. */
export const DEFAULT_TIME_ZONE = 'Asia/Riyadh';
/** A year: the choice of language and country should outlive a session. */
export const PREFERENCE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function resolveLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

export function directionOf(locale: Locale): 'rtl' | 'ltr' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}

/** Reads one cookie out of a Cookie header or `document.cookie`. */
export function readCookie(cookieHeader: string | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      // A malformed value is treated as absent, never as a reason to fail the request.
      return undefined;
    }
  }
  return undefined;
}

/**
 * Text a user wrote, set into a translated sentence that cannot hold an element (an attribute, an
 * accessible name, a plain-text message): wrapped in Unicode's first-strong isolate and its closing mark, as a `<bdi>` would
 * be in markup, so a Latin name keeps its order inside Arabic words and the reverse.
 */
export function isolateUserText(text: string): string {
  return `\u2068${text}\u2069`;
}
