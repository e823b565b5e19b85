import { Box, Container, Flex, HStack, Text } from '@chakra-ui/react';
import { Plus, ShoppingBag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type Location, Link, NavLink, useLocation } from 'react-router';
import { productListPath, ROUTES } from '../../../../domain/routes';
import { ButtonLink } from '../../../lib/ui/router-link';
import { AccountMenu } from './account-menu';
import { CountryPicker } from './country-picker';
import { LanguageSwitch } from './language-switch';
import { SearchBox } from './search-box';

const NAV_LINKS = [
  { to: ROUTES.home, label: 'nav.home' },
  { to: ROUTES.productList, label: 'nav.browse' },
  { to: productListPath({ kind: 'AUCTION' }), label: 'nav.auctions' },
  { to: productListPath({ kind: 'TENDER' }), label: 'nav.tenders' },
  { to: ROUTES.favorites, label: 'nav.favorites' },
  { to: ROUTES.messages, label: 'nav.messages' },
] as const;

/** A link is current when its path and its sale kind (`?kind=`) are those of the page shown. */
function isCurrent(to: string, location: Location): boolean {
  const target = new URL(to, 'http://page');
  return target.pathname === location.pathname && target.searchParams.get('kind') === new URLSearchParams(location.search).get('kind');
}

export function Logo() {
  const { t } = useTranslation();
  return (
    <NavLink to={ROUTES.home} aria-label={t('brand.home')}>
      <HStack gap="2" color="colorPalette.fg">
        <ShoppingBag size={28} aria-hidden />
        <Text fontWeight="bold" fontSize="xl" color="fg">
          {t('brand.name')}
        </Text>
      </HStack>
    </NavLink>
  );
}

export function SiteHeader() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Box as="header" bg="bg" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky">
      <Container maxW="7xl" py="3">
        <Flex gap="3" align="center" wrap={{ base: 'wrap', md: 'nowrap' }}>
          <Logo />
          <Box flex="1" minW={{ base: 'full', md: '0' }} order={{ base: 3, md: 0 }}>
            <SearchBox />
          </Box>
          <HStack gap="1" marginInlineStart={{ base: 'auto', md: '0' }}>
            <CountryPicker />
            <LanguageSwitch />
            <AccountMenu />
            <ButtonLink to={ROUTES.createSale} size="sm" display={{ base: 'none', lg: 'inline-flex' }}>
              <Plus aria-hidden />
              {t('nav.postAd')}
            </ButtonLink>
          </HStack>
        </Flex>
      </Container>
      <Box as="nav" aria-label={t('nav.main')} borderTopWidth="1px">
        <Container maxW="7xl">
          <HStack gap="1" overflowX="auto" py="1">
            {NAV_LINKS.map((link) => {
              const isActive = isCurrent(link.to, location);
              return (
                <Link key={link.to} to={link.to} aria-current={isActive ? 'page' : undefined}>
                  <Text
                    as="span"
                    display="block"
                    px="3"
                    py="2"
                    fontSize="sm"
                    whiteSpace="nowrap"
                    borderRadius="l2"
                    fontWeight={isActive ? 'semibold' : 'normal'}
                    color={isActive ? 'colorPalette.fg' : 'fg.muted'}
                    _hover={{ bg: 'bg.muted' }}
                  >
                    {t(link.label)}
                  </Text>
                </Link>
              );
            })}
          </HStack>
        </Container>
      </Box>
    </Box>
  );
}
