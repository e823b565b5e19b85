import { Text, type TextProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { type AdSummary, isAuctionType, isTenderType } from '../../../../domain/ad';
import { formatMoney } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';

/** The one figure a buyer looks for first: the price, the opening amount, or that offers are invited. */
export function AdPrice({ ad, ...props }: { ad: AdSummary } & TextProps) {
  const { t } = useTranslation('ads');
  const locale = useLocale();
  if (isTenderType(ad.type)) return <Text {...props}>{t('price.offersInvited')}</Text>;
  const amount = isAuctionType(ad.type) ? ad.openingAmount : ad.price;
  if (amount === null) return null;
  return (
    <Text {...props}>
      {isAuctionType(ad.type) ? `${t('price.openingFrom')} ` : null}
      <bdi>{formatMoney(amount, ad.currency, locale)}</bdi>
    </Text>
  );
}
