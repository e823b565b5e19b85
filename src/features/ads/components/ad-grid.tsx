import { Button, HStack, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdList, AdSummary } from '../../../../domain/ad-schemas';
import { errorCodeOf } from '../../../lib/http';
import { AdCard } from './ad-card';

/** `leading`: the grid opens the page, so its first picture is likely the largest paint and is fetched first. */
export function AdGrid({ ads, loading, placeholders = 4, leading = false }: { ads: AdSummary[] | undefined; loading?: boolean; placeholders?: number; leading?: boolean }) {
  return (
    <SimpleGrid columns={{ base: 2, md: 3, lg: 4 }} gap={{ base: '3', md: '4' }} aria-busy={loading}>
      {loading && !ads
        ? Array.from({ length: placeholders }, (_, index) => <Skeleton key={index} height={{ base: '60', md: '80' }} borderRadius="l3" />)
        : ads?.map((ad, index) => <AdCard key={ad.slug} ad={ad} priority={leading && index === 0} />)}
    </SimpleGrid>
  );
}

/** A query that failed, said in words, with a second try. */
export function ListError({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <HStack gap="3" role="alert" wrap="wrap">
      <Text color="fg.error">{t(`errors:${errorCodeOf(error)}`)}</Text>
      <Button size="sm" variant="outline" onClick={retry}>
        {t('actions.retry')}
      </Button>
    </HStack>
  );
}

/** A listing as a query gives it: skeletons while loading, the grid, what to show when empty, or the error with a retry. */
export function AdListResults({
  list,
  empty,
  placeholders,
  limit,
  leading,
}: {
  list: UseQueryResult<AdList>;
  empty: ReactNode;
  placeholders?: number;
  limit?: number;
  leading?: boolean;
}) {
  // The cards render at a priority React may interrupt, in slices, so a page answering taps and
  // scrolls is not held by a grid of cards arriving together; the previous cards (or the
  // skeletons) stay until then.
  const items = useDeferredValue(list.data?.items);
  if (list.isError) return <ListError error={list.error} retry={() => void list.refetch()} />;
  if (list.data?.total === 0) return empty;
  return <AdGrid ads={items?.slice(0, limit)} loading={items === undefined} placeholders={placeholders ?? limit} leading={leading} />;
}
