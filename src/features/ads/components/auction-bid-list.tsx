import { HStack, List, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { AuctionSnapshot } from '../../../../domain/auction';
import { formatMoney, formatTimeOfDay } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { AuctionBidderName } from './auction-bidder-name';

/** The round's bids, newest first, as the server received them; the viewer's own are marked. */
export function AuctionBidList({ snapshot, viewerId }: { snapshot: AuctionSnapshot; viewerId: string | null }) {
  const { t } = useTranslation('auction');
  const locale = useLocale();
  const { bids, auction } = snapshot;
  if (bids.length === 0) {
    return (
      <Text color="fg.muted" data-testid="bid-list" data-count={0}>
        {t('bids.none')}
      </Text>
    );
  }
  return (
    <List.Root as="ol" listStyleType="none" gap="0" data-testid="bid-list" data-count={bids.length}>
      {bids.map((bid, index) => (
        <List.Item key={bid.id} py="2.5" borderBottomWidth={index === bids.length - 1 ? '0' : '1px'} data-testid="bid" data-amount={bid.amount} data-seq={bid.seq}>
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
        </List.Item>
      ))}
    </List.Root>
  );
}
