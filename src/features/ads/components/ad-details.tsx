import { DataList, Tag, Wrap } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdDetail } from '../../../../domain/ad-schemas';
import { UserText } from '../../../lib/ui/user-text';
import { useLocale } from '../../../lib/use-locale';
import { useCategoryPath } from '../use-category-path';
import { useCountryName } from '../use-place-name';

/** What the item is and where it is offered. */
export function AdDetails({ ad }: { ad: AdDetail }) {
  const { t } = useTranslation('ads');
  const locale = useLocale();
  const categoryPath = useCategoryPath(ad);
  const countryName = useCountryName();

  const rows: Array<[key: string, value: ReactNode]> = [
    ['condition', t(`conditions.${ad.condition}`)],
    ['category', categoryPath],
  ];
  if (ad.brand) rows.push(['brand', ad.brand[locale]]);
  rows.push(['countries', ad.countryCodes.map(countryName).join(t('common:separators.list'))]);
  if (ad.city) rows.push(['city', ad.city[locale]]);
  if (ad.keywords.length > 0) {
    rows.push([
      'keywords',
      <Wrap key="keywords" gap="1.5">
        {ad.keywords.map((keyword) => (
          <Tag.Root key={keyword} size="sm" variant="surface">
            <Tag.Label>
              <UserText>{keyword}</UserText>
            </Tag.Label>
          </Tag.Root>
        ))}
      </Wrap>,
    ]);
  }

  return (
    <DataList.Root orientation="horizontal" size="md" gap="3" data-testid="ad-details">
      {rows.map(([key, value]) => (
        <DataList.Item key={key}>
          <DataList.ItemLabel minW={{ base: '32', md: '40' }}>{t(`details.${key}`)}</DataList.ItemLabel>
          <DataList.ItemValue>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
