import { Badge, Box, Card, HStack, LinkOverlay, Stack, Text } from '@chakra-ui/react';
import { Clock, Gavel, MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { adPhaseOf, isAuctionType } from '../../../../domain/ad';
import type { AdSummary } from '../../../../domain/ad-schemas';
import { pathTo } from '../../../../domain/routes';
import { useNow } from '../../../lib/countdown';
import { useLocale } from '../../../lib/use-locale';
import { UserText } from '../../../lib/ui/user-text';
import { formatDateTime } from '../../../lib/format';
import { useTimeZone } from '../../../lib/hydration';
import { usePlaceName } from '../use-place-name';
import { AdCardImage } from './ad-card-image';
import { AdPrice } from './ad-price';
import { FavoriteButton } from './favorite-button';
import { SaleTypeBadge } from '../../../lib/ui/sale-type-badge';
import { MINUTE_MS } from '../../../../domain/timing';

/** One ad in a listing. The whole card opens the ad; the heart stays its own button above the link. */
export function AdCard({ ad, priority }: { ad: AdSummary; priority?: boolean }) {
  const { t } = useTranslation('ads');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const now = useNow(MINUTE_MS);
  const place = usePlaceName(ad);
  const available = adPhaseOf(ad, now) === 'PUBLISHED';
  const notStarted = ad.startsAt !== null && ad.startsAt > now;

  return (
    <Card.Root position="relative" overflow="hidden" _hover={{ boxShadow: 'md' }} transition="box-shadow 0.15s" data-testid="ad-card" data-slug={ad.slug}>
      <Box aspectRatio={4 / 3} position="relative" opacity={available ? 1 : 0.5}>
        <AdCardImage imageId={ad.mainImageId} categoryIcon={ad.categoryIcon} priority={priority} />
        <Box position="absolute" top="2" insetInlineStart="2">
          <SaleTypeBadge type={ad.type} />
        </Box>
      </Box>
      <Card.Body gap="1.5" p={{ base: '3', md: '4' }}>
        <LinkOverlay asChild>
          <RouterLink to={pathTo('ad', { slug: ad.slug })}>
            <Text fontWeight="semibold" lineClamp={2} minH="12" fontSize={{ base: 'sm', md: 'md' }}>
              <UserText>{ad.title}</UserText>
            </Text>
          </RouterLink>
        </LinkOverlay>
        {available ? (
          <AdPrice ad={ad} color="colorPalette.fg" fontWeight="bold" fontSize={{ base: 'sm', md: 'md' }} />
        ) : (
          <Badge colorPalette="gray" alignSelf="start" data-testid="ad-card-unavailable">
            {t('card.unavailable')}
          </Badge>
        )}
        <Stack gap="1" fontSize="xs" color="fg.muted">
          <HStack gap="1" minW="0">
            <MapPin size={14} aria-hidden style={{ flexShrink: 0 }} />
            <Text truncate>{[place, ad.category[locale]].join(t('common:separators.list'))}</Text>
          </HStack>
          {available && (notStarted || ad.endsAt !== null) ? (
            <HStack gap="1">
              <Clock size={14} aria-hidden style={{ flexShrink: 0 }} />
              <Text>{notStarted ? t('card.startsOn', { date: formatDateTime(ad.startsAt!, locale, timeZone) }) : t('card.endsOn', { date: formatDateTime(ad.endsAt!, locale, timeZone) })}</Text>
            </HStack>
          ) : null}
          {isAuctionType(ad.type) ? (
            <HStack gap="1">
              <Gavel size={14} aria-hidden style={{ flexShrink: 0 }} />
              <Text>{t('card.bids', { count: ad.bidCount })}</Text>
            </HStack>
          ) : null}
          {ad.shippingType === 'FREE' ? (
            <Badge size="sm" variant="surface" colorPalette="green" alignSelf="start">
              {t('card.freeShipping')}
            </Badge>
          ) : null}
        </Stack>
      </Card.Body>
      <Box position="absolute" top="2" insetInlineEnd="2" zIndex="1">
        <FavoriteButton slug={ad.slug} title={ad.title} />
      </Box>
    </Card.Root>
  );
}
