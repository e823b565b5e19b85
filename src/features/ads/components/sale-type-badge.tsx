import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { type AdType, isAuctionType, isTenderType } from '../../../../domain/ad';

export function SaleTypeBadge({ type }: { type: AdType }) {
  const { t } = useTranslation('common');
  const palette = isAuctionType(type) ? 'orange' : isTenderType(type) ? 'purple' : 'teal';
  return (
    <Badge colorPalette={palette} variant="solid" size="sm">
      {t(`saleTypes.${type}.name`)}
    </Badge>
  );
}
