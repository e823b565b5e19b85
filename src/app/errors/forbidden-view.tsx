import { Heading, Text, VStack } from '@chakra-ui/react';
import { ShieldX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../../domain/routes';
import { ButtonLink } from '../../lib/ui/router-link';

/** For a signed-in person on a page that is not theirs: signing in again would not help. */
export function ForbiddenView() {
  const { t } = useTranslation();
  return (
    <VStack py="20" gap="4" textAlign="center" data-page="forbidden" role="alert">
      <ShieldX size={56} aria-hidden />
      <Heading as="h1" size="2xl">
        {t('errorViews.forbiddenTitle')}
      </Heading>
      <Text color="fg.muted">{t('errors:FORBIDDEN')}</Text>
      <ButtonLink to={ROUTES.home}>{t('errorViews.backHome')}</ButtonLink>
    </VStack>
  );
}
