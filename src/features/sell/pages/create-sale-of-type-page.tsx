import { Alert, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { data, useLocation, useParams } from 'react-router';
import { adTypeFromSlug } from '../../../../domain/ad';
import { signInPathFor } from '../../../../domain/routes';
import { useSession } from '../../../lib/session';
import { PageHeading } from '../../../lib/ui/page-heading';
import { PageLoading } from '../../../lib/ui/page-loading';
import { ButtonLink } from '../../../lib/ui/router-link';
import { AdForm } from '../components/ad-form';

export default function CreateSaleOfTypePage() {
  const { t } = useTranslation('sell');
  const { slug = '' } = useParams();
  const location = useLocation();
  const session = useSession();
  const type = adTypeFromSlug(slug);
  if (!type) throw data(null, { status: 404 });
  if (session.isError) throw session.error;
  return (
    <Stack gap="2" data-page="create-sale-of-type" maxW="4xl" w="full" mx="auto">
      <PageHeading title={t('form.createTitle', { type: t(`common:saleTypes.${type}.name`) })} subtitle={t(`common:saleTypes.${type}.description`)} />
      {session.isPending ? (
        <PageLoading />
      ) : session.data === null ? (
        <Alert.Root status="info" data-testid="sign-in-to-advertise" flexWrap="wrap">
          <Alert.Indicator />
          <Alert.Content minW="60" flex="1">
            <Alert.Title>{t('pick.signInTitle')}</Alert.Title>
            <Alert.Description>{t('pick.signInDescription')}</Alert.Description>
          </Alert.Content>
          <ButtonLink to={signInPathFor(location.pathname)} size="sm" alignSelf="center">
            {t('pick.signIn')}
          </ButtonLink>
        </Alert.Root>
      ) : (
        <AdForm type={type} />
      )}
    </Stack>
  );
}
