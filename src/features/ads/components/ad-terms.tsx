import { DataList } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdDetail } from '../../../../domain/ad-schemas';
import { type AdFieldName, asksFor } from '../../../../domain/ad-fields';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useTimeZone } from '../../../lib/hydration';
import { useLocale } from '../../../lib/use-locale';
import { MINUTE_MS, HOUR_MS, DAY_MS } from '../../../../domain/timing';

/**
 * The terms of the ad's sale type, as information: acting on them (buying, bidding, offering)
 * comes with their own views; a live auction's stream is linked from its auction panel. The reserve
 * price is said to exist or not, never how much it is.
 */
export function AdTerms({ ad }: { ad: AdDetail }) {
  const { t } = useTranslation('ads');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const asks = (field: AdFieldName) => asksFor(ad.type, field);
  const money = (amount: number) => <bdi>{formatMoney(amount, ad.currency, locale)}</bdi>;
  const yesNo = (value: boolean) => t(value ? 'terms.yes' : 'terms.no');
  const moment = (timestamp: number) => <bdi>{formatDateTime(timestamp, locale, timeZone, { withZone: true })}</bdi>;
  const duration = (ms: number) =>
    ms % DAY_MS === 0 ? t('terms.days', { count: ms / DAY_MS }) : ms % HOUR_MS === 0 ? t('terms.hours', { count: ms / HOUR_MS }) : t('terms.minutes', { count: Math.round(ms / MINUTE_MS) });

  const rows: Array<[key: string, value: ReactNode]> = [];
  if (asks('price') && ad.price !== null) rows.push(['price', money(ad.price)]);
  if (asks('negotiable')) rows.push(['negotiable', yesNo(ad.negotiable)]);
  if (asks('openingAmount') && ad.openingAmount !== null) rows.push(['openingAmount', money(ad.openingAmount)]);
  if (asks('onBackPrice')) rows.push(['reservePrice', yesNo(ad.hasReservePrice)]);
  if (asks('instantPurchaseAmount') && ad.instantPurchaseAmount !== null) rows.push(['instantPurchase', money(ad.instantPurchaseAmount)]);
  if (asks('allowDecimalBids')) rows.push(['decimalBids', yesNo(ad.allowDecimalBids)]);
  if (asks('auctionDurationHours') && ad.auctionDurationMs !== null) rows.push(['auctionDuration', duration(ad.auctionDurationMs)]);
  if (asks('subAuctionDurationMinutes') && ad.subAuctionDurationMs !== null) rows.push(['subAuctionDuration', duration(ad.subAuctionDurationMs)]);
  if (ad.startsAt !== null) rows.push(['startsAt', moment(ad.startsAt)]);
  if (ad.endsAt !== null) rows.push(['endsAt', moment(ad.endsAt)]);
  if (asks('offersVisibleToSubscribers')) rows.push(['offersVisible', yesNo(ad.offersVisibleToSubscribers)]);
  if (asks('shippingType')) {
    const fee = ad.shippingType === 'PAID' && ad.shippingFee !== null ? money(ad.shippingFee) : null;
    rows.push([
      'shipping',
      ad.shippingType === 'FREE' ? (
        t('terms.freeShipping')
      ) : (
        // One inline run: the value cell lays its children out as flex items, which would drop the separator's spaces.
        <span>
          {t('terms.paidShipping')}
          {fee ? t('common:separators.list') : null}
          {fee}
        </span>
      ),
    ]);
  }
  if (asks('returnable')) rows.push(['returnable', yesNo(ad.returnable)]);
  if (asks('cashOnDelivery')) rows.push(['cashOnDelivery', yesNo(ad.cashOnDelivery)]);

  return (
    <DataList.Root orientation="horizontal" size="md" gap="3" data-testid="ad-terms">
      {rows.map(([key, value]) => (
        <DataList.Item key={key} data-term={key}>
          <DataList.ItemLabel minW={{ base: '32', md: '40' }}>{t(`terms.${key}`)}</DataList.ItemLabel>
          <DataList.ItemValue fontWeight="medium">{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
