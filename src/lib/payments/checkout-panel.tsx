import { Alert, Box, Button, HStack, RadioCard, Spinner, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { Apple, CreditCard, Wallet } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { cardTokenMessageSchema, PAYMENT_METHODS, type Payment, type PaymentMethod } from '../../../domain/payments';
import { CHECKOUT_EVENTS, checkoutMachine } from '../../../machines/checkout.machine';
import { SOCKET_EVENTS } from '../../../domain/realtime-events';
import { inspection } from '../inspect';
import { useRealtimeSocket } from '../realtime/socket';
import { FormError } from '../ui/form-error';
import { useLocale } from '../use-locale';
import { confirmPayment, syncPayment } from './payments-api';

const METHOD_ICONS: Record<PaymentMethod, ReactNode> = { CARD: <CreditCard />, APPLE_PAY: <Apple />, PAYPAL: <Wallet /> };
/** How often the page asks again while the provider has not answered a payment the person came back from. */
const MAX_POLLS = 8;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface CheckoutPanelProps {
  /** Starts the purchase on the server and answers its payment; the key makes a repeat the same purchase. */
  start: (method: PaymentMethod, checkoutKey: string) => Promise<Payment>;
  /** Where the provider sends the person back after a challenge or a wallet's screen, naming the payment. */
  returnPathOf: (paymentId: string) => string;
  /** The payment named by the address the person came back to. */
  returningPaymentId: string | null;
  /** What the page shows once the payment succeeded. */
  renderSuccess: (payment: Payment) => ReactNode;
  onSucceeded?: (payment: Payment) => void;
}

/**
 * A purchase's payment: the person chooses how to pay, enters a card (or uses Apple Pay, where the
 * provider takes it in the page) in the provider's framed form, which hands the page a token, never
 * the number; or approves on the provider's page and comes back.
 * It renders the checkout actor's state; every outcome it shows is the server's.
 */
export function CheckoutPanel({ start, returnPathOf, returningPaymentId, renderSuccess, onSucceeded }: CheckoutPanelProps) {
  const { t } = useTranslation('payments');
  const locale = useLocale();
  const actor = useActorRef(
    checkoutMachine.provide({
      actors: {
        startCheckout: fromPromise(({ input }) => start(input.method, input.checkoutKey)),
        confirmPayment: fromPromise(({ input }) => confirmPayment({ ...input, returnPath: returnPathOf(input.paymentId) })),
        syncPayment: fromPromise(async ({ input }) => {
          await wait(input.afterMs);
          return syncPayment(input.paymentId);
        }),
      },
      actions: {
        goToProvider: (_, { url }) => {
          const address = new URL(url, window.location.href);
          address.searchParams.set('lang', locale);
          window.location.assign(address.href);
        },
        reportSucceeded: (_, { payment: paid }) => onSucceeded?.(paid),
      },
    }),
    { input: { returningPaymentId, maxPolls: MAX_POLLS }, ...inspection() },
  );
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const { method, payment, error } = useSelector(actor, (snapshot) => snapshot.context);
  const succeeded = state === 'succeeded' && payment !== null;

  // A payment the provider settles late (a webhook) is told over the socket: a page waiting for it asks again at once.
  const socket = useRealtimeSocket();
  const paymentId = payment?.id ?? null;
  useEffect(() => {
    if (!paymentId) return;
    const onSettled = (settled: { paymentId: string }) => {
      if (settled.paymentId === paymentId && actor.getSnapshot().matches('waitingForProvider')) actor.send({ type: CHECKOUT_EVENTS.RETRY });
    };
    socket.on(SOCKET_EVENTS.PAYMENT_SETTLED, onSettled);
    return () => {
      socket.off(SOCKET_EVENTS.PAYMENT_SETTLED, onSettled);
    };
  }, [actor, socket, paymentId]);

  // The provider's framed form hands over its token by a message from its own origin.
  const tokenFormUrl = payment?.tokenFormUrl ?? null;
  useEffect(() => {
    if (!tokenFormUrl) return;
    const formOrigin = new URL(tokenFormUrl, window.location.href).origin;
    const onMessage = (event: MessageEvent) => {
      const message = cardTokenMessageSchema.safeParse(event.data);
      if (event.origin === formOrigin && message.success) actor.send({ type: CHECKOUT_EVENTS.CARD_TOKEN, token: message.data.token });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [actor, tokenFormUrl]);

  if (succeeded) return <>{renderSuccess(payment)}</>;

  const busy = { starting: t('starting'), confirming: t('confirming'), returning: t('checking'), settlingReturn: t('checking'), redirecting: t('redirecting') }[state as string];
  if (busy) {
    return (
      <HStack gap="3" py="6" role="status" aria-live="polite" data-testid="checkout-busy">
        <Spinner />
        <Text>{busy}</Text>
      </HStack>
    );
  }

  const changeMethod = (
    <Button variant="ghost" size="sm" alignSelf="start" onClick={() => actor.send({ type: CHECKOUT_EVENTS.CHOOSE_METHOD, method })} data-testid="change-method">
      {t('changeMethod')}
    </Button>
  );

  if (state === 'waitingForProvider') {
    return (
      <Stack gap="3">
        <Alert.Root status="info" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('waitingTitle')}</Alert.Title>
            <Alert.Description>{t('waitingDescription')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Button alignSelf="start" onClick={() => actor.send({ type: CHECKOUT_EVENTS.RETRY })}>
          {t('checkAgain')}
        </Button>
      </Stack>
    );
  }

  const failure =
    state === 'failed' ? (
      <Alert.Root status="error" role="alert" data-testid="payment-failed">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('failedTitle')}</Alert.Title>
          <Alert.Description>{payment?.status === 'FAILED' && payment.failure ? t(`failure.${payment.failure}`) : <FailureCode code={error} />}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    ) : null;

  if ((state === 'awaitingToken' || state === 'failed') && payment && tokenFormUrl) {
    const form = payment.method === 'APPLE_PAY' ? { title: t('applePayFormTitle'), note: t('applePayFormNote'), height: '14rem', testId: 'apple-pay-form' } : { title: t('cardFormTitle'), note: t('cardFormNote'), height: '30rem', testId: 'card-form' };
    return (
      <Stack gap="3">
        {failure}
        <Text fontWeight="semibold">{form.title}</Text>
        <Text fontSize="sm" color="fg.muted">
          {form.note}
        </Text>
        <Box borderWidth="1px" borderRadius="l2" overflow="hidden">
          <iframe src={tokenFormUrl} title={form.title} allow="payment" style={{ width: '100%', height: form.height, border: 0, display: 'block' }} data-testid={form.testId} />
        </Box>
        {changeMethod}
      </Stack>
    );
  }

  if (state === 'failed') {
    return (
      <Stack gap="3">
        {failure}
        <HStack gap="2" wrap="wrap">
          <Button onClick={() => actor.send({ type: CHECKOUT_EVENTS.RETRY })} data-testid="retry-payment">
            {t('tryAgain')}
          </Button>
          {changeMethod}
        </HStack>
      </Stack>
    );
  }

  return (
    <Stack gap="4">
      <RadioCard.Root value={method} onValueChange={(event) => actor.send({ type: CHECKOUT_EVENTS.CHOOSE_METHOD, method: event.value as PaymentMethod })} orientation="horizontal" align="center">
        <RadioCard.Label>{t('methods.legend')}</RadioCard.Label>
        <Stack gap="2">
          {PAYMENT_METHODS.map((choice) => (
            <RadioCard.Item key={choice} value={choice} data-testid={`method-${choice}`}>
              <RadioCard.ItemHiddenInput />
              <RadioCard.ItemControl>
                <Box color="fg.muted" aria-hidden>
                  {METHOD_ICONS[choice]}
                </Box>
                <RadioCard.ItemContent>
                  <RadioCard.ItemText>{t(`methods.${choice}`)}</RadioCard.ItemText>
                  <RadioCard.ItemDescription>{t(`methods.${choice}_hint`)}</RadioCard.ItemDescription>
                </RadioCard.ItemContent>
                <RadioCard.ItemIndicator />
              </RadioCard.ItemControl>
            </RadioCard.Item>
          ))}
        </Stack>
      </RadioCard.Root>
      <FormError code={error} />
      <Button size="lg" onClick={() => actor.send({ type: CHECKOUT_EVENTS.PAY })} data-testid="continue-to-payment">
        {t('continue')}
      </Button>
    </Stack>
  );
}

function FailureCode({ code }: { code: string | null }) {
  const { t } = useTranslation('errors');
  return <>{t(code ?? 'INTERNAL')}</>;
}
