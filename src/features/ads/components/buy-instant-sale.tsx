import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { AdDetail } from '../../../../domain/ad-schemas';
import { pathTo, signInPathFor } from '../../../../domain/routes';
import { negotiationStateOf } from '../../../../machines/negotiation.machine';
import { formatMoney } from '../../../lib/format';
import { errorCodeOf } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { FormError } from '../../../lib/ui/form-error';
import { useLocale } from '../../../lib/use-locale';
import { serverNow } from '../../../lib/realtime/server-clock';
import { useBuyAd } from '../api/buy-ad';
import { useMyNegotiation } from '../api/negotiation';

/**
 * An instant sale's purchase: the buyer confirms the price and shipping, the server makes the order
 * and ends the ad, and the buyer goes on to the order to pay.
 */
export function BuyInstantSale({ ad }: { ad: AdDetail }) {
  const { t } = useTranslation('ads');
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const buy = useBuyAd(ad.slug);
  const [confirming, setConfirming] = useState(false);
  const isOwner = session.data?.slug === ad.seller.slug;
  const negotiation = useMyNegotiation(ad.slug, Boolean(session.data) && !isOwner && ad.negotiable);
  if (ad.type !== 'INSTANT_SALE' || ad.status !== 'PUBLISHED' || ad.price === null || isOwner) return null;
  // Held by an agreed price: for another buyer, nobody else buys; for this one, the offer panel orders at it.
  const mine = negotiation.data;
  if (mine && (mine.heldForAnother || negotiationStateOf(mine.status, { ...mine.facts, at: serverNow() }).matches('accepted'))) return null;
  const amount = <bdi />;
  const shipping = ad.shippingType === 'PAID' && ad.shippingFee !== null ? ad.shippingFee : 0;
  const values = { price: formatMoney(ad.price, ad.currency, locale), total: formatMoney(ad.price + shipping, ad.currency, locale) };

  // A visitor signs in first and comes back here.
  const start = () => (session.data ? setConfirming(true) : void navigate(signInPathFor(location.pathname)));
  return confirming ? (
    <Stack gap="3" data-testid="buy-confirmation">
      <Text fontWeight="medium">
        <Trans t={t} i18nKey={shipping > 0 ? 'buy.confirmQuestionWithShipping' : 'buy.confirmQuestion'} values={values} components={{ amount }} />
      </Text>
      <HStack gap="2" wrap="wrap">
        <Button colorPalette="teal" loading={buy.isPending} onClick={() => buy.mutate(undefined, { onSuccess: (order) => void navigate(pathTo('order', { orderId: order.id })) })} data-testid="buy-confirm">
          {t('buy.confirm')}
        </Button>
        <Button variant="ghost" disabled={buy.isPending} onClick={() => setConfirming(false)}>
          {t('buy.cancel')}
        </Button>
      </HStack>
      <FormError code={errorCodeOf(buy.error)} />
    </Stack>
  ) : (
    <Button colorPalette="teal" onClick={start} data-testid="buy">
      <ShoppingCart aria-hidden />
      {t('buy.action')}
    </Button>
  );
}
