import { Flex, Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../lib/ui/router-link';
import { type AdListFilters, useAdList } from '../api/list-ads';
import { AdListResults } from './ad-grid';

/** A home-page shelf: a few ads of one kind and a link to all of them. */
export function AdSection({ title, filters, moreLink, testId }: { title: string; filters: AdListFilters; moreLink: string; testId: string }) {
  const { t } = useTranslation('ads');
  const ads = useAdList(filters);
  return (
    <Stack as="section" gap="4" data-testid={testId}>
      <Flex justify="space-between" align="baseline">
        <Heading as="h2" size="lg">
          {title}
        </Heading>
        <AppLink to={moreLink} fontSize="sm" color="colorPalette.fg">
          {t('home.seeAll')}
        </AppLink>
      </Flex>
      <AdListResults list={ads} emptyText={t('home.sectionEmpty')} />
    </Stack>
  );
}
