import { Alert } from '@chakra-ui/react';
import { Trans, useTranslation } from 'react-i18next';
import type { AuctionState } from '../../../../domain/auction';
import type { AuctionOutcomeNotice } from '../../../../machines/auction-view';
import { formatMoney } from '../../../lib/format';
import { UserText } from '../../../lib/ui/user-text';
import { useLocale } from '../../../lib/use-locale';

/**
 * Where the round stands once bidding is over: waiting for the owner (said to everyone else; the
 * owner has the controls), or its result, told to the winner or buyer in their own words.
 */
export function AuctionOutcome({ auction, outcome }: { auction: AuctionState; outcome: AuctionOutcomeNotice }) {
  const { t } = useTranslation('auction');
  const locale = useLocale();
  if (outcome === null) return null;
  const money = (amount: number) => formatMoney(amount, auction.currency, locale);
  const components = { name: <UserText />, amount: <bdi /> };

  let message;
  switch (outcome.kind) {
    case 'AWAITING_OWNER':
      message = t(outcome.viewerLeads ? 'outcome.awaitingOwnerYouLead' : 'outcome.awaitingOwner');
      break;
    case 'SOLD':
      message = outcome.toViewer ? (
        <Trans t={t} i18nKey="outcome.youWon" values={{ amount: money(outcome.bid.amount) }} components={components} />
      ) : (
        <Trans t={t} i18nKey="outcome.sold" values={{ name: outcome.bid.bidder.name, amount: money(outcome.bid.amount) }} components={components} />
      );
      break;
    case 'BOUGHT_OUTRIGHT':
      message = <Trans t={t} i18nKey={outcome.byViewer ? 'outcome.youBoughtOutright' : 'outcome.boughtOutright'} values={{ amount: money(outcome.amount) }} components={components} />;
      break;
    case 'DECLINED':
      message = t('outcome.declined');
      break;
    case 'NO_BIDS':
      message = t('outcome.noBids');
      break;
  }

  const sold = outcome.kind === 'SOLD' || outcome.kind === 'BOUGHT_OUTRIGHT';
  return (
    <Alert.Root status={sold ? 'success' : 'info'} variant="subtle" data-testid="auction-outcome" data-outcome={outcome.kind}>
      <Alert.Indicator />
      <Alert.Title fontWeight="medium">{message}</Alert.Title>
    </Alert.Root>
  );
}
