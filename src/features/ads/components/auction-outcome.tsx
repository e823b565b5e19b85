import { Alert, Stack } from '@chakra-ui/react';
import { Trans, useTranslation } from 'react-i18next';
import type { AuctionState } from '../../../../domain/auction';
import { ROUTES } from '../../../../domain/routes';
import type { AuctionOutcomeNotice } from '../../../../machines/auction-view';
import { formatMoney } from '../../../lib/format';
import { ButtonLink } from '../../../lib/ui/router-link';
import { UserText } from '../../../lib/ui/user-text';
import { useLocale } from '../../../lib/use-locale';

/**
 * Where the round stands once bidding is over: waiting for the owner (said to everyone else; the
 * owner has the controls), or its result, each told in the words of the viewer's standing in it
 * (the owner, the highest bidder, an outbid bidder, anyone else).
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
      message = t(`outcome.awaitingOwner.${outcome.standing}`);
      break;
    case 'SOLD':
      message = (
        <Trans t={t} i18nKey={`outcome.sold.${outcome.standing}`} values={{ name: outcome.bid.bidder.name, amount: money(outcome.bid.amount) }} components={components} />
      );
      break;
    case 'BOUGHT_OUTRIGHT':
      message = <Trans t={t} i18nKey={outcome.byViewer ? 'outcome.youBoughtOutright' : 'outcome.boughtOutright'} values={{ amount: money(outcome.amount) }} components={components} />;
      break;
    case 'DECLINED':
      message = t(`outcome.declined.${outcome.standing}`);
      break;
    case 'NO_BIDS':
      message = t(`outcome.noBids.${outcome.standing}`);
      break;
  }

  // A sale is good news to all but the bidder who lost it.
  const goodNews = (outcome.kind === 'SOLD' && outcome.standing !== 'OUTBID') || outcome.kind === 'BOUGHT_OUTRIGHT';
  // The sale's two sides carry on in their orders: the buyer pays there, the seller ships.
  const boughtByViewer = (outcome.kind === 'SOLD' && outcome.standing === 'HIGHEST') || (outcome.kind === 'BOUGHT_OUTRIGHT' && outcome.byViewer);
  const soldByViewer = outcome.kind === 'SOLD' && outcome.standing === 'OWNER';
  return (
    <Stack gap="2">
      <Alert.Root status={goodNews ? 'success' : 'info'} variant="subtle" data-testid="auction-outcome" data-outcome={outcome.kind} data-standing={'standing' in outcome ? outcome.standing : undefined}>
        <Alert.Indicator />
        <Alert.Title fontWeight="medium">{message}</Alert.Title>
      </Alert.Root>
      {boughtByViewer || soldByViewer ? (
        <ButtonLink to={soldByViewer ? `${ROUTES.orders}?side=sold` : ROUTES.orders} colorPalette="teal" data-testid="auction-order-link">
          {t(soldByViewer ? 'outcome.toSoldOrder' : 'outcome.toBoughtOrder')}
        </ButtonLink>
      ) : null}
    </Stack>
  );
}
