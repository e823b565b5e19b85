import { HStack, List, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { AuctionSnapshot } from '../../../../domain/auction';
import { formatMoney } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { AuctionBidderName } from './auction-bidder-name';

/** Everyone who bid this round, highest offer first, with how often they bid. */
export function AuctionBidderList({ snapshot, viewerId }: { snapshot: AuctionSnapshot; viewerId: string | null }) {
  const { t } = useTranslation('auction');
  const locale = useLocale();
  const { bidders, auction } = snapshot;
  if (bidders.length === 0) {
    return (
      <Text color="fg.muted" data-testid="bidder-list" data-count={0}>
        {t('bidders.none')}
      </Text>
    );
  }
  return (
    <List.Root as="ol" listStyleType="none" gap="0" data-testid="bidder-list" data-count={bidders.length}>
      {bidders.map((bidder, index) => (
        <List.Item key={bidder.id} py="2.5" borderBottomWidth={index === bidders.length - 1 ? '0' : '1px'} data-testid="bidder">
          <HStack justify="space-between" gap="3" w="full">
            <AuctionBidderName bidder={bidder} viewerId={viewerId} />
            <HStack gap="3" flexShrink={0}>
              <Text fontSize="sm" color="fg.muted">
                {t('bidCount', { count: bidder.bidCount })}
              </Text>
              <Text fontWeight="medium">
                <bdi>{formatMoney(bidder.highestAmount, auction.currency, locale)}</bdi>
              </Text>
            </HStack>
          </HStack>
        </List.Item>
      ))}
    </List.Root>
  );
}
