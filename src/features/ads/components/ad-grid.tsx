import { Button, HStack, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdList, AdSummary } from '../../../../domain/ad';
import { AdCard } from './ad-card';

export function AdGrid({ ads, loading, placeholders = 4 }: { ads: AdSummary[] | undefined; loading?: boolean; placeholders?: number }) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, md: 3, lg: 4 }} gap="4">
      {loading && !ads
        ? Array.from({ length: placeholders }, (_, index) => <Skeleton key={index} height="72" borderRadius="l3" />)
        : ads?.map((ad) => <AdCard key={ad.slug} ad={ad} />)}
    </SimpleGrid>
  );
}

/** A listing as a query gives it: skeletons while loading, the grid, its empty text, or the error with a retry. */
export function AdListResults({ list, emptyText, placeholders }: { list: UseQueryResult<AdList>; emptyText: string; placeholders?: number }) {
  const { t } = useTranslation();
  if (list.isError) {
    return (
      <HStack gap="3" role="alert">
        <Text color="fg.error">{t('errors:INTERNAL')}</Text>
        <Button size="sm" variant="outline" onClick={() => void list.refetch()}>
          {t('actions.retry')}
        </Button>
      </HStack>
    );
  }
  if (list.data?.total === 0) return <Text color="fg.muted">{emptyText}</Text>;
  return <AdGrid ads={list.data?.items} loading={list.isPending} placeholders={placeholders} />;
}
