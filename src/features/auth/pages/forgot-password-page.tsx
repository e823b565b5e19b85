import { Heading, Stack } from '@chakra-ui/react';
import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../../../domain/routes';
import { PageEmptyState } from '../../../lib/ui/empty-state';
import { ButtonLink } from '../../../lib/ui/router-link';

export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  return (
    <Stack gap="4" data-page="forgot-password">
      <Heading as="h1" size="2xl">
        {t('forgot.title')}
      </Heading>
      <PageEmptyState
        icon={<KeyRound />}
        title={t('forgot.closedTitle')}
        description={t('forgot.closedDescription')}
        action={<ButtonLink to={ROUTES.contactUs}>{t('forgot.contactSupport')}</ButtonLink>}
      />
    </Stack>
  );
}
