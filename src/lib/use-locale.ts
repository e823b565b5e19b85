import { useTranslation } from 'react-i18next';
import { resolveLocale, type Locale } from '../../domain/locale';

export function useLocale(): Locale {
  return resolveLocale(useTranslation().i18n.language);
}
