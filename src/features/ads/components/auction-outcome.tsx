import { Alert } from '@chakra-ui/react';
import { Trans, useTranslation } from 'react-i18next';
import type { AuctionState } from '../../../../domain/auction';
import { formatMoney } from '../../../lib/format';
import { UserText } from '../../../lib/ui/user-text';
import { useLocale } from '../../../lib/use-locale';
import type { AuctionView } from '../use-auction-state';

/**
 * Where the round stands once bidding is over: waiting for the owner (said to everyone else; the
 * owner has the controls), or its result, told to the winner or buyer in their own words.
 */
export function AuctionOutcome({ auction, view, viewerId, isOwner }: { auction: AuctionState; view: AuctionView; viewerId: string | null; isOwner: boolean }) {
  const { t } = useTranslation('auction');
  const locale = useLocale();
  const { phase } = view;
  const { highestBid } = auction;
  const money = (amount: number) => formatMoney(amount, auction.currency, locale);
  const components = { name: <UserText />, amount: <bdi /> };

  let message;
  if ((phase === 'finalWindow' || phase === 'awaitingFinalisation') && !isOwner) {
    message = t(highestBid?.bidder.id === viewerId ? 'outcome.awaitingOwnerYouLead' : 'outcome.awaitingOwner');
  } else if (phase === 'finalised' && highestBid) {
    message =
      highestBid.bidder.id === viewerId ? (
        <Trans t={t} i18nKey="outcome.youWon" values={{ amount: money(highestBid.amount) }} components={components} />
      ) : (
        <Trans t={t} i18nKey="outcome.sold" values={{ name: highestBid.bidder.name, amount: money(highestBid.amount) }} components={components} />
      );
  } else if (phase === 'boughtOutright' && auction.instantPurchaseAmount !== null) {
    const key = auction.outcome?.buyerId === viewerId ? 'outcome.youBoughtOutright' : 'outcome.boughtOutright';
    message = <Trans t={t} i18nKey={key} values={{ amount: money(auction.instantPurchaseAmount) }} components={components} />;
  } else if (phase === 'ended') {
    message = t('outcome.declined');
  } else if (phase === 'endedWithoutBids') {
    message = t('outcome.noBids');
  } else {
    return null;
  }

  const sold = phase === 'finalised' || phase === 'boughtOutright';
  return (
    <Alert.Root status={sold ? 'success' : 'info'} variant="subtle" data-testid="auction-outcome" data-phase={phase}>
      <Alert.Indicator />
      <Alert.Title fontWeight="medium">{message}</Alert.Title>
    </Alert.Root>
  );
}
