import i18next, { type BackendModule, createInstance, type i18n, type InitOptions, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { directionOf, LOCALE_COOKIE, type Locale, STARTING_NAMESPACES } from '../../domain/locale';
import { UPLOAD_LIMIT_MESSAGE_VALUES } from '../../domain/limits';
import { writePreferenceCookie } from './preferences';

/**
 * Each language's namespaces load when asked for, so a page downloads its own language's words only.
 * The server names the files of the page's language and namespaces in its HTML (`pageFiles`), so
 * they arrive with the scripts rather than after them.
 */
const localeFiles = import.meta.glob<ResourceKey>('../../locales/*/*.json', { import: 'default' });

const localeFilesBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read(language, namespace, callback) {
    const path = `../../locales/${language}/${namespace}.json`;
    const load = localeFiles[path];
    if (!load) return callback(new Error(`No translations at ${path}`), false);
    load().then((resource) => callback(null, resource), (error: Error) => callback(error, false));
  },
};

export function applyToDocument(locale: Locale) {
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}

function i18nOptions(locale: Locale, namespaces: string[]): InitOptions {
  return {
    lng: locale,
    fallbackLng: false,
    supportedLngs: ['ar', 'en'],
    ns: namespaces,
    defaultNS: 'common',
    interpolation: { escapeValue: false, defaultVariables: UPLOAD_LIMIT_MESSAGE_VALUES },
    returnNull: false,
    // A key missing from a locale is a bug: say so loudly, the end-to-end tests fail on it.
    saveMissing: true,
    missingKeyHandler: (languages, namespace, key) => console.error(`Missing translation ${namespace}:${key} for ${languages.join(',')}`),
  };
}

/** The words of each language the page has shown, one instance each; the first is i18next's own. */
const wordsByLocale = new Map<Locale, i18n>();

export async function initI18n(locale: Locale) {
  await i18next.use(localeFilesBackend).use(initReactI18next).init(i18nOptions(locale, STARTING_NAMESPACES));
  wordsByLocale.set(locale, i18next);
  return i18next;
}

/** The words of a language the page has loaded (`initI18n`, `changeLocale`). */
export function wordsIn(locale: Locale): i18n {
  const words = wordsByLocale.get(locale);
  if (!words) throw new Error(`The words of ${locale} are not loaded`);
  return words;
}

/** On the server: one language with every namespace loaded, so a page renders without waiting for words. */
export async function initRenderingI18n(locale: Locale) {
  const namespaces = [...new Set(Object.keys(localeFiles).map((path) => path.split('/').at(-1)!.replace(/\.json$/, '')))];
  const instance = createInstance();
  await instance.use(localeFilesBackend).use(initReactI18next).init(i18nOptions(locale, namespaces));
  return instance;
}

/** The namespaces `useTranslation` asked of an instance (react-i18next notes them on it). */
export function usedNamespaces(words: i18n): string[] {
  return (words as i18n & { reportNamespaces?: { getUsedNamespaces(): string[] } }).reportNamespaces?.getUsedNamespaces() ?? [];
}

const localeListeners = new Set<(locale: Locale) => void>();

/** Calls `listener` with each language the person switches to (`WordsProvider` shows it). Returns the unsubscribe. */
export function onLocaleChange(listener: (locale: Locale) => void): () => void {
  localeListeners.add(listener);
  return () => localeListeners.delete(listener);
}

/**
 * Switches language, once the words the page uses are loaded in it; the cookie keeps the choice. Each
 * language is an instance of its own, handed down by `WordsProvider`, so the switch reaches every
 * component through React: a part of a server-rendered page not yet taken over is taken over in the
 * language it was written in, then switched, instead of mismatching.
 */
export async function changeLocale(locale: Locale) {
  writePreferenceCookie(LOCALE_COOKIE, locale);
  const inUse = [...wordsByLocale.values()].flatMap(usedNamespaces);
  let words = wordsByLocale.get(locale);
  if (!words) {
    words = i18next.cloneInstance({ lng: locale, initAsync: false });
    wordsByLocale.set(locale, words);
  }
  await words.loadNamespaces([...new Set(inUse)]);
  localeListeners.forEach((listener) => listener(locale));
}
