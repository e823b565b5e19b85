import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { type AdType, isAuctionType, isTenderType } from '../../../domain/ad';

/** The same colours as the buyers' cards: sales teal, auctions orange, tenders purple. */
export function SaleTypeBadge({ type }: { type: AdType }) {
  const { t } = useTranslation('common');
  const palette = isAuctionType(type) ? 'orange' : isTenderType(type) ? 'purple' : 'teal';
  return (
    <Badge colorPalette={palette} variant="solid" size="sm" flexShrink={0}>
      {t(`saleTypes.${type}.name`)}
    </Badge>
  );
}
