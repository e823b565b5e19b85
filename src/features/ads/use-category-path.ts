import { useTranslation } from 'react-i18next';
import type { LocalizedName } from '../../../domain/catalog';
import { useLocale } from '../../lib/use-locale';

/** Where an ad sits in the catalogue, as a breadcrumb: its category, then its subcategory when it has one. */
export function useCategoryPath(ad: { category: LocalizedName; subcategory: LocalizedName | null }): string {
  const { t } = useTranslation();
  const locale = useLocale();
  return [ad.category[locale], ad.subcategory?.[locale]].filter(Boolean).join(t('common:separators.breadcrumb'));
}
