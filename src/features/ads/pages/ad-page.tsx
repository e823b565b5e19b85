import { Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Ban, Globe, MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isAuctionType, SALE_KINDS, typesOfKind } from '../../../../domain/ad';
import type { AdDetail } from '../../../../domain/ad-schemas';
import { ERROR_CODES } from '../../../../domain/errors';
import { mediaUrl } from '../../../../domain/media';
import { NotFoundView } from '../../../app/errors/not-found-view';
import { HttpError } from '../../../lib/http';
import { PageLoading } from '../../../lib/ui/page-loading';
import { UserText } from '../../../lib/ui/user-text';
import { useAd } from '../api/get-ad';
import { AdDetails } from '../components/ad-details';
import { AdDocuments } from '../components/ad-documents';
import { AdGallery } from '../components/ad-gallery';
import { AdNegotiation } from '../components/ad-negotiation';
import { AdPrice } from '../components/ad-price';
import { AdRefusalView } from '../components/ad-refusal-view';
import { AdTerms } from '../components/ad-terms';
import { AuctionActivity } from '../components/auction-activity';
import { AuctionPanel } from '../components/auction-panel';
import { LiveAuctionProvider } from '../live-auction';
import { BuyInstantSale } from '../components/buy-instant-sale';
import { FavoriteButton } from '../components/favorite-button';
import { Panel, PANEL_STYLE } from '../../../lib/ui/panel';
import { SaleTypeBadge } from '../../../lib/ui/sale-type-badge';
import { SellerCard } from '../components/seller-card';
import { ShareButton } from '../components/share-button';
import { useCategoryPath } from '../use-category-path';
import { usePlaceName } from '../use-place-name';
import { isolateUserText } from '../../../../domain/locale';

export default function AdPage() {
  const { t } = useTranslation('ads');
  const { slug = '' } = useParams();
  const ad = useAd(slug);

  if (ad.isPending) return <PageLoading />;
  if (ad.isError) {
    const code = ad.error instanceof HttpError ? ad.error.code : null;
    if (code === ERROR_CODES.PRODUCT_NOT_IN_COUNTRY) {
      return <AdRefusalView page="ad-not-in-country" icon={<Globe size={56} aria-hidden />} title={t('refusal.notInCountryTitle')} message={t('errors:PRODUCT_NOT_IN_COUNTRY')} />;
    }
    if (code === ERROR_CODES.PRODUCT_UNAVAILABLE) {
      return <AdRefusalView page="ad-unavailable" icon={<Ban size={56} aria-hidden />} title={t('refusal.unavailableTitle')} message={t('errors:PRODUCT_UNAVAILABLE')} />;
    }
    // A missing ad is an answer, not a fault: it shows the 404 view (the page's HTML came with a 404).
    if (code === ERROR_CODES.NOT_FOUND) return <NotFoundView />;
    throw ad.error;
  }
  return <AdView ad={ad.data} />;
}

function AdView({ ad }: { ad: AdDetail }) {
  const { t } = useTranslation('ads');
  const place = usePlaceName(ad);
  const categoryPath = useCategoryPath(ad);
  const saleKind = SALE_KINDS.find((kind) => typesOfKind(kind).includes(ad.type));
  const isAuction = isAuctionType(ad.type);
  const page = (
    <Grid
      data-page="ad"
      templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }}
      templateAreas={{ base: '"gallery" "summary" "body"', lg: '"gallery summary" "body summary"' }}
      // The summary spans both rows: its extra height goes to the body's row, not into a gap under the gallery.
      templateRows={{ lg: 'auto 1fr' }}
      columnGap="6"
      rowGap={{ base: '4', md: '6' }}
      alignItems="start"
    >
      <Stack gridArea="gallery" gap="4">
        <AdGallery images={ad.images} title={ad.title} categoryIcon={ad.categoryIcon} />
        {ad.video ? (
          <video controls preload="metadata" src={mediaUrl(ad.video.id, 'file')} aria-label={t('video.label', { title: isolateUserText(ad.title) })} style={{ width: '100%', borderRadius: '0.5rem', background: 'black' }} data-testid="ad-video" />
        ) : null}
      </Stack>

      {/* An auction's live panel makes the column taller than a screen: pinned, its lower part would stay out of reach. */}
      <Stack gridArea="summary" gap="4" position={{ lg: isAuction ? 'static' : 'sticky' }} top={{ lg: '32' }}>
        <Stack gap="3" {...PANEL_STYLE}>
          <HStack gap="2" wrap="wrap">
            <SaleTypeBadge type={ad.type} />
            <Text fontSize="sm" color="fg.muted">
              {categoryPath}
            </Text>
          </HStack>
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }} lineHeight="1.4">
            <UserText>{ad.title}</UserText>
          </Heading>
          <AdPrice ad={ad} fontSize="2xl" fontWeight="bold" color="colorPalette.fg" />
          <HStack gap="1" fontSize="sm" color="fg.muted">
            <MapPin size={16} aria-hidden />
            <Text>{place}</Text>
          </HStack>
          <BuyInstantSale ad={ad} />
          <AdNegotiation ad={ad} />
          <HStack gap="2" wrap="wrap">
            <FavoriteButton slug={ad.slug} title={ad.title} size="md" variant="outline" />
            <ShareButton title={ad.title} />
          </HStack>
        </Stack>
        {/* No Suspense boundary of its own: a server-rendered page's panel is taken over with the page, before any live change can reach it. */}
        {isAuction ? <AuctionPanel slug={ad.slug} /> : null}
        <Panel title={t(`terms.titleOf.${saleKind!}`)}>
          <AdTerms ad={ad} />
        </Panel>
        <SellerCard seller={ad.seller} />
      </Stack>

      <Stack gridArea="body" gap={{ base: '4', md: '6' }}>
        {isAuction ? <AuctionActivity slug={ad.slug} /> : null}
        <Panel title={t('description')}>
          {/* The paragraph takes its direction from the seller's words (an isolating bdi inside would hide them from dir="auto"). */}
          <Text whiteSpace="pre-line" dir="auto" translate="no" data-user-text="" data-testid="ad-description">
            {ad.description}
          </Text>
        </Panel>
        <Panel title={t('details.title')}>
          <AdDetails ad={ad} />
        </Panel>
        {ad.documents.length > 0 ? (
          <Panel title={t('documents.title')}>
            <AdDocuments documents={ad.documents} />
          </Panel>
        ) : null}
      </Stack>
    </Grid>
  );
  // One live actor for the auction's panel and its lists, and a new one for another ad.
  return isAuction ? (
    <LiveAuctionProvider key={ad.slug} slug={ad.slug}>
      {page}
    </LiveAuctionProvider>
  ) : (
    page
  );
}
