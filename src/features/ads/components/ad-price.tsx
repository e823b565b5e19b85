import { Text, type TextProps } from '@chakra-ui/react';
import { Trans, useTranslation } from 'react-i18next';
import { isAuctionType, isTenderType } from '../../../../domain/ad';
import type { AdSummary } from '../../../../domain/ad-schemas';
import { formatMoney } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';

/** The one figure a buyer looks for first: the price, the opening amount, or that offers are invited. */
export function AdPrice({ ad, ...props }: { ad: AdSummary } & TextProps) {
  const { t } = useTranslation('ads');
  const locale = useLocale();
  if (isTenderType(ad.type)) return <Text {...props}>{t('price.offersInvited')}</Text>;
  const amount = isAuctionType(ad.type) ? ad.openingAmount : ad.price;
  if (amount === null) return null;
  const money = formatMoney(amount, ad.currency, locale);
  return (
    <Text {...props}>
      {/* One sentence per language, the amount isolated inside it wherever the language puts it. */}
      {isAuctionType(ad.type) ? <Trans t={t} i18nKey="price.openingFrom" values={{ amount: money }} components={{ amount: <bdi /> }} /> : <bdi>{money}</bdi>}
    </Text>
  );
}
