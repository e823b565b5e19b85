import { ButtonGroup, IconButton, Pagination } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { directionOf } from '../../../../domain/locale';
import { useLocale } from '../../../lib/use-locale';

/** Page numbers under a listing; "previous" points against the reading direction. */
export function ListingPagination({ total, page, pageSize, onPageChange }: { total: number; page: number; pageSize: number; onPageChange: (page: number) => void }) {
  const { t } = useTranslation('ads');
  const [PreviousIcon, NextIcon] = directionOf(useLocale()) === 'rtl' ? [ChevronRight, ChevronLeft] : [ChevronLeft, ChevronRight];
  if (total <= pageSize) return null;
  return (
    <Pagination.Root
      count={total}
      pageSize={pageSize}
      page={page}
      siblingCount={1}
      onPageChange={(details) => onPageChange(details.page)}
      translations={{
        rootLabel: t('list.pagination'),
        prevTriggerLabel: t('list.previous'),
        nextTriggerLabel: t('list.next'),
        itemLabel: ({ page: item, totalPages }) => t('list.pageOf', { page: item, total: totalPages }),
      }}
      alignSelf="center"
      data-testid="pagination"
    >
      <ButtonGroup variant="ghost" size={{ base: 'sm', md: 'md' }} gap="1" wrap="wrap" justifyContent="center">
        <Pagination.PrevTrigger asChild>
          <IconButton>
            <PreviousIcon aria-hidden />
          </IconButton>
        </Pagination.PrevTrigger>
        <Pagination.Items render={(item) => <IconButton variant={{ base: 'ghost', _selected: 'outline' }}>{item.value}</IconButton>} />
        <Pagination.NextTrigger asChild>
          <IconButton>
            <NextIcon aria-hidden />
          </IconButton>
        </Pagination.NextTrigger>
      </ButtonGroup>
    </Pagination.Root>
  );
}
