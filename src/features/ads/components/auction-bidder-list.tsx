import { HStack, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuctionSnapshot, BidderStanding } from '../../../../domain/auction';
import type { Locale } from '../../../../domain/locale';
import { formatMoney } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { AuctionBidderName } from './auction-bidder-name';
import { AuctionList, AuctionListRow } from './auction-list';

/** Everyone who bid this round, highest offer first, with how often they bid. */
export function AuctionBidderList({ snapshot, viewerId }: { snapshot: AuctionSnapshot; viewerId: string | null }) {
  const { t } = useTranslation('auction');
  const locale = useLocale();
  const { bidders, auction } = snapshot;
  return (
    <AuctionList count={bidders.length} emptyText={t('bidders.none')} testId="bidder-list">
      {bidders.map((bidder) => (
        <BidderRow key={bidder.id} bidder={bidder} currency={auction.currency} locale={locale} viewerId={viewerId} />
      ))}
    </AuctionList>
  );
}

/** A bidder whom a change left as they were keeps their object, and their row is not rendered again. */
const BidderRow = memo(function BidderRow({ bidder, currency, locale, viewerId }: { bidder: BidderStanding; currency: string; locale: Locale; viewerId: string | null }) {
  const { t } = useTranslation('auction');
  return (
    <AuctionListRow data-testid="bidder">
      <HStack justify="space-between" gap="3" w="full">
        <AuctionBidderName bidder={bidder} viewerId={viewerId} />
        <HStack gap="3" flexShrink={0}>
          <Text fontSize="sm" color="fg.muted">
            {t('bidCount', { count: bidder.bidCount })}
          </Text>
          <Text fontWeight="medium">
            <bdi>{formatMoney(bidder.highestAmount, currency, locale)}</bdi>
          </Text>
        </HStack>
      </HStack>
    </AuctionListRow>
  );
});
