import { HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { AuctionSnapshot } from '../../../../domain/auction';
import { formatMoney } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { AuctionBidderName } from './auction-bidder-name';
import { AuctionList } from './auction-list';

/** Everyone who bid this round, highest offer first, with how often they bid. */
export function AuctionBidderList({ snapshot, viewerId }: { snapshot: AuctionSnapshot; viewerId: string | null }) {
  const { t } = useTranslation('auction');
  const locale = useLocale();
  const { bidders, auction } = snapshot;
  return (
    <AuctionList items={bidders} emptyText={t('bidders.none')} testId="bidder-list" rowOf={(bidder) => ({ key: bidder.id, attributes: { 'data-testid': 'bidder' } })}>
      {(bidder) => (
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
      )}
    </AuctionList>
  );
}
