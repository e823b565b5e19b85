import { Box, Container, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../../domain/routes';
import { AppLink } from '../../lib/ui/router-link';

const FOOTER_LINKS = [
  { to: ROUTES.whoAreWe, label: 'footer.whoAreWe' },
  { to: ROUTES.contactUs, label: 'footer.contactUs' },
  { to: ROUTES.faq, label: 'footer.faq' },
  { to: ROUTES.terms, label: 'footer.terms' },
  { to: ROUTES.privacyPolicy, label: 'footer.privacy' },
  { to: ROUTES.subscriptions, label: 'footer.packages' },
] as const;

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <Box as="footer" bg="bg" borderTopWidth="1px" mt="16">
      <Container maxW="7xl" py="8">
        <Flex direction={{ base: 'column', md: 'row' }} gap="6" justify="space-between">
          <Stack gap="2" maxW="sm">
            <Text fontWeight="bold">{t('brand.name')}</Text>
            <Text fontSize="sm" color="fg.muted">
              {t('footer.tagline')}
            </Text>
          </Stack>
          <HStack as="nav" aria-label={t('footer.label')} wrap="wrap" gap="4" align="start">
            {FOOTER_LINKS.map((link) => (
              <AppLink key={link.to} to={link.to} fontSize="sm" color="fg.muted">
                {t(link.label)}
              </AppLink>
            ))}
          </HStack>
        </Flex>
        <Text fontSize="xs" color="fg.subtle" mt="6">
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </Text>
      </Container>
    </Box>
  );
}
