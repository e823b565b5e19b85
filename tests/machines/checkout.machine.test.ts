import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom, waitFor } from 'xstate';
import type { Payment, PaymentMethod } from '../../domain/payments';
import { CHECKOUT_EVENTS, checkoutMachine, POLL_INTERVAL_MS } from '../../machines/checkout.machine';
import { bothVerdictsOfEveryGuard, recordingGuards } from './guard-verdicts';

const payment = (changes: Partial<Payment> = {}): Payment => ({
  id: 'pay-1',
  status: 'CREATED',
  method: 'CARD',
  amount: 4_900,
  currency: 'SAR',
  failure: null,
  actionUrl: null,
  cardFormUrl: '/sandbox-pay/card-form?lang=en',
  succeededAt: null,
  ...changes,
});

type Answer = Payment | { code: string };

/**
 * A checkout whose server answers are queued per call. Invoked promise actors cannot be walked by
 * `xstate/graph`, so the scenarios below run over a machine that records every guard verdict.
 */
function start({ returningPaymentId = null as string | null, maxPolls = 3, starts = [] as Answer[], confirms = [] as Answer[], syncs = [] as Answer[], verdicts = new Set<string>() } = {}) {
  const answer = (queue: Answer[]) => async (_input: unknown): Promise<Payment> => {
    const next = queue.shift();
    if (!next) throw new Error('no answer queued');
    if ('code' in next) throw next;
    return next;
  };
  const startCheckout = vi.fn(answer(starts));
  const confirmPayment = vi.fn(answer(confirms));
  const syncPayment = vi.fn(answer(syncs));
  const goToProvider = vi.fn();
  const reportSucceeded = vi.fn();
  const machine = recordingGuards(checkoutMachine, verdicts).provide({
    actors: {
      startCheckout: fromPromise<Payment, { method: PaymentMethod; checkoutKey: string }>(({ input }) => startCheckout(input)),
      confirmPayment: fromPromise<Payment, { paymentId: string; token: string | null; attemptKey: string }>(({ input }) => confirmPayment(input)),
      syncPayment: fromPromise<Payment, { paymentId: string; afterMs: number }>(({ input }) => syncPayment(input)),
    },
    actions: { goToProvider: (_, params) => goToProvider(params.url), reportSucceeded: (_, params) => reportSucceeded(params.payment) },
  });
  const actor = createActor(machine, { input: { returningPaymentId, maxPolls } }).start();
  return { actor, startCheckout, confirmPayment, syncPayment, goToProvider, reportSucceeded };
}

type CheckoutState = Parameters<SnapshotFrom<typeof checkoutMachine>['matches']>[0];
const settled = (actor: ReturnType<typeof start>['actor'], state: CheckoutState) => waitFor(actor, (snapshot) => snapshot.matches(state));

