import { Box, type ButtonProps, Container, Flex, HStack, Text } from '@chakra-ui/react';
import { Plus, ShoppingBag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { ROUTES } from '../../../../domain/routes';
import { ButtonLink } from '../../../lib/ui/router-link';
import { AccountMenu } from './account-menu';
import { CountryPicker } from './country-picker';
import { LanguageSwitch } from './language-switch';
import { MainNav } from './main-nav';
import { SearchBox } from './search-box';

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

function PostAdLink(props: ButtonProps) {
  const { t } = useTranslation();
  return (
    <ButtonLink to={ROUTES.createSale} size="sm" flexShrink={0} {...props}>
      <Plus aria-hidden />
      {t('nav.postAd')}
    </ButtonLink>
  );
}

/**
 * On a phone the first row keeps the logo and icon-sized controls, and the search shares the next
 * row with the button to post an ad, so nothing is wider than the screen whatever the person's name.
 */
export function SiteHeader() {
  return (
    <Box as="header" bg="bg" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky">
      <Container maxW="7xl" py="3">
        <Flex gap="3" align="center" wrap={{ base: 'wrap', md: 'nowrap' }}>
          <Logo />
          <HStack gap="2" flex="1" minW={{ base: 'full', md: '0' }} order={{ base: 3, md: 0 }}>
            <Box flex="1" minW="0">
              <SearchBox />
            </Box>
            <PostAdLink hideFrom="md" />
          </HStack>
          <HStack gap="1" minW="0" marginInlineStart={{ base: 'auto', md: '0' }}>
            <CountryPicker />
            <LanguageSwitch />
            <AccountMenu />
            <PostAdLink hideBelow="lg" />
          </HStack>
        </Flex>
      </Container>
      <MainNav />
    </Box>
  );
}
