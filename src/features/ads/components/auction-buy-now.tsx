import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { AuctionState } from '../../../../domain/auction';
import { formatMoney } from '../../../lib/format';
import { FormError } from '../../../lib/ui/form-error';
import { errorCodeOf } from '../../../lib/http';
import { useLocale } from '../../../lib/use-locale';
import { useSession } from '../../../lib/session';
import { useBuyNow } from '../api/buy-now';
import { useMyNegotiation } from '../api/negotiation';

/** The combined type's instant purchase: it ends the auction at once, so the buyer confirms the amount first. */
export function AuctionBuyNow({ slug, auction, offline }: { slug: string; auction: AuctionState; offline: boolean }) {
  const { t } = useTranslation('auction');
  const locale = useLocale();
  const buyNow = useBuyNow(slug);
  const [confirming, setConfirming] = useState(false);
  const session = useSession();
  const negotiation = useMyNegotiation(slug, Boolean(session.data));
  if (auction.instantPurchaseAmount === null) return null;
  // A price the owner agreed with another buyer holds the item for them: nobody else buys it outright meanwhile.
  if (negotiation.data?.heldForAnother) return null;
  const amount = <bdi />;
  const values = { amount: formatMoney(auction.instantPurchaseAmount, auction.currency, locale) };

  return (
    <Stack gap="3" borderTopWidth="1px" pt="3">
      {confirming ? (
        <Stack gap="3" data-testid="buy-now-confirmation">
          <Text fontWeight="medium">
            <Trans t={t} i18nKey="buyNow.confirmQuestion" values={values} components={{ amount }} />
          </Text>
          <HStack gap="2" wrap="wrap">
            <Button colorPalette="teal" loading={buyNow.isPending} disabled={offline} onClick={() => buyNow.mutate(null)} data-testid="buy-now-confirm">
              {t('buyNow.confirm')}
            </Button>
            <Button variant="ghost" disabled={buyNow.isPending} onClick={() => setConfirming(false)}>
              {t('buyNow.cancel')}
            </Button>
          </HStack>
          <FormError code={errorCodeOf(buyNow.error)} />
        </Stack>
      ) : (
        <Button variant="outline" colorPalette="teal" onClick={() => setConfirming(true)} data-testid="buy-now">
          <Trans t={t} i18nKey="buyNow.action" values={values} components={{ amount }} />
        </Button>
      )}
    </Stack>
  );
}
