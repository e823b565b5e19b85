import { Alert, SimpleGrid, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { AD_TYPES } from '../../../../domain/ad';
import { ROUTES, signInPathFor } from '../../../../domain/routes';
import { useSession } from '../../../lib/session';
import { PageHeading } from '../../../lib/ui/page-heading';
import { ButtonLink } from '../../../lib/ui/router-link';
import { SaleTypeCard } from '../components/sale-type-card';

export default function CreateSalesPage() {
  const { t } = useTranslation('sell');
  const session = useSession();
  return (
    <Stack gap="6" data-page="create-sales">
      <PageHeading title={t('pick.title')} subtitle={t('pick.subtitle')} />
      {session.data === null ? (
        <Alert.Root status="info" data-testid="sign-in-to-advertise">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('pick.signInTitle')}</Alert.Title>
            <Alert.Description>{t('pick.signInDescription')}</Alert.Description>
          </Alert.Content>
          <ButtonLink to={signInPathFor(ROUTES.createSale)} size="sm" alignSelf="center">
            {t('pick.signIn')}
          </ButtonLink>
        </Alert.Root>
      ) : null}
      <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
        {AD_TYPES.map((type) => (
          <SaleTypeCard key={type} type={type} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
