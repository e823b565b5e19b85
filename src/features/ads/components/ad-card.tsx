import { Badge, Box, Card, Center, HStack, Stack, Text } from '@chakra-ui/react';
import { Clock, MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { type AdSummary, isTenderType } from '../../../../domain/ad';
import { pathTo } from '../../../../domain/routes';
import { formatDate } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { CategoryIcon } from '../../../lib/ui/category-icon';
import { UserText } from '../../../lib/ui/user-text';
import { AdPrice } from './ad-price';
import { SaleTypeBadge } from './sale-type-badge';

export function AdCard({ ad }: { ad: AdSummary }) {
  const { t } = useTranslation('ads');
  const locale = useLocale();
  return (
    <Card.Root asChild overflow="hidden" _hover={{ boxShadow: 'md' }} transition="box-shadow 0.15s" data-testid="ad-card">
      <RouterLink to={pathTo('ad', { slug: ad.slug })}>
        <Center bg="colorPalette.subtle" color="colorPalette.fg" aspectRatio={4 / 3} position="relative">
          <CategoryIcon name={ad.categoryIcon} size={48} />
          <Box position="absolute" top="2" insetInlineStart="2">
            <SaleTypeBadge type={ad.type} />
          </Box>
        </Center>
        <Card.Body gap="2" p="4">
          <Text fontWeight="semibold" lineClamp={2} minH="12">
            <UserText>{ad.title}</UserText>
          </Text>
          <AdPrice ad={ad} color="colorPalette.fg" fontWeight="bold" />
          <Stack gap="1" fontSize="xs" color="fg.muted">
            <HStack gap="1">
              <MapPin size={14} aria-hidden />
              <Text>{ad.city ? ad.city[locale] : ad.countryCode}</Text>
              <Text aria-hidden>{t('common:separators.list').trim()}</Text>
              <Text>{ad.category[locale]}</Text>
            </HStack>
            {ad.endsAt !== null ? (
              <HStack gap="1">
                <Clock size={14} aria-hidden />
                <Text>{t('card.endsOn', { date: formatDate(ad.endsAt) })}</Text>
              </HStack>
            ) : null}
            {ad.shippingType === 'FREE' && !isTenderType(ad.type) ? (
              <Badge size="sm" variant="surface" colorPalette="green" alignSelf="start">
                {t('card.freeShipping')}
              </Badge>
            ) : null}
          </Stack>
        </Card.Body>
      </RouterLink>
    </Card.Root>
  );
}
