import { Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isolateUserText } from '../../../../domain/locale';
import type { Order } from '../../../../domain/orders';
import { pathTo } from '../../../../domain/routes';
import { formatMoney } from '../../../lib/format';
import { errorCodeOf } from '../../../lib/http';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog';
import { FormError } from '../../../lib/ui/form-error';
import { useLocale } from '../../../lib/use-locale';
import { useOfferToNextBidder } from '../api/move-order';

/** For the seller of an auction order cancelled unpaid: offer the item to the next highest bidder at their bid. */
export function NextBidderOffer({ order, nextBidder }: { order: Order; nextBidder: NonNullable<Order['nextBidder']> }) {
  const { t } = useTranslation('orders');
  const locale = useLocale();
  const navigate = useNavigate();
  const offer = useOfferToNextBidder(order.id);
  const [asking, setAsking] = useState(false);
  const words = { name: isolateUserText(nextBidder.fullName), amount: formatMoney(nextBidder.amount, order.currency, locale) };
  return (
    <Stack gap="3" data-testid="next-bidder-offer">
      <Text>{t('order.nextBidder', words)}</Text>
      <Button colorPalette="teal" alignSelf="start" onClick={() => { offer.reset(); setAsking(true); }} data-testid="offer-next-bidder">
        {t('order.offerNextBidder')}
      </Button>
      <ConfirmDialog
        open={asking}
        onClose={() => setAsking(false)}
        title={t('order.offerNextBidderTitle')}
        description={t('order.offerNextBidderDescription', words)}
        confirmLabel={t('order.offerNextBidderConfirm')}
        confirmPalette="teal"
        cancelLabel={t('order.notNow')}
        onConfirm={() => offer.mutate(undefined, { onSuccess: (next) => void navigate(pathTo('order', { orderId: next.id })) })}
        pending={offer.isPending}
        refusal={<FormError code={offer.isError ? errorCodeOf(offer.error) : null} />}
        testId="offer-next-bidder-dialog"
      />
    </Stack>
  );
}
