import { Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { AuctionState } from '../../../../domain/auction';
import { formatMoney } from '../../../lib/format';
import { errorCodeOf } from '../../../lib/http';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog';
import { FormError } from '../../../lib/ui/form-error';
import { UserText } from '../../../lib/ui/user-text';
import { useLocale } from '../../../lib/use-locale';
import { useFinaliseAuction } from '../api/finalise-auction';
import { useStartNextSubAuction } from '../api/start-next-sub-auction';
import type { AuctionView } from '../../../../machines/auction-view';

/**
 * The owner's decision on the round, in the final window or any time after: confirm the winner, or,
 * when the highest bid is below the reserve, choose explicitly between selling below it and declining,
 * each asked again first, as neither can be undone. A live auction's owner may instead open the next sub-auction, which closes this round by the same rule.
 */
/** The decisions below the reserve, each asked again in its own words before it is sent. */
const DECISIONS_BELOW_RESERVE = {
  SELL_BELOW_RESERVE: { acceptBelowReserve: true, question: 'owner.confirmSellBelowReserve', action: 'owner.sellBelowReserve' },
  DECLINE: { acceptBelowReserve: false, question: 'owner.confirmDecline', action: 'owner.decline' },
} as const;
type DecisionBelowReserve = keyof typeof DECISIONS_BELOW_RESERVE;

export function AuctionOwnerControls({ slug, auction, view }: { slug: string; auction: AuctionState; view: AuctionView }) {
  const { t } = useTranslation('auction');
  const locale = useLocale();
  const finalise = useFinaliseAuction(slug);
  const startNext = useStartNextSubAuction(slug);
  const [confirming, setConfirming] = useState<DecisionBelowReserve | null>(null);
  if (!view.canFinalise && !view.canStartNextSubAuction) return null;
  const { highestBid } = auction;
  const pending = finalise.isPending || startNext.isPending;
  // Only the last decision's refusal is news: the other's is cleared when a decision is sent. A
  // decision asked again shows its refusal in its dialog instead.
  const refusal = errorCodeOf(startNext.error ?? (confirming === null ? finalise.error : null));
  const finaliseRound = (acceptBelowReserve: boolean) => {
    startNext.reset();
    finalise.mutate(acceptBelowReserve, { onSuccess: () => setConfirming(null) });
  };
  const openNextRound = () => {
    finalise.reset();
    startNext.mutate(false);
  };

  return (
    <Stack gap="3" borderTopWidth="1px" pt="3" data-testid="owner-controls">
      {view.canFinalise && highestBid ? (
        <>
          <Text fontWeight="medium" data-testid="winner">
            <Trans
              t={t}
              i18nKey="owner.winner"
              values={{ name: highestBid.bidder.name, amount: formatMoney(highestBid.amount, auction.currency, locale) }}
              components={{ name: <UserText />, amount: <bdi /> }}
            />
          </Text>
          {view.reserveMet ? (
            <Button colorPalette="green" loading={finalise.isPending && finalise.variables === false} disabled={pending} onClick={() => finaliseRound(false)} data-testid="finalise">
              {t('owner.finalise')}
            </Button>
          ) : (
            <>
              <Text fontSize="sm" color="fg.muted">
                {t('owner.belowReserve')}
              </Text>
              <Button colorPalette="green" disabled={pending} onClick={() => setConfirming('SELL_BELOW_RESERVE')} data-testid="finalise">
                {t('owner.sellBelowReserve')}
              </Button>
              <Button variant="outline" colorPalette="red" disabled={pending} onClick={() => setConfirming('DECLINE')} data-testid="decline">
                {t('owner.decline')}
              </Button>
              {Object.entries(DECISIONS_BELOW_RESERVE).map(([decision, { acceptBelowReserve, question, action }]) => (
                <ConfirmDialog
                  key={decision}
                  open={confirming === decision}
                  onClose={() => {
                    setConfirming(null);
                    finalise.reset();
                  }}
                  title={t(`${question}.title`)}
                  description={t(`${question}.description`)}
                  confirmLabel={t(action)}
                  onConfirm={() => finaliseRound(acceptBelowReserve)}
                  pending={finalise.isPending}
                  refusal={<FormError code={errorCodeOf(finalise.error)} />}
                  testId="round-decision"
                />
              ))}
            </>
          )}
        </>
      ) : null}
      {view.canStartNextSubAuction ? (
        <Stack gap="1.5">
          <Button variant={view.canFinalise ? 'outline' : 'solid'} colorPalette="orange" loading={startNext.isPending} disabled={pending} onClick={openNextRound} data-testid="start-next-sub-auction">
            {t('owner.startNext')}
          </Button>
          {view.canFinalise ? (
            <Text fontSize="sm" color="fg.muted">
              {t(view.reserveMet ? 'owner.startNextSells' : 'owner.startNextUnsold')}
            </Text>
          ) : null}
        </Stack>
      ) : null}
      <FormError code={refusal} />
    </Stack>
  );
}
