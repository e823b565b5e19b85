import { type ReactNode, startTransition, useEffect, useLayoutEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { Locale } from '../../domain/locale';
import { applyToDocument, onLocaleChange, wordsIn } from '../lib/i18n';

/**
 * Hands the words of the shown language to every component. A switch (`changeLocale`) is a
 * transition: the page keeps the old language until the new one has rendered, and the html element's
 * `lang` and `dir` change in the same commit.
 */
export function WordsProvider({ initialLocale, children }: { initialLocale: Locale; children: ReactNode }) {
  const [locale, setLocale] = useState(initialLocale);
  useEffect(() => onLocaleChange((next) => startTransition(() => setLocale(next))), []);
  useLayoutEffect(() => applyToDocument(locale), [locale]);
  return <I18nextProvider i18n={wordsIn(locale)}>{children}</I18nextProvider>;
}
