import { Heading, Text, VStack } from '@chakra-ui/react';
import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ROUTES } from '../../../domain/routes';
import { ButtonLink } from '../../lib/ui/router-link';

export function NotFoundView() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <VStack py="20" gap="4" textAlign="center" data-page="not-found">
      <SearchX size={56} aria-hidden />
      <Heading as="h1" size="2xl">
        {t('errorViews.notFoundTitle')}
      </Heading>
      <Text color="fg.muted" data-testid="not-found-message">
        {t('errorViews.notFound', { path: pathname })}
      </Text>
      <ButtonLink to={ROUTES.home}>{t('errorViews.backHome')}</ButtonLink>
    </VStack>
  );
}
