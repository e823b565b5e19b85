import { Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Gavel, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { productListPath, ROUTES } from '../../../../domain/routes';
import { useChosenCountry } from '../../../lib/country';
import { ButtonLink } from '../../../lib/ui/router-link';
import { AdSection } from '../components/ad-section';
import { CategoryGrid } from '../components/category-grid';

export default function HomePage() {
  const { t } = useTranslation('ads');
  const country = useChosenCountry();
  return (
    <Stack gap="10" data-page="home">
      <Box
        bgGradient="to-br"
        gradientFrom="teal.700"
        gradientTo="teal.500"
        color="white"
        borderRadius="l3"
        px={{ base: '6', md: '10' }}
        py={{ base: '8', md: '12' }}
      >
        <Stack gap="4" maxW="2xl">
          <Heading as="h1" size={{ base: '2xl', md: '4xl' }} lineHeight="1.3">
            {t('home.heroTitle')}
          </Heading>
          <Text fontSize={{ base: 'md', md: 'lg' }} opacity={0.9}>
            {t('home.heroSubtitle')}
          </Text>
          <HStack gap="3" wrap="wrap">
            <ButtonLink to={ROUTES.createSale} colorPalette="orange" size="lg">
              <Plus aria-hidden />
              {t('home.postAd')}
            </ButtonLink>
            <ButtonLink to={productListPath({ kind: 'AUCTION' })} variant="outline" size="lg" color="white" borderColor="whiteAlpha.700" _hover={{ bg: 'whiteAlpha.200' }}>
              <Gavel aria-hidden />
              {t('home.browseAuctions')}
            </ButtonLink>
          </HStack>
        </Stack>
      </Box>

      <Stack as="section" gap="4">
        <Heading as="h2" size="lg">
          {t('home.categories')}
        </Heading>
        <CategoryGrid />
      </Stack>

      <AdSection testId="section-auctions" title={t('home.auctions')} filters={{ kind: 'AUCTION', country, pageSize: 4 }} moreLink={productListPath({ kind: 'AUCTION' })} />
      <AdSection testId="section-latest" title={t('home.latest')} filters={{ country, pageSize: 8 }} moreLink={productListPath()} />
      <AdSection testId="section-tenders" title={t('home.tenders')} filters={{ kind: 'TENDER', country, pageSize: 4 }} moreLink={productListPath({ kind: 'TENDER' })} />
    </Stack>
  );
}
