import { Alert, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ERROR_CODES } from '../../../../domain/errors';
import { pathTo } from '../../../../domain/routes';
import { PageHeading } from '../../../lib/ui/page-heading';
import { PageLoading } from '../../../lib/ui/page-loading';
import { ButtonLink } from '../../../lib/ui/router-link';
import { UserText } from '../../../lib/ui/user-text';
import { useOwnedAd } from '../api/get-owned-ad';
import { AdForm } from '../components/ad-form';

/** Only the owner gets past the server; anyone else sees its refusal, since signing in again would not help. */
export default function AdEditPage() {
  const { t } = useTranslation('sell');
  const { slug = '' } = useParams();
  const ad = useOwnedAd(slug);
  if (ad.isPending) return <PageLoading />;
  if (ad.isError) throw ad.error;
  const { type, status, actions } = ad.data;
  const title = ad.data.fields.title ? <UserText>{ad.data.fields.title}</UserText> : t('edit.title');
  return (
    <Stack gap="2" data-page="ad-edit" maxW="4xl" w="full" mx="auto">
      <PageHeading title={title} subtitle={t('edit.subtitle', { type: t(`common:saleTypes.${type}.name`) })} />
      {actions.edit ? (
        // Keyed by the ad, so moving from one ad's edit page to another's starts from the other's fields.
        <AdForm key={ad.data.slug} type={type} ad={ad.data} />
      ) : (
        <Alert.Root status="warning" role="alert" data-testid="edit-locked" flexWrap="wrap">
          <Alert.Indicator />
          <Alert.Content minW="60" flex="1">
            <Alert.Title>{t(`errors:${status === 'PUBLISHED' ? ERROR_CODES.AD_EDIT_LOCKED : ERROR_CODES.AD_ACTION_NOT_ALLOWED}`)}</Alert.Title>
          </Alert.Content>
          <ButtonLink to={status === 'DRAFT' ? pathTo('adDraft', { slug }) : pathTo('ad', { slug })} size="sm" alignSelf="center" variant="outline">
            {t('viewAd')}
          </ButtonLink>
        </Alert.Root>
      )}
    </Stack>
  );
}
