import { Alert, Box, Button, Center, Grid, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { Link2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isOfferedIn } from '../../../../domain/ad';
import { ERROR_CODES } from '../../../../domain/errors';
import { useChosenCountry } from '../../../lib/country';
import { HttpError } from '../../../lib/http';
import { useLocale } from '../../../lib/use-locale';
import { CategoryIcon } from '../../../lib/ui/category-icon';
import { UserText } from '../../../lib/ui/user-text';
import { useAd } from '../api/get-ad';
import { AdPrice } from '../components/ad-price';
import { AdTerms } from '../components/ad-terms';
import { SaleTypeBadge } from '../components/sale-type-badge';
import { SellerCard } from '../components/seller-card';
import { PageLoading } from '../../../lib/ui/page-loading';

const SHARE_NOTICE_MS = 2000;

export default function AdPage() {
  const { t } = useTranslation('ads');
  const locale = useLocale();
  const { slug = '' } = useParams();
  const ad = useAd(slug);
  const country = useChosenCountry();
  const [shareState, setShareState] = useState<'idle' | 'copied' | 'failed'>('idle');

  if (ad.isPending) {
    return <PageLoading />;
  }
  if (ad.isError) {
    if (ad.error instanceof HttpError && ad.error.code === ERROR_CODES.PRODUCT_UNAVAILABLE) {
      return (
        <Alert.Root status="warning" data-page="ad-unavailable">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('unavailableTitle')}</Alert.Title>
            <Alert.Description>{t('errors:PRODUCT_UNAVAILABLE')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      );
    }
    throw ad.error;
  }

  const data = ad.data;
  const share = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      setShareState('copied');
    } catch {
      // Clipboard access can be refused (permissions, insecure origin): say so instead of pretending.
      setShareState('failed');
    }
    setTimeout(() => setShareState('idle'), SHARE_NOTICE_MS);
  };

  return (
    <Stack gap="6" data-page="ad">
      {!isOfferedIn(data, country) ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{t('notAvailableInCountry')}</Alert.Title>
        </Alert.Root>
      ) : null}
      <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap="6" alignItems="start">
        <Stack gap="4">
          <Center bg="colorPalette.subtle" color="colorPalette.fg" borderRadius="l3" aspectRatio={16 / 9}>
            <CategoryIcon name={data.categoryIcon} size={96} />
          </Center>
          <Box bg="bg" borderWidth="1px" borderRadius="l3" p="5">
            <Heading as="h2" size="md" mb="3">
              {t('description')}
            </Heading>
            <Text whiteSpace="pre-line" dir="auto">
              <UserText>{data.description}</UserText>
            </Text>
          </Box>
        </Stack>
        <Stack gap="4">
          <Stack gap="3" bg="bg" borderWidth="1px" borderRadius="l3" p="5">
            <HStack gap="2" wrap="wrap">
              <SaleTypeBadge type={data.type} />
              <Text fontSize="sm" color="fg.muted">
                {[data.category[locale], data.subcategory?.[locale], data.brand?.[locale]].filter(Boolean).join(t('common:separators.breadcrumb'))}
              </Text>
            </HStack>
            <Heading as="h1" size="2xl">
              <UserText>{data.title}</UserText>
            </Heading>
            <AdPrice ad={data} fontSize="2xl" fontWeight="bold" color="colorPalette.fg" />
            <Text fontSize="sm" color="fg.muted">
              {data.city ? data.city[locale] : data.countryCode}
            </Text>
            <AdTerms ad={data} />
            <Button variant="outline" onClick={() => void share()} alignSelf="start">
              <Link2 aria-hidden />
              {shareState === 'copied' ? t('shareCopied') : shareState === 'failed' ? t('shareFailed') : t('share')}
            </Button>
          </Stack>
          <SellerCard seller={data.seller} />
        </Stack>
      </Grid>
    </Stack>
  );
}
