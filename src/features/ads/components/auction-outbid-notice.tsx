import { Alert, CloseButton } from '@chakra-ui/react';
import { Trans, useTranslation } from 'react-i18next';
import type { AuctionState, Bid } from '../../../../domain/auction';
import { formatMoney } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';

/** Told at once, as an alert, when the highest bid passes from the viewer to someone else. */
export function AuctionOutbidNotice({ auction, outbidBy, onDismiss }: { auction: AuctionState; outbidBy: Bid; onDismiss: () => void }) {
  const { t } = useTranslation('auction');
  const locale = useLocale();
  return (
    <Alert.Root status="warning" role="alert" data-testid="outbid-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('outbid.title')}</Alert.Title>
        <Alert.Description>
          <Trans t={t} i18nKey="outbid.description" values={{ amount: formatMoney(outbidBy.amount, auction.currency, locale) }} components={{ amount: <bdi /> }} />
        </Alert.Description>
      </Alert.Content>
      <CloseButton size="sm" alignSelf="flex-start" aria-label={t('outbid.dismiss')} onClick={onDismiss} />
    </Alert.Root>
  );
}
