import { HStack, Stack, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuctionSnapshot, Bid } from '../../../../domain/auction';
import type { Locale } from '../../../../domain/locale';
import { formatMoney, formatTimeOfDay } from '../../../lib/format';
import { useTimeZone } from '../../../lib/hydration';
import { useLocale } from '../../../lib/use-locale';
import { AuctionBidderName } from './auction-bidder-name';
import { AuctionList, AuctionListRow } from './auction-list';

/** The round's bids, newest first, as the server received them; the viewer's own are marked. */
export function AuctionBidList({ snapshot, viewerId }: { snapshot: AuctionSnapshot; viewerId: string | null }) {
  const { t } = useTranslation('auction');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const { bids, auction } = snapshot;
  return (
    <AuctionList count={bids.length} emptyText={t('bids.none')} testId="bid-list">
      {bids.map((bid, index) => (
        <BidRow key={bid.id} bid={bid} leading={index === 0} currency={auction.currency} locale={locale} timeZone={timeZone} viewerId={viewerId} />
      ))}
    </AuctionList>
  );
}

/** A bid keeps its object while it stays in the list, so a new bid renders its own row and the one it displaced, not all of them. */
const BidRow = memo(function BidRow({ bid, leading, currency, locale, timeZone, viewerId }: { bid: Bid; leading: boolean; currency: string; locale: Locale; timeZone: string; viewerId: string | null }) {
  return (
    <AuctionListRow data-testid="bid" data-amount={bid.amount} data-seq={bid.seq}>
      <HStack justify="space-between" gap="3" w="full">
        <Stack gap="0" minW="0">
          <AuctionBidderName bidder={bid.bidder} viewerId={viewerId} />
          <Text fontSize="xs" color="fg.muted">
            <time dateTime={new Date(bid.at).toISOString()}>
              <bdi>{formatTimeOfDay(bid.at, locale, timeZone)}</bdi>
            </time>
          </Text>
        </Stack>
        <Text fontWeight={leading ? 'bold' : 'medium'} flexShrink={0}>
          <bdi>{formatMoney(bid.amount, currency, locale)}</bdi>
        </Text>
      </HStack>
    </AuctionListRow>
  );
});
