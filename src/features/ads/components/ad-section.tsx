import { Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { productListPath } from '../../../../domain/routes';
import { AppLink } from '../../../lib/ui/router-link';
import { useAdList } from '../api/list-ads';
import { listQueryOf, readListing } from '../listing-query';
import { useListingCountry } from '../use-listing-country';
import { AdListResults } from './ad-grid';

/** A home-page shelf: the first ads of a listing, and a link to that same listing in full. */
export function AdSection({ title, search, limit, testId }: { title: string; search: Record<string, string>; limit: number; testId: string }) {
  const { t } = useTranslation('ads');
  const { ready, country } = useListingCountry();
  const ads = useAdList(listQueryOf(readListing(new URLSearchParams(search)), country), { enabled: ready });
  return (
    <Stack as="section" gap="4" data-testid={testId}>
      <Flex justify="space-between" align="baseline" gap="3">
        <Heading as="h2" size={{ base: 'md', md: 'lg' }}>
          {title}
        </Heading>
        <AppLink to={productListPath(search)} fontSize="sm" color="colorPalette.fg" flexShrink={0}>
          {t('home.seeAll')}
        </AppLink>
      </Flex>
      <AdListResults list={ads} limit={limit} empty={<Text color="fg.muted">{t('home.sectionEmpty')}</Text>} />
    </Stack>
  );
}
