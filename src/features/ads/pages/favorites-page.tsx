import { Stack } from '@chakra-ui/react';
import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../../../domain/routes';
import { PageEmptyState } from '../../../lib/ui/empty-state';
import { PageHeading } from '../../../lib/ui/page-heading';
import { PageLoading } from '../../../lib/ui/page-loading';
import { ButtonLink } from '../../../lib/ui/router-link';
import { useFavorites } from '../api/list-favorites';
import { AdGrid, ListError } from '../components/ad-grid';

/**
 * The signed-in person's favourites, newest first. Ads that ended or were removed stay, marked as
 * such, until unfavourited; an unfavourited card stays until the page is left, so a slip is undone in place.
 */
export default function FavoritesPage() {
  const { t } = useTranslation('pages');
  const { t: tAds } = useTranslation('ads');
  const favorites = useFavorites();
  if (favorites.isPending) return <PageLoading />;
  return (
    <Stack gap="2" data-page="favorites">
      <PageHeading title={t('favorites.title')} subtitle={favorites.data?.items.length ? tAds('list.count', { count: favorites.data.items.length }) : undefined} />
      {favorites.isError ? (
        <ListError error={favorites.error} retry={() => void favorites.refetch()} />
      ) : favorites.data.items.length === 0 ? (
        <PageEmptyState
          icon={<Heart />}
          title={t('favorites.emptyTitle')}
          description={t('favorites.emptyDescription')}
          action={<ButtonLink to={ROUTES.productList}>{t('favorites.action')}</ButtonLink>}
        />
      ) : (
        <AdGrid ads={favorites.data.items} />
      )}
    </Stack>
  );
}
