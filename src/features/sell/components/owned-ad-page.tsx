import { Stack, Text } from '@chakra-ui/react';
import { FilePenLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { pathTo } from '../../../../domain/routes';
import { PageEmptyState } from '../../../lib/ui/empty-state';
import { PageHeading } from '../../../lib/ui/page-heading';
import { ButtonLink } from '../../../lib/ui/router-link';
import { UserText } from '../../../lib/ui/user-text';
import { useOwnedAd } from '../api/get-owned-ad';
import { PageLoading } from '../../../lib/ui/page-loading';

/**
 * The owner's view of one ad (draft preview or edit). Only the owner gets past the server;
 * anyone else sees the permission message, since signing in again would not help.
 */
export function OwnedAdPage({ page, section }: { page: string; section: 'draft' | 'edit' }) {
  const { t } = useTranslation('sell');
  const { slug = '' } = useParams();
  const ad = useOwnedAd(slug);
  if (ad.isPending) {
    return <PageLoading />;
  }
  if (ad.isError) throw ad.error;
  return (
    <Stack gap="2" data-page={page}>
      <PageHeading title={t(`${section}.title`)} />
      <Text fontWeight="semibold" fontSize="lg">
        <UserText>{ad.data.title}</UserText>
      </Text>
      <PageEmptyState
        icon={<FilePenLine />}
        title={t(`${section}.emptyTitle`)}
        description={t(`${section}.emptyDescription`)}
        action={<ButtonLink to={pathTo('ad', { slug })}>{t('viewAd')}</ButtonLink>}
      />
    </Stack>
  );
}
