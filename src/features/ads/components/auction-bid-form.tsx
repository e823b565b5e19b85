import { Button, HStack, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import type { AuctionState } from '../../../../domain/auction';
import { ERROR_CODES } from '../../../../domain/errors';
import { minorUnitsOfTypedAmount, typedAmountOf } from '../../../lib/amount-input';
import { currencySymbol, formatMoney } from '../../../lib/format';
import { FormError, formRefusalCode, showFieldRefusals } from '../../../lib/ui/form-error';
import { TextField } from '../../../lib/ui/text-field';
import { useLocale } from '../../../lib/use-locale';
import { usePlaceBid } from '../api/place-bid';
import type { AuctionView } from '../../../../machines/auction-view';

interface BidFormValues {
  /** As typed, in major units of the ad's currency. */
  amount: string;
}

/**
 * The bid form: an amount in the ad's currency (Arabic-Indic digits and grouping marks read), three
 * quick amounts from the least the next bid may offer, and the refusal in the server's words. What
 * the machine would refuse is said at once, in the same words, without a round trip. Offline, it
 * sends nothing: the button waits for the connection, and the HTTP client refuses a bid sent anyway.
 */
export function AuctionBidForm({ slug, auction, view, offline }: { slug: string; auction: AuctionState; view: AuctionView; offline: boolean }) {
  const { t } = useTranslation('auction');
  const locale = useLocale();
  const placeBid = usePlaceBid(slug);
  const [placedAmount, setPlacedAmount] = useState<number | null>(null);
  const form = useForm<BidFormValues>({ defaultValues: { amount: '' } });
  const money = (amount: number) => formatMoney(amount, auction.currency, locale);

  const submit = form.handleSubmit(({ amount: typed }) => {
    setPlacedAmount(null);
    placeBid.reset();
    const amount = minorUnitsOfTypedAmount(typed, auction.currency);
    if (amount === null) return form.setError('amount', { message: ERROR_CODES.REQUIRED }, { shouldFocus: true });
    const refusal = view.bidRefusal(amount);
    if (refusal) return form.setError('amount', { message: refusal }, { shouldFocus: true });
    placeBid.mutate(amount, {
      onSuccess: () => {
        form.reset();
        setPlacedAmount(amount);
      },
      onError: (error) => showFieldRefusals(error, form.setError),
    });
  });

  const choose = (amount: number) => {
    form.setValue('amount', typedAmountOf(amount, auction.currency), { shouldDirty: true });
    form.clearErrors('amount');
    form.setFocus('amount');
  };

  return (
    <form onSubmit={submit} noValidate data-testid="bid-form">
      <Stack gap="3">
        <TextField
          label={t('bidForm.amount')}
          error={form.formState.errors.amount?.message}
          helperText={<Trans t={t} i18nKey="bidForm.minimum" values={{ amount: money(auction.minimumBid) }} components={{ amount: <bdi /> }} />}
        >
          <InputGroup endElement={<Text as="span" fontSize="sm" color="fg.muted" whiteSpace="nowrap">{currencySymbol(auction.currency, locale)}</Text>} endElementProps={{ pointerEvents: 'none' }}>
            <Input inputMode="decimal" autoComplete="off" data-testid="bid-amount" {...form.register('amount')} />
          </InputGroup>
        </TextField>
        <HStack gap="2" wrap="wrap" role="group" aria-label={t('bidForm.quickAmounts')}>
          {view.quickBidAmounts.map((amount) => (
            <Button key={amount} size="sm" variant="outline" onClick={() => choose(amount)} data-testid="quick-bid" data-amount={amount}>
              <bdi>{money(amount)}</bdi>
            </Button>
          ))}
        </HStack>
        <FormError code={formRefusalCode(placeBid.error)} />
        {/* Said while the bid still leads; once outbid, the outbid notice says what happened to it. */}
        {placedAmount !== null && auction.highestBid?.amount === placedAmount ? (
          <Text role="status" color="green.fg" fontWeight="medium" data-testid="bid-placed">
            <Trans t={t} i18nKey="bidForm.placed" values={{ amount: money(placedAmount) }} components={{ amount: <bdi /> }} />
          </Text>
        ) : null}
        <Button type="submit" colorPalette="orange" size="lg" loading={placeBid.isPending} disabled={offline} data-testid="place-bid">
          {t('bidForm.submit')}
        </Button>
      </Stack>
    </form>
  );
}
