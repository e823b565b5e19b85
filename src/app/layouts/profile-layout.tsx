import { Box, Container, Flex, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { PageOutlet } from '../page-outlet';
import { ROUTES } from '../../../domain/routes';
import { SiteHeader } from './header/site-header';
import { SiteFooter } from './site-footer';

const PROFILE_LINKS = [
  { to: ROUTES.profile, label: 'nav.profile' },
  { to: ROUTES.myAds, label: 'nav.myAds' },
  { to: ROUTES.myReviews, label: 'nav.myReviews' },
  { to: ROUTES.mySubscriptions, label: 'nav.mySubscriptions' },
  { to: ROUTES.orders, label: 'nav.orders' },
] as const;

export function ProfileLayout() {
  const { t } = useTranslation();
  return (
    <Box minH="100vh" display="flex" flexDirection="column" data-layout="profile">
      <SiteHeader />
      <Container maxW="7xl" py="6" flex="1">
        <Flex gap="6" direction={{ base: 'column', md: 'row' }} align="start">
          <Stack
            as="nav"
            aria-label={t('nav.account')}
            w={{ base: 'full', md: '60' }}
            flexShrink={0}
            bg="bg"
            borderWidth="1px"
            borderRadius="l3"
            p="2"
            gap="1"
            direction={{ base: 'row', md: 'column' }}
            overflowX="auto"
          >
            {PROFILE_LINKS.map((link) => (
              <NavLink key={link.to} to={link.to}>
                {({ isActive }) => (
                  <Text
                    as="span"
                    display="block"
                    px="3"
                    py="2"
                    borderRadius="l2"
                    whiteSpace="nowrap"
                    bg={isActive ? 'colorPalette.subtle' : undefined}
                    color={isActive ? 'colorPalette.fg' : 'fg'}
                    fontWeight={isActive ? 'semibold' : 'normal'}
                    _hover={{ bg: 'bg.muted' }}
                  >
                    {t(link.label)}
                  </Text>
                )}
              </NavLink>
            ))}
          </Stack>
          <Box as="main" flex="1" minW="0" w="full">
            <PageOutlet />
          </Box>
        </Flex>
      </Container>
      <SiteFooter />
    </Box>
  );
}
