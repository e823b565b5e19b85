import { UPLOAD_LIMITS } from '../../domain/limits';
import { DEFAULT_LOCALE, DEFAULT_TIME_ZONE, LOCALE_COOKIE, readCookie, resolveLocale } from '../../domain/locale';
import { DEFAULT_CURRENCY } from '../../domain/money';
import { RUNTIME_CONFIG_ELEMENT_ID, type RuntimeConfig } from '../../domain/runtime-config';

let zoneOfThisDevice: string | undefined;

/**
 * The zone this device shows times in, asked once per page: every component that shows a time reads
 * it on each render, and the live screen renders often. A device moved to another zone shows it from
 * the next page it loads.
 */
export function deviceTimeZone(): string {
  return (zoneOfThisDevice ??= Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE);
}

/**
 * The configuration the server injected into the page, as `RuntimeConfig` types it on both sides. A
 * page opened without it (a file served by something else) still starts, on the defaults and the
 * language cookie.
 */
function readPageConfig(): RuntimeConfig {
  const injected = document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent;
  if (injected) return JSON.parse(injected) as RuntimeConfig;
  return {
    apiBaseUrl: '/api',
    locale: resolveLocale(readCookie(document.cookie, LOCALE_COOKIE)),
    defaultLocale: DEFAULT_LOCALE,
    currency: DEFAULT_CURRENCY,
    buildId: 'unknown',
    uploadLimits: { imageBytes: UPLOAD_LIMITS.imageBytes, videoBytes: UPLOAD_LIMITS.videoBytes, documentBytes: UPLOAD_LIMITS.documentBytes },
    country: null,
    socialSignIn: [],
    localOutboxChannels: [],
    auctionClockTool: false,
    styleNonce: null,
    timeZone: deviceTimeZone(),
    renderedAt: null,
  };
}

let pageConfig: RuntimeConfig | undefined;
let readConfig = (): RuntimeConfig => (pageConfig ??= readPageConfig());

/** The configuration of the page being shown, or, on the server, of the page being rendered. */
export function runtimeConfig(): RuntimeConfig {
  return readConfig();
}

/** On the server each request renders with its own configuration: `read` finds the current one. */
export function readRuntimeConfigWith(read: () => RuntimeConfig) {
  readConfig = read;
}
