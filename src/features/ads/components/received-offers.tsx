import { Badge, Button, Card, Heading, HStack, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { AdDetail } from '../../../../domain/ad-schemas';
import { ERROR_CODES } from '../../../../domain/errors';
import { beatsHighestBid } from '../../../../domain/negotiation';
import type { ReceivedOffer } from '../../../../domain/negotiation-schemas';
import { minorUnitsOfTypedAmount } from '../../../lib/amount-input';
import { currencySymbol, formatMoney } from '../../../lib/format';
import { FormError, formRefusalCode } from '../../../lib/ui/form-error';
import { TextField } from '../../../lib/ui/text-field';
import { UserText } from '../../../lib/ui/user-text';
import { useLocale } from '../../../lib/use-locale';
import { useAnswerOffer, useReceivedOffers } from '../api/negotiation';

/** The offers on the owner's ad, open ones first, each with the answers the server allows now. */
export function ReceivedOffers({ ad, highestBid }: { ad: AdDetail; highestBid: number | null }) {
  const { t } = useTranslation('ads');
  const offers = useReceivedOffers(ad.slug, true);
  return (
    <Stack gap="3" borderTopWidth="1px" pt="3" data-testid="received-offers">
      <Heading as="h2" size="sm">
        {t('negotiation.received.title')}
      </Heading>
      {offers.data?.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('negotiation.received.empty')}
        </Text>
      ) : null}
      {offers.data?.map((offer) => <ReceivedOfferCard key={offer.id} ad={ad} offer={offer} highestBid={highestBid} />)}
    </Stack>
  );
}

/** `highestBid`: on the combined type, a bid that reached the offer since the list was fetched takes accepting off it, as the server would. */
function ReceivedOfferCard({ ad, offer, highestBid }: { ad: AdDetail; offer: ReceivedOffer; highestBid: number | null }) {
  const { t } = useTranslation('ads');
  const locale = useLocale();
  const answer = useAnswerOffer(ad.slug);
  const [countering, setCountering] = useState(false);
  const [typed, setTyped] = useState('');
  const [counterError, setCounterError] = useState<string | undefined>();
  const money = (amount: number) => formatMoney(amount, offer.currency, locale);
  const { facts } = offer;
  const sendCounter = () => {
    const amount = minorUnitsOfTypedAmount(typed, offer.currency);
    if (amount === null || Number.isNaN(amount)) return setCounterError(amount === null ? ERROR_CODES.REQUIRED : ERROR_CODES.NOT_POSITIVE_INTEGER);
    // The machine's range, said before asking the server: above the offer, below the price.
    if (amount <= facts.offer!.amount || amount >= facts.price) return setCounterError(ERROR_CODES.COUNTER_OUT_OF_RANGE);
    setCounterError(undefined);
    answer.mutate({ negotiationId: offer.id, answer: 'counter', amount }, { onSuccess: () => setCountering(false) });
  };
  return (
    <Card.Root size="sm" variant="outline" data-testid="received-offer" data-status={offer.status}>
      <Card.Body gap="2">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Text fontWeight="medium">
            <Trans t={t} i18nKey="negotiation.received.offer" values={{ name: offer.buyer.fullName, amount: money(facts.offer!.amount) }} components={{ name: <UserText />, amount: <bdi /> }} />
          </Text>
          <Badge data-testid="received-offer-status">{t(`negotiation.received.status.${offer.status ?? 'OFFERED'}`)}</Badge>
        </HStack>
        {facts.counter ? (
          <Text fontSize="sm" color="fg.muted">
            <Trans t={t} i18nKey="negotiation.received.counteredWith" values={{ amount: money(facts.counter.amount) }} components={{ amount: <bdi /> }} />
          </Text>
        ) : null}
        <Text fontSize="sm" color="fg.muted">
          {t('negotiation.received.attempts', { used: facts.attemptsUsed, limit: facts.attemptLimit })}
        </Text>
        {offer.answers.length > 0 ? (
          <HStack gap="2" wrap="wrap">
            {offer.answers.includes('accept') && beatsHighestBid(offer.facts.offer!.amount, highestBid) ? (
              <Button size="sm" colorPalette="teal" loading={answer.isPending} onClick={() => answer.mutate({ negotiationId: offer.id, answer: 'accept' })} data-testid="offer-accept">
                {t('negotiation.received.accept')}
              </Button>
            ) : null}
            {offer.answers.includes('reject') ? (
              <Button size="sm" variant="outline" colorPalette="red" disabled={answer.isPending} onClick={() => answer.mutate({ negotiationId: offer.id, answer: 'reject' })} data-testid="offer-reject">
                {t('negotiation.received.reject')}
              </Button>
            ) : null}
            {offer.answers.includes('counter') && !countering ? (
              <Button size="sm" variant="outline" disabled={answer.isPending} onClick={() => setCountering(true)} data-testid="offer-counter">
                {t('negotiation.received.counter')}
              </Button>
            ) : null}
          </HStack>
        ) : null}
        {countering ? (
          <Stack gap="2">
            <TextField label={t('negotiation.received.counterAmount')} error={counterError}>
              <InputGroup endElement={<Text as="span" fontSize="sm" color="fg.muted" whiteSpace="nowrap">{currencySymbol(offer.currency, locale)}</Text>} endElementProps={{ pointerEvents: 'none' }}>
                <Input inputMode="decimal" autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} data-testid="counter-amount" />
              </InputGroup>
            </TextField>
            <HStack gap="2">
              <Button size="sm" colorPalette="teal" loading={answer.isPending} onClick={sendCounter} data-testid="counter-submit">
                {t('negotiation.received.sendCounter')}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setCountering(false)}>
                {t('negotiation.received.cancel')}
              </Button>
            </HStack>
          </Stack>
        ) : null}
        <FormError code={formRefusalCode(answer.error)} />
      </Card.Body>
    </Card.Root>
  );
}
