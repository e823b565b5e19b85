import { Badge, Box, Button, CloseButton, Drawer, Field, Grid, HStack, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { SearchX, SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AD_PAGE_SIZES, AD_SORTS, SALE_KINDS } from '../../../../domain/ad';
import { ROUTES } from '../../../../domain/routes';
import { useCategories } from '../../../lib/catalog';
import { PageEmptyState } from '../../../lib/ui/empty-state';
import { PageHeading } from '../../../lib/ui/page-heading';
import { ButtonLink } from '../../../lib/ui/router-link';
import { useLocale } from '../../../lib/use-locale';
import { useAdList } from '../api/list-ads';
import { AdListResults } from '../components/ad-grid';
import { type ListingChange, ListingFilters } from '../components/listing-filters';
import { ListingPagination } from '../components/listing-pagination';
import { activeFilterCount, listQueryOf, readListing, withListingChange, withoutFilters } from '../listing-query';
import { useListingCountry } from '../use-listing-country';

/** Listing, search and category browsing: every choice lives in the address, so a search can be shared and Back works. */
export default function ProductListPage() {
  const { t } = useTranslation('ads');
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const categories = useCategories();
  const { ready, country } = useListingCountry();
  const listing = readListing(params);
  const ads = useAdList(listQueryOf(listing, country), { enabled: ready });
  const filterCount = activeFilterCount(listing);

  // A filter changes what is shown, not where the reader is; a new page of results starts at the top.
  const change: ListingChange = (changes) => setParams(withListingChange(params, changes), { preventScrollReset: true });
  const clearFilters = () => setParams(withoutFilters(params), { preventScrollReset: true });
  const browsed = categories.data?.flatMap((category) => [category, ...category.children]).find((category) => category.slug === listing.category);

  const title = listing.q ? (
    <Trans t={t} i18nKey="list.resultsFor" values={{ query: listing.q }} components={{ bdi: <bdi data-user-text="" /> }} />
  ) : (
    (browsed?.name[locale] ?? t('list.title'))
  );
  const filters = <ListingFilters listing={listing} country={country} onChange={change} onClear={clearFilters} />;

  return (
    <Stack gap="4" data-page="product-list">
      <PageHeading title={title} subtitle={ads.data ? t('list.count', { count: ads.data.total }) : undefined} />
      <HStack gap="2" wrap="wrap" role="group" aria-label={t('list.kindFilter')} mt="-4">
        <Button size="sm" variant={listing.kind ? 'outline' : 'solid'} aria-pressed={!listing.kind} onClick={() => change({ kind: null })}>
          {t('list.kinds.ALL')}
        </Button>
        {SALE_KINDS.map((kind) => (
          <Button key={kind} size="sm" variant={listing.kind === kind ? 'solid' : 'outline'} aria-pressed={listing.kind === kind} onClick={() => change({ kind })}>
            {t(`list.kinds.${kind}`)}
          </Button>
        ))}
      </HStack>
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: '16rem minmax(0, 1fr)' }} gap="6" alignItems="start">
        <Box as="aside" aria-label={t('filters.title')} display={{ base: 'none', lg: 'block' }} bg="bg" borderWidth="1px" borderRadius="l3" p="4">
          {filters}
        </Box>
        <Stack gap="4" minW="0">
          <HStack gap="3" wrap="wrap" justify="space-between">
            <Button size="sm" variant="outline" display={{ base: 'inline-flex', lg: 'none' }} onClick={() => setFiltersOpen(true)} data-testid="open-filters">
              <SlidersHorizontal aria-hidden />
              {t('filters.title')}
              {filterCount > 0 ? (
                <Badge size="sm" colorPalette="teal" variant="solid">
                  {filterCount}
                </Badge>
              ) : null}
            </Button>
            <HStack gap="3" marginInlineStart="auto">
              <ArrangementSelect label={t('list.sortBy')} value={listing.sort} options={AD_SORTS} optionLabel={(sort) => t(`list.sorts.${sort}`)} onChange={(sort) => change({ sort })} testId="sort" />
              <ArrangementSelect label={t('list.perPage')} value={listing.pageSize} options={AD_PAGE_SIZES} optionLabel={String} onChange={(pageSize) => change({ pageSize })} testId="page-size" />
            </HStack>
          </HStack>
          <Box opacity={ads.isPlaceholderData ? 0.6 : 1} transition="opacity 0.15s">
            <AdListResults
              list={ads}
              placeholders={8}
              leading
              empty={
                <PageEmptyState
                  icon={<SearchX />}
                  title={t('list.emptyTitle')}
                  description={t('list.emptyDescription')}
                  action={
                    filterCount > 0 ? (
                      <Button onClick={clearFilters}>{t('filters.clear')}</Button>
                    ) : listing.q ? (
                      <ButtonLink to={ROUTES.productList}>{t('list.seeAll')}</ButtonLink>
                    ) : undefined
                  }
                />
              }
            />
          </Box>
          {ads.data ? (
            <ListingPagination total={ads.data.total} page={listing.page} pageSize={listing.pageSize} onPageChange={(page) => setParams(withListingChange(params, { page: String(page) }))} />
          ) : null}
        </Stack>
      </Grid>

      <Drawer.Root open={filtersOpen} onOpenChange={(event) => setFiltersOpen(event.open)} placement="start">
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content>
              <Drawer.Header>
                <Drawer.Title>{t('filters.title')}</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body>{filters}</Drawer.Body>
              <Drawer.Footer>
                <Button w="full" onClick={() => setFiltersOpen(false)} data-testid="show-results">
                  {ads.data ? t('filters.showResults', { count: ads.data.total }) : t('filters.done')}
                </Button>
              </Drawer.Footer>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('common:actions.close')} />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
      {ads.isFetching && ads.isPlaceholderData ? (
        <Text srOnly role="status">
          {t('list.updating')}
        </Text>
      ) : null}
    </Stack>
  );
}

interface ArrangementSelectProps<Option extends string | number> {
  label: string;
  value: Option;
  options: readonly Option[];
  optionLabel: (option: Option) => string;
  onChange: (value: string) => void;
  testId: string;
}

/** A compact select beside the results that arranges them (order, page size) without narrowing them. */
function ArrangementSelect<Option extends string | number>({ label, value, options, optionLabel, onChange, testId }: ArrangementSelectProps<Option>) {
  return (
    <Field.Root orientation="horizontal" gap="2" w="auto">
      <Field.Label fontSize="sm" whiteSpace="nowrap" flex="none">
        {label}
      </Field.Label>
      <NativeSelect.Root size="sm" w="auto">
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)} data-testid={testId}>
          {options.map((option) => (
            <option key={option} value={option}>
              {optionLabel(option)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
