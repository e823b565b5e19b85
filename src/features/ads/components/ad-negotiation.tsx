import { Button, Heading, HStack, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { AdDetail } from '../../../../domain/ad-schemas';
import { ERROR_CODES } from '../../../../domain/errors';
import { beatsHighestBid } from '../../../../domain/negotiation';
import type { Negotiation } from '../../../../domain/negotiation-schemas';
import { pathTo, signInPathFor } from '../../../../domain/routes';
import { auctionViewOf } from '../../../../machines/auction-watch.machine';
import { attemptsLeft, NEGOTIATION_EVENTS, negotiationDeadlineOf, negotiationMachine, negotiationRefusal, negotiationStateOf } from '../../../../machines/negotiation.machine';
import { minorUnitsOfTypedAmount } from '../../../lib/amount-input';
import { currencySymbol, formatDateTime, formatMoney } from '../../../lib/format';
import { useTimeZone } from '../../../lib/hydration';
import { serverNow } from '../../../lib/realtime/server-clock';
import { useSession } from '../../../lib/session';
import { FormError, formRefusalCode, showFieldRefusals } from '../../../lib/ui/form-error';
import { ButtonLink } from '../../../lib/ui/router-link';
import { TextField } from '../../../lib/ui/text-field';
import { useLocale } from '../../../lib/use-locale';
import { useMyNegotiation, useNegotiate } from '../api/negotiation';
import { useLiveAuction } from '../live-auction';
import { useNegotiationChanges } from '../use-negotiation-changes';
import { ReceivedOffers } from './received-offers';

/**
 * Negotiation on an ad whose owner takes offers, an instant sale or the combined type: the owner sees
 * the offers and answers them; a buyer offers a lower price, always told how many offers they have
 * left, and follows the answer.
 */
export function AdNegotiation({ ad }: { ad: AdDetail }) {
  useNegotiationChanges(ad.slug);
  if (!ad.negotiable || ad.status !== 'PUBLISHED') return null;
  if (ad.type === 'INSTANT_SALE' && ad.price !== null) return <NegotiationSide ad={ad} />;
  if (ad.type === 'INSTANT_SALE_AND_AUCTION' && ad.instantPurchaseAmount !== null) return <AuctionNegotiation ad={ad} />;
  return null;
}

/**
 * The combined type takes offers while its auction still sells outright, as the page's live auction
 * shows it; a price put forward or agreed must beat its highest bid.
 */
function AuctionNegotiation({ ad }: { ad: AdDetail }) {
  const liveAuction = useLiveAuction();
  const sellsOutright = useSelector(liveAuction, (watch) => auctionViewOf(watch)?.sellsOutright ?? false);
  const highestBid = useSelector(liveAuction, (watch) => watch.context.snapshot?.auction.highestBid?.amount ?? null);
  return sellsOutright ? <NegotiationSide ad={ad} highestBid={highestBid} /> : null;
}

/** `highestBid`: on the combined type, the bid every price put forward or agreed must beat; null on an instant sale. */
function NegotiationSide({ ad, highestBid = null }: { ad: AdDetail; highestBid?: number | null }) {
  const session = useSession();
  if (session.data && session.data.slug === ad.seller.slug) return <ReceivedOffers ad={ad} highestBid={highestBid} />;
  return <BuyerNegotiation ad={ad} signedIn={Boolean(session.data)} highestBid={highestBid} />;
}

function BuyerNegotiation({ ad, signedIn, highestBid }: { ad: AdDetail; signedIn: boolean; highestBid: number | null }) {
  const { t } = useTranslation('ads');
  const location = useLocation();
  const negotiation = useMyNegotiation(ad.slug, signedIn);
  if (!signedIn) {
    return (
      <ButtonLink to={signInPathFor(location.pathname)} variant="outline" data-testid="negotiate-sign-in">
        {t('negotiation.signIn')}
      </ButtonLink>
    );
  }
  if (!negotiation.data) return null;
  // A new actor when the negotiation changed, placed at the server's time; the same answer fetched again keeps the one running (and what is typed).
  const { id, status, facts } = negotiation.data;
  const version = [id, status, facts.attemptsUsed, facts.offer?.at, facts.counter?.at, facts.orderBy].join(':');
  return <NegotiationThread key={version} ad={ad} negotiation={negotiation.data} highestBid={highestBid} />;
}

function NegotiationThread({ ad, negotiation, highestBid }: { ad: AdDetail; negotiation: Negotiation; highestBid: number | null }) {
  const { t } = useTranslation('ads');
  const locale = useLocale();
  const timeZone = useTimeZone();
  const navigate = useNavigate();
  const negotiate = useNegotiate(ad.slug, (orderId) => void navigate(pathTo('order', { orderId })));
  const placed = useMemo(() => negotiationStateOf(negotiation.status, { ...negotiation.facts, at: Math.max(negotiation.facts.at, serverNow()) }), [negotiation]);
  const actor = useActorRef(negotiationMachine, { snapshot: placed, input: negotiation.facts });
  const state = useSelector(actor, (snapshot) => snapshot.value as string);
  const context = useSelector(actor, (snapshot) => snapshot.context);
  const deadline = useSelector(actor, negotiationDeadlineOf);

  // The actor is told the time at its next deadline, so an offer left unanswered shows as expired then.
  useEffect(() => {
    if (deadline === null) return;
    const timer = setTimeout(() => actor.send({ type: NEGOTIATION_EVENTS.TICK, at: serverNow() }), Math.max(deadline - serverNow(), 0) + 50);
    return () => clearTimeout(timer);
  }, [actor, deadline]);

  const money = (amount: number) => formatMoney(amount, negotiation.currency, locale);
  const date = deadline === null ? '' : formatDateTime(deadline, locale, timeZone);
  const amount = <bdi />;
  const left = attemptsLeft(context);
  const send = (action: 'withdraw' | 'accept-counter' | 'decline-counter') => negotiate.mutate({ action });
  const canOffer = ['idle', 'rejected', 'withdrawn', 'expired'].includes(state) && left > 0;
  const inAuction = ad.type === 'INSTANT_SALE_AND_AUCTION';

  return (
    <Stack gap="3" borderTopWidth="1px" pt="3" data-testid="negotiation" data-state={state}>
      <Heading as="h2" size="sm">
        {t('negotiation.title')}
      </Heading>
      {/* Once a price is agreed, no offer is left to count: the agreement is what the buyer reads. */}
      {['accepted', 'ordered', 'lapsed'].includes(state) ? null : (
        <Text fontSize="sm" color="fg.muted" data-testid="negotiation-attempts">
          {t('negotiation.attemptsLeft', { count: left, limit: context.attemptLimit })}
        </Text>
      )}
      {negotiation.heldForAnother ? (
        <Text fontSize="sm" data-testid="negotiation-held">
          {t('negotiation.heldForAnother')}
        </Text>
      ) : null}
      {state === 'offered' ? (
        <>
          <Text data-testid="negotiation-status">
            <Trans t={t} i18nKey="negotiation.offered" values={{ amount: money(context.offer!.amount), date }} components={{ amount }} />
          </Text>
          <Button alignSelf="start" variant="outline" size="sm" loading={negotiate.isPending} onClick={() => send('withdraw')} data-testid="negotiation-withdraw">
            {t('negotiation.withdraw')}
          </Button>
        </>
      ) : null}
      {state === 'countered' ? (
        <>
          <Text data-testid="negotiation-status">
            <Trans t={t} i18nKey="negotiation.countered" values={{ amount: money(context.counter!.amount), date }} components={{ amount }} />
          </Text>
          <HStack gap="2" wrap="wrap">
            {beatsHighestBid(context.counter!.amount, highestBid) ? (
              <Button colorPalette="teal" size="sm" loading={negotiate.isPending} onClick={() => send('accept-counter')} data-testid="negotiation-accept-counter">
                {t('negotiation.acceptCounter')}
              </Button>
            ) : null}
            <Button variant="outline" size="sm" disabled={negotiate.isPending} onClick={() => send('decline-counter')} data-testid="negotiation-decline-counter">
              {t('negotiation.declineCounter')}
            </Button>
          </HStack>
        </>
      ) : null}
      {state === 'accepted' && !negotiation.heldForAnother ? (
        <>
          <Text data-testid="negotiation-status">
            <Trans t={t} i18nKey={inAuction ? 'negotiation.acceptedInAuction' : 'negotiation.accepted'} values={{ amount: money(context.agreedAmount!), date }} components={{ amount }} />
          </Text>
          {!beatsHighestBid(context.agreedAmount!, highestBid) ? (
            <FormError code={ERROR_CODES.OFFER_NOT_ABOVE_BID} />
          ) : (
            <Button colorPalette="teal" alignSelf="start" loading={negotiate.isPending} onClick={() => negotiate.mutate({ action: 'order' })} data-testid="negotiation-order">
              {t('negotiation.order')}
            </Button>
          )}
        </>
      ) : null}
      {state === 'ordered' && negotiation.orderId ? (
        <ButtonLink to={pathTo('order', { orderId: negotiation.orderId })} alignSelf="start" variant="outline" data-testid="negotiation-status">
          {t('negotiation.ordered')}
        </ButtonLink>
      ) : null}
      {state === 'lapsed' ? (
        <Text data-testid="negotiation-status">
          <Trans t={t} i18nKey="negotiation.lapsed" values={{ amount: money(context.agreedAmount!) }} components={{ amount }} />
        </Text>
      ) : null}
      {(['rejected', 'withdrawn', 'expired', 'limitReached'] as const).includes(state as never) && context.offer ? (
        <Text data-testid="negotiation-status">
          <Trans t={t} i18nKey={`negotiation.closed.${context.closedAs ?? 'REJECTED'}`} values={{ amount: money(context.offer.amount) }} components={{ amount }} />
        </Text>
      ) : null}
      {state === 'limitReached' ? <FormError code={ERROR_CODES.NEGOTIATION_LIMIT_REACHED} /> : null}
      {canOffer ? <OfferForm ad={ad} negotiation={negotiation} actor={actor} highestBid={highestBid} /> : <FormError code={formRefusalCode(negotiate.error)} />}
    </Stack>
  );
}

/** The amount a buyer offers; what the machine would refuse is said at once, in the server's words. */
function OfferForm({ ad, negotiation, actor, highestBid }: { ad: AdDetail; negotiation: Negotiation; actor: ReturnType<typeof useActorRef<typeof negotiationMachine>>; highestBid: number | null }) {
  const { t } = useTranslation('ads');
  const locale = useLocale();
  const negotiate = useNegotiate(ad.slug);
  const form = useForm<{ amount: string }>({ defaultValues: { amount: '' } });
  const submit = form.handleSubmit(({ amount: typed }) => {
    const amount = minorUnitsOfTypedAmount(typed, negotiation.currency);
    if (amount === null) return form.setError('amount', { message: ERROR_CODES.REQUIRED }, { shouldFocus: true });
    if (Number.isNaN(amount) || amount <= 0) return form.setError('amount', { message: ERROR_CODES.NOT_POSITIVE_INTEGER }, { shouldFocus: true });
    const refusal = negotiationRefusal(actor.getSnapshot(), { type: NEGOTIATION_EVENTS.OFFER, by: negotiation.facts.buyerId, amount, at: serverNow() });
    if (refusal) return form.setError('amount', { message: refusal }, { shouldFocus: true });
    if (!beatsHighestBid(amount, highestBid)) return form.setError('amount', { message: ERROR_CODES.OFFER_NOT_ABOVE_BID }, { shouldFocus: true });
    negotiate.mutate({ action: 'offer', amount }, { onError: (error) => showFieldRefusals(error, form.setError) });
  });
  return (
    <form onSubmit={submit} noValidate data-testid="offer-form">
      <Stack gap="3">
        <TextField label={t('negotiation.amount')} error={form.formState.errors.amount?.message} helperText={t(ad.type === 'INSTANT_SALE_AND_AUCTION' ? 'negotiation.ruleInAuction' : 'negotiation.rule')}>
          <InputGroup endElement={<Text as="span" fontSize="sm" color="fg.muted" whiteSpace="nowrap">{currencySymbol(negotiation.currency, locale)}</Text>} endElementProps={{ pointerEvents: 'none' }}>
            <Input inputMode="decimal" autoComplete="off" data-testid="offer-amount" {...form.register('amount')} />
          </InputGroup>
        </TextField>
        <FormError code={formRefusalCode(negotiate.error)} />
        <Button type="submit" variant="outline" colorPalette="teal" alignSelf="start" loading={negotiate.isPending} data-testid="offer-submit">
          {t('negotiation.send')}
        </Button>
      </Stack>
    </form>
  );
}
