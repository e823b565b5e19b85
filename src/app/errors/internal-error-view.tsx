import { Button, Heading, HStack, Text, VStack } from '@chakra-ui/react';
import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../../domain/routes';
import { ButtonLink } from '../../lib/ui/router-link';

export function InternalErrorView() {
  const { t } = useTranslation();
  return (
    <VStack py="20" gap="4" textAlign="center" data-page="internal-error" role="alert">
      <TriangleAlert size={56} aria-hidden />
      <Heading as="h1" size="2xl">
        {t('errorViews.internalTitle')}
      </Heading>
      <Text color="fg.muted">{t('errorViews.internal')}</Text>
      <HStack>
        <Button onClick={() => window.location.reload()}>{t('actions.retry')}</Button>
        <ButtonLink to={ROUTES.home} variant="outline">
          {t('errorViews.backHome')}
        </ButtonLink>
      </HStack>
    </VStack>
  );
}