describe('checkout machine', () => {
  it('starts one checkout for a card, waits for the form’s token, and succeeds on the server’s word', async () => {
    const { actor, startCheckout, confirmPayment, reportSucceeded } = start({ starts: [payment()], confirms: [payment({ status: 'SUCCEEDED' })] });
    actor.send({ type: CHECKOUT_EVENTS.PAY });
    actor.send({ type: CHECKOUT_EVENTS.PAY });
    await settled(actor, 'awaitingCard');
    expect(startCheckout).toHaveBeenCalledTimes(1);
    expect(startCheckout).toHaveBeenCalledWith({ method: 'CARD', checkoutKey: actor.getSnapshot().context.checkoutKey });
    actor.send({ type: CHECKOUT_EVENTS.CARD_TOKEN, token: 'tok_1' });
    await settled(actor, 'succeeded');
    expect(confirmPayment).toHaveBeenCalledWith(expect.objectContaining({ paymentId: 'pay-1', token: 'tok_1' }));
    expect(reportSucceeded).toHaveBeenCalledTimes(1);
    expect(reportSucceeded).toHaveBeenCalledWith(expect.objectContaining({ id: 'pay-1', status: 'SUCCEEDED' }));
  });

  it('keeps the failure, takes another card for the same payment with a new attempt key, and then succeeds', async () => {
    const { actor, confirmPayment } = start({
      starts: [payment()],
      confirms: [payment({ status: 'FAILED', failure: 'CARD_DECLINED' }), payment({ status: 'SUCCEEDED' })],
    });
    actor.send({ type: CHECKOUT_EVENTS.PAY });
    await settled(actor, 'awaitingCard');
    const checkoutKey = actor.getSnapshot().context.checkoutKey;
    actor.send({ type: CHECKOUT_EVENTS.CARD_TOKEN, token: 'tok_declined' });
    await settled(actor, 'failed');
    expect(actor.getSnapshot().context.payment?.failure).toBe('CARD_DECLINED');
    actor.send({ type: CHECKOUT_EVENTS.CARD_TOKEN, token: 'tok_good' });
    await settled(actor, 'succeeded');
    const [first, second] = confirmPayment.mock.calls.map(([input]) => input as { paymentId: string; attemptKey: string });
    expect(second!.paymentId).toBe(first!.paymentId);
    expect(second!.attemptKey).not.toBe(first!.attemptKey);
    expect(actor.getSnapshot().context.checkoutKey).toBe(checkoutKey);
  });

  it('goes back to the card form on a retry, and to a new checkout when the method changes', async () => {
    const { actor } = start({ starts: [payment()], confirms: [payment({ status: 'FAILED', failure: 'INSUFFICIENT_FUNDS' })] });
    actor.send({ type: CHECKOUT_EVENTS.PAY });
    await settled(actor, 'awaitingCard');
    const checkoutKey = actor.getSnapshot().context.checkoutKey;
    actor.send({ type: CHECKOUT_EVENTS.CARD_TOKEN, token: 'tok' });
    await settled(actor, 'failed');
    actor.send({ type: CHECKOUT_EVENTS.RETRY });
    expect(actor.getSnapshot().value).toBe('awaitingCard');
    actor.send({ type: CHECKOUT_EVENTS.CHOOSE_METHOD, method: 'PAYPAL' });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context).toMatchObject({ method: 'PAYPAL', payment: null });
    expect(actor.getSnapshot().context.checkoutKey).not.toBe(checkoutKey);
  });

  it('sends the person to the challenge once when the provider asks for one', async () => {
    const challenge = payment({ status: 'REQUIRES_ACTION', actionUrl: '/sandbox-pay/challenge/pay_1' });
    const { actor, goToProvider } = start({ starts: [payment()], confirms: [challenge] });
    actor.send({ type: CHECKOUT_EVENTS.PAY });
    await settled(actor, 'awaitingCard');
    actor.send({ type: CHECKOUT_EVENTS.CARD_TOKEN, token: 'tok_3ds' });
    await settled(actor, 'redirecting');
    expect(goToProvider).toHaveBeenCalledTimes(1);
    expect(goToProvider).toHaveBeenCalledWith('/sandbox-pay/challenge/pay_1');
  });

  it.each(['APPLE_PAY', 'PAYPAL'] as const)('takes %s straight to its approval screen, with no token', async (method) => {
    const wallet = payment({ method, cardFormUrl: null });
    const { actor, confirmPayment, goToProvider } = start({ starts: [wallet], confirms: [{ ...wallet, status: 'REQUIRES_ACTION', actionUrl: '/sandbox-pay/wallet/pay_1' }] });
    actor.send({ type: CHECKOUT_EVENTS.CHOOSE_METHOD, method });
    actor.send({ type: CHECKOUT_EVENTS.PAY });
    await settled(actor, 'redirecting');
    expect(confirmPayment).toHaveBeenCalledWith(expect.objectContaining({ token: null }));
    expect(goToProvider).toHaveBeenCalledWith('/sandbox-pay/wallet/pay_1');
  });

  it('asks where a returning payment stands, and succeeds at once when it has', async () => {
    const { actor, syncPayment } = start({ returningPaymentId: 'pay-1', syncs: [payment({ status: 'SUCCEEDED' })] });
    await settled(actor, 'succeeded');
    expect(syncPayment).toHaveBeenCalledWith({ paymentId: 'pay-1', afterMs: 0 });
  });

  it('asks again while the provider has not answered, then waits for the person, who may ask again', async () => {
    const pending = payment({ status: 'REQUIRES_ACTION', actionUrl: '/x' });
    const { actor, syncPayment } = start({ returningPaymentId: 'pay-1', maxPolls: 3, syncs: [pending, pending, pending, payment({ status: 'SUCCEEDED' })] });
    await settled(actor, 'waitingForProvider');
    expect(syncPayment.mock.calls.map(([input]) => (input as { afterMs: number }).afterMs)).toEqual([0, POLL_INTERVAL_MS, POLL_INTERVAL_MS]);
    actor.send({ type: CHECKOUT_EVENTS.RETRY });
    await settled(actor, 'succeeded');
    expect(syncPayment).toHaveBeenLastCalledWith({ paymentId: 'pay-1', afterMs: 0 });
  });

  it('comes back to a failed wallet payment as that method, and tries the wallet again', async () => {
    const failed = payment({ method: 'PAYPAL', status: 'FAILED', failure: 'PAYMENT_CANCELED', cardFormUrl: null });
    const { actor, goToProvider } = start({ returningPaymentId: 'pay-1', syncs: [failed], confirms: [{ ...failed, status: 'REQUIRES_ACTION', failure: null, actionUrl: '/sandbox-pay/wallet/pay_1' }] });
    await settled(actor, 'failed');
    expect(actor.getSnapshot().context.method).toBe('PAYPAL');
    actor.send({ type: CHECKOUT_EVENTS.RETRY });
    await settled(actor, 'redirecting');
    expect(goToProvider).toHaveBeenCalledWith('/sandbox-pay/wallet/pay_1');
  });

  it('says why the server refused to start or confirm', async () => {
    const refused = start({ starts: [{ code: 'PAYMENT_PROVIDER_UNAVAILABLE' }] });
    refused.actor.send({ type: CHECKOUT_EVENTS.PAY });
    await waitFor(refused.actor, (snapshot) => snapshot.matches('choosing') && snapshot.context.error !== null);
    expect(refused.actor.getSnapshot().context.error).toBe('PAYMENT_PROVIDER_UNAVAILABLE');

    const unconfirmed = start({ starts: [payment()], confirms: [{ code: 'PAYMENT_PROVIDER_UNAVAILABLE' }] });
    unconfirmed.actor.send({ type: CHECKOUT_EVENTS.PAY });
    await settled(unconfirmed.actor, 'awaitingCard');
    unconfirmed.actor.send({ type: CHECKOUT_EVENTS.CARD_TOKEN, token: 'tok' });
    await settled(unconfirmed.actor, 'failed');
    expect(unconfirmed.actor.getSnapshot().context.error).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
  });

  it('takes both sides of every guard across these scenarios', async () => {
    const verdicts = new Set<string>();
    const card = start({ verdicts, starts: [payment()], confirms: [payment({ status: 'FAILED', failure: 'CARD_DECLINED' }), payment({ status: 'REQUIRES_ACTION', actionUrl: '/c' })] });
    card.actor.send({ type: CHECKOUT_EVENTS.PAY });
    await settled(card.actor, 'awaitingCard');
    card.actor.send({ type: CHECKOUT_EVENTS.CARD_TOKEN, token: 'a' });
    await settled(card.actor, 'failed');
    card.actor.send({ type: CHECKOUT_EVENTS.RETRY });
    card.actor.send({ type: CHECKOUT_EVENTS.CARD_TOKEN, token: 'b' });
    await settled(card.actor, 'redirecting');
    const wallet = start({ verdicts, starts: [payment({ method: 'PAYPAL', status: 'SUCCEEDED' })] });
    wallet.actor.send({ type: CHECKOUT_EVENTS.CHOOSE_METHOD, method: 'PAYPAL' });
    wallet.actor.send({ type: CHECKOUT_EVENTS.PAY });
    await settled(wallet.actor, 'succeeded');
    const pending = payment({ status: 'REQUIRES_ACTION', actionUrl: '/x' });
    const returning = start({ verdicts, returningPaymentId: 'pay-1', maxPolls: 2, syncs: [pending, pending] });
    await settled(returning.actor, 'waitingForProvider');
    const walletAgain = start({ verdicts, returningPaymentId: 'pay-1', syncs: [payment({ method: 'APPLE_PAY', status: 'FAILED', failure: 'PAYMENT_CANCELED' })], confirms: [payment({ method: 'APPLE_PAY', status: 'CREATED' })] });
    await settled(walletAgain.actor, 'failed');
    walletAgain.actor.send({ type: CHECKOUT_EVENTS.RETRY });
    await settled(walletAgain.actor, 'awaitingCard');
    expect([...verdicts].sort()).toEqual(bothVerdictsOfEveryGuard(checkoutMachine, ['isReturning', 'isCard', 'hasSucceeded', 'hasFailed', 'needsAction', 'mayPollAgain']));
  });
});
