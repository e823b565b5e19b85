import { Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Gavel, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { productListPath, ROUTES } from '../../../../domain/routes';
import { ButtonLink } from '../../../lib/ui/router-link';
import { AdSection } from '../components/ad-section';
import { CategoryGrid } from '../components/category-grid';

/** What a buyer looks for first; each shelf is a listing's first page and links to all of it. */
const SHELVES = [
  { testId: 'section-live', title: 'home.liveNow', search: { kind: 'AUCTION', running: 'true' }, limit: 4 },
  { testId: 'section-ending', title: 'home.endingSoon', search: { kind: 'AUCTION', running: 'true', sort: 'endingSoon' }, limit: 4 },
  { testId: 'section-latest', title: 'home.latest', search: {}, limit: 8 },
  { testId: 'section-tenders', title: 'home.tenders', search: { kind: 'TENDER' }, limit: 4 },
] as const;

export default function HomePage() {
  const { t } = useTranslation('ads');
  return (
    <Stack gap={{ base: '8', md: '10' }} data-page="home">
      <Box
        bgGradient="to-br"
        gradientFrom="teal.700"
        gradientTo="teal.500"
        color="white"
        borderRadius="l3"
        px={{ base: '5', md: '10' }}
        py={{ base: '7', md: '12' }}
      >
        <Stack gap="4" maxW="2xl">
          <Heading as="h1" size={{ base: '2xl', md: '4xl' }} lineHeight="1.3">
            {t('home.heroTitle')}
          </Heading>
          <Text fontSize={{ base: 'md', md: 'lg' }} opacity={0.9}>
            {t('home.heroSubtitle')}
          </Text>
          <HStack gap="3" wrap="wrap">
            <ButtonLink to={ROUTES.createSale} colorPalette="orange" size={{ base: 'md', md: 'lg' }}>
              <Plus aria-hidden />
              {t('home.postAd')}
            </ButtonLink>
            <ButtonLink
              to={productListPath({ kind: 'AUCTION' })}
              variant="outline"
              size={{ base: 'md', md: 'lg' }}
              color="white"
              borderColor="whiteAlpha.700"
              _hover={{ bg: 'whiteAlpha.200' }}
            >
              <Gavel aria-hidden />
              {t('home.browseAuctions')}
            </ButtonLink>
          </HStack>
        </Stack>
      </Box>

      <Stack as="section" gap="4" data-testid="section-categories">
        <Heading as="h2" size={{ base: 'md', md: 'lg' }}>
          {t('home.categories')}
        </Heading>
        <CategoryGrid />
      </Stack>

      {SHELVES.map((shelf) => (
        <AdSection key={shelf.testId} testId={shelf.testId} title={t(shelf.title)} search={shelf.search} limit={shelf.limit} />
      ))}
    </Stack>
  );
}
