import { HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { AuctionSnapshot } from '../../../../domain/auction';
import { formatMoney, formatTimeOfDay } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { AuctionBidderName } from './auction-bidder-name';
import { AuctionList } from './auction-list';

/** The round's bids, newest first, as the server received them; the viewer's own are marked. */
export function AuctionBidList({ snapshot, viewerId }: { snapshot: AuctionSnapshot; viewerId: string | null }) {
  const { t } = useTranslation('auction');
  const locale = useLocale();
  const { bids, auction } = snapshot;
  return (
    <AuctionList items={bids} emptyText={t('bids.none')} testId="bid-list" rowOf={(bid) => ({ key: bid.id, attributes: { 'data-testid': 'bid', 'data-amount': bid.amount, 'data-seq': bid.seq } })}>
      {(bid, index) => (
        <HStack justify="space-between" gap="3" w="full">
          <Stack gap="0" minW="0">
            <AuctionBidderName bidder={bid.bidder} viewerId={viewerId} />
            <Text fontSize="xs" color="fg.muted">
              <time dateTime={new Date(bid.at).toISOString()}>
                <bdi>{formatTimeOfDay(bid.at, locale)}</bdi>
              </time>
            </Text>
          </Stack>
          <Text fontWeight={index === 0 ? 'bold' : 'medium'} flexShrink={0}>
            <bdi>{formatMoney(bid.amount, auction.currency, locale)}</bdi>
          </Text>
        </HStack>
      )}
    </AuctionList>
  );
}
