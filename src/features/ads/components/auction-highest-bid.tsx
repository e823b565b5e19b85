import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useTranslation } from 'react-i18next';
import type { AuctionSnapshot, ReserveState } from '../../../../domain/auction';
import type { AuctionView } from '../../../../machines/auction-view';
import { formatMoney } from '../../../lib/format';
import { UserText } from '../../../lib/ui/user-text';
import { useLocale } from '../../../lib/use-locale';

const RESERVE_PALETTES: Record<ReserveState, string> = { NONE: 'gray', MET: 'green', NOT_MET: 'orange' };

/**
 * The figure bidders watch: the highest bid and who holds it (the viewer is told it is them), how
 * many bids there are, and whether the reserve is met. Only the owner sees the reserve's value.
 */
export function AuctionHighestBid({ snapshot, view }: { snapshot: AuctionSnapshot; view: AuctionView }) {
  const { t } = useTranslation('auction');
  const locale = useLocale();
  const { auction, viewer } = snapshot;
  const { highestBid } = auction;
  const money = (amount: number) => formatMoney(amount, auction.currency, locale);
  const isMine = view.highestBidIsViewers !== null;
  const mineText = view.highestBidIsViewers === 'WAS_HIGHEST' ? t('highestBid.wasMine') : t('highestBid.mine');

  return (
    <Stack gap="3">
      <Stack gap="0.5" data-testid="highest-bid" data-amount={highestBid?.amount ?? ''}>
        <Text fontSize="sm" color="fg.muted">
          {t(highestBid ? 'highestBid.label' : 'highestBid.noBids')}
        </Text>
        {highestBid ? (
          <>
            <Text fontSize="3xl" fontWeight="bold" color="colorPalette.fg" lineHeight="1.2">
              <bdi>{money(highestBid.amount)}</bdi>
            </Text>
            <Text fontWeight="medium" color={isMine ? 'green.fg' : undefined} data-testid="highest-bidder" data-mine={isMine}>
              {isMine ? mineText : <Trans t={t} i18nKey="highestBid.by" values={{ name: highestBid.bidder.name }} components={{ name: <UserText /> }} />}
            </Text>
          </>
        ) : (
          <Text fontSize="lg" fontWeight="medium">
            <Trans t={t} i18nKey="highestBid.opening" values={{ amount: money(auction.openingAmount) }} components={{ amount: <bdi /> }} />
          </Text>
        )}
      </Stack>
      <HStack gap="2" wrap="wrap">
        <Badge colorPalette={RESERVE_PALETTES[auction.reserve]} variant="subtle" data-testid="reserve-state" data-reserve={auction.reserve}>
          {t(`reserve.${auction.reserve}`)}
        </Badge>
        <Text fontSize="sm" color="fg.muted" data-testid="bid-count">
          {t('bidCount', { count: auction.bidCount })}
        </Text>
      </HStack>
      {viewer.reservePrice !== null ? (
        <Text fontSize="sm" color="fg.muted" data-testid="reserve-price">
          <Trans t={t} i18nKey="reserve.yours" values={{ amount: money(viewer.reservePrice) }} components={{ amount: <bdi /> }} />
        </Text>
      ) : null}
    </Stack>
  );
}
