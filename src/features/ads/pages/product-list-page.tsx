import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SALE_KINDS, type SaleKind } from '../../../../domain/ad';
import { useChosenCountry } from '../../../lib/country';
import { PageHeading } from '../../../lib/ui/page-heading';
import { useAdList } from '../api/list-ads';
import { AdListResults } from '../components/ad-grid';

const PAGE_SIZE = 12;

/** Listing and search; every choice lives in the URL so a search can be shared and Back works. */
export default function ProductListPage() {
  const { t } = useTranslation('ads');
  const [params, setParams] = useSearchParams();
  const country = useChosenCountry();
  const q = params.get('q') ?? undefined;
  const kindParam = params.get('kind');
  const kind = SALE_KINDS.find((value) => value === kindParam);
  const category = params.get('category') ?? undefined;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const ads = useAdList({ q, kind, category, country, page, pageSize: PAGE_SIZE });
  const totalPages = ads.data ? Math.max(1, Math.ceil(ads.data.total / ads.data.pageSize)) : 1;

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };

  return (
    <Stack gap="6" data-page="product-list">
      <PageHeading title={q ? <Trans t={t} i18nKey="list.resultsFor" values={{ query: q }} components={{ bdi: <bdi data-user-text="" /> }} /> : t('list.title')} subtitle={ads.data ? t('list.count', { count: ads.data.total }) : undefined} />
      <HStack gap="2" wrap="wrap" role="group" aria-label={t('list.kindFilter')}>
        <Button size="sm" variant={kind ? 'outline' : 'solid'} onClick={() => update({ kind: null })}>
          {t('list.kinds.ALL')}
        </Button>
        {SALE_KINDS.map((value: SaleKind) => (
          <Button key={value} size="sm" variant={kind === value ? 'solid' : 'outline'} onClick={() => update({ kind: value })}>
            {t(`list.kinds.${value}`)}
          </Button>
        ))}
      </HStack>
      <AdListResults list={ads} emptyText={t('list.empty')} placeholders={8} />
      {totalPages > 1 ? (
        <HStack justify="center" gap="3">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => update({ page: String(page - 1) })}>
            {t('list.previous')}
          </Button>
          <Text fontSize="sm">{t('list.pageOf', { page, total: totalPages })}</Text>
          <Button size="sm" variant="outline" disabled={page >= totalPages} onClick={() => update({ page: String(page + 1) })}>
            {t('list.next')}
          </Button>
        </HStack>
      ) : null}
    </Stack>
  );
}
