import i18next, { type BackendModule, createInstance, type InitOptions, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { directionOf, LOCALE_COOKIE, type Locale, resolveLocale } from '../../domain/locale';
import { UPLOAD_LIMIT_MESSAGE_VALUES } from '../../domain/limits';
import { writePreferenceCookie } from './preferences';

/** Namespaces every page needs are bundled; the others load with the pages that use them. */
const bundled = import.meta.glob<ResourceKey>('../../locales/*/{common,errors}.json', { eager: true, import: 'default' });
const onDemand = import.meta.glob<ResourceKey>('../../locales/*/*.json', { import: 'default' });

const localeFilesBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read(language, namespace, callback) {
    const path = `../../locales/${language}/${namespace}.json`;
    const bundledResource = bundled[path];
    if (bundledResource) return callback(null, bundledResource);
    const load = onDemand[path];
    if (!load) return callback(new Error(`No translations at ${path}`), false);
    load().then((resource) => callback(null, resource), (error: Error) => callback(error, false));
  },
};

function applyToDocument(locale: Locale) {
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

export async function initI18n(locale: Locale) {
  i18next.on('languageChanged', (language) => applyToDocument(resolveLocale(language)));
  await i18next.use(localeFilesBackend).use(initReactI18next).init(i18nOptions(locale, ['common', 'errors']));
  return i18next;
}

/** On the server: one language with every namespace loaded, so a page renders without waiting for words. */
export async function initRenderingI18n(locale: Locale) {
  const namespaces = [...new Set(Object.keys(onDemand).map((path) => path.split('/').at(-1)!.replace(/\.json$/, '')))];
  const instance = createInstance();
  await instance.use(localeFilesBackend).use(initReactI18next).init(i18nOptions(locale, namespaces));
  return instance;
}

/** Switches language: the html element's lang and dir follow at once, and the cookie keeps the choice. */
export async function changeLocale(locale: Locale) {
  writePreferenceCookie(LOCALE_COOKIE, locale);
  await i18next.changeLanguage(locale);
}
