import { SimpleGrid, Skeleton } from '@chakra-ui/react';
import type { AdSummary } from '../../../../domain/ad';
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
