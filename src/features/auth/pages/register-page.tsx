import { Heading, Stack, Text } from '@chakra-ui/react';
import { UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../../../domain/routes';
import { PageEmptyState } from '../../../lib/ui/empty-state';
import { ButtonLink } from '../../../lib/ui/router-link';

export default function RegisterPage() {
  const { t } = useTranslation('auth');
  return (
    <Stack gap="4" data-page="register">
      <Heading as="h1" size="2xl">
        {t('register.title')}
      </Heading>
      <PageEmptyState
        icon={<UserPlus />}
        title={t('register.closedTitle')}
        description={t('register.closedDescription')}
        action={<ButtonLink to={ROUTES.login}>{t('register.signInInstead')}</ButtonLink>}
      />
      <Text fontSize="sm" color="fg.muted">
        {t('register.demoHint')}
      </Text>
    </Stack>
  );
}
