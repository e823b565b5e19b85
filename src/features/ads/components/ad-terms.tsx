import { DataList, Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdDetail, isAuctionType, isTenderType } from '../../../../domain/ad';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';

const MINUTE_MS = 60_000;

/** The terms of the ad's sale type, as information: acting on them comes with the bidding, buying and tender issues. */
export function AdTerms({ ad }: { ad: AdDetail }) {
  const { t } = useTranslation('ads');
  const locale = useLocale();
  const money = (amount: number) => <bdi>{formatMoney(amount, ad.currency, locale)}</bdi>;
  const yesNo = (value: boolean) => t(value ? 'terms.yes' : 'terms.no');
  const minutes = (ms: number) => t('terms.minutes', { count: Math.round(ms / MINUTE_MS) });

  const rows: Array<[string, ReactNode]> = [];
  if (ad.price !== null) rows.push([t('terms.price'), money(ad.price)]);
  if (ad.openingAmount !== null) rows.push([t('terms.openingAmount'), money(ad.openingAmount)]);
  if (ad.instantPurchaseAmount !== null) rows.push([t('terms.instantPurchase'), money(ad.instantPurchaseAmount)]);
  if (isAuctionType(ad.type)) {
    rows.push([t('terms.reservePrice'), ad.hasReservePrice ? t('terms.reserveApplies') : t('terms.noReserve')]);
    rows.push([t('terms.decimalBids'), yesNo(ad.allowDecimalBids)]);
  }
  if (ad.startsAt !== null) rows.push([t('terms.startsAt'), formatDate(ad.startsAt)]);
  if (ad.endsAt !== null) rows.push([t('terms.endsAt'), formatDate(ad.endsAt)]);
  if (ad.auctionDurationMs !== null) rows.push([t('terms.auctionDuration'), minutes(ad.auctionDurationMs)]);
  if (ad.subAuctionDurationMs !== null) rows.push([t('terms.subAuctionDuration'), minutes(ad.subAuctionDurationMs)]);
  if (ad.liveLink) {
    rows.push([
      t('terms.liveLink'),
      <Link key="live" href={ad.liveLink} target="_blank" rel="noopener noreferrer" color="colorPalette.fg">
        {t('terms.watchLive')}
      </Link>,
    ]);
  }
  if (isTenderType(ad.type)) rows.push([t('terms.offersVisible'), yesNo(ad.offersVisibleToSubscribers)]);
  rows.push([t('terms.condition'), t(`conditions.${ad.condition}`)]);
  rows.push([t('terms.shipping'), ad.shippingType === 'FREE' ? t('terms.freeShipping') : ad.shippingFee !== null ? money(ad.shippingFee) : t('terms.paidShipping')]);
  if (!isTenderType(ad.type)) {
    rows.push([t('terms.negotiable'), yesNo(ad.negotiable)]);
    rows.push([t('terms.returnable'), yesNo(ad.returnable)]);
  }

  return (
    <DataList.Root orientation="horizontal" size="md" data-testid="ad-terms">
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel minW="40">{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
