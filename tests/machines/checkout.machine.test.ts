import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise, type InspectionEvent, type SnapshotFrom, waitFor } from 'xstate';
import type { Payment, PaymentMethod } from '../../domain/payments';
import { CHECKOUT_EVENTS, type CheckoutEvent, checkoutMachine, POLL_INTERVAL_MS } from '../../machines/checkout.machine';
import { bothVerdictsOfEveryGuard, recordingGuards, walkShortestPaths } from './guard-verdicts';

const GUARDS = ['isReturning', 'takesToken', 'hasSucceeded', 'hasFailed', 'needsAction', 'mayPollAgain'] as const;
/** The states the checkout rests in, each a snapshot's value. */
const RESTING_STATES = ['awaitingToken', 'choosing', 'confirming', 'failed', 'redirecting', 'returning', 'starting', 'succeeded', 'waitingForProvider'];
/** The eventless states, left in the step that enters them: no snapshot is ever in one. */
const PASSING_STATES = ['opening', 'settling', 'settlingReturn', 'started'];

const payment = (changes: Partial<Payment> = {}): Payment => ({
  id: 'pay-1',
  status: 'CREATED',
  method: 'CARD',
  amount: 4_900,
  currency: 'SAR',
  failure: null,
  actionUrl: null,
  tokenFormUrl: '/sandbox-pay/card-form?lang=en',
  succeededAt: null,
  ...changes,
});
const wallet = (method: PaymentMethod, changes: Partial<Payment> = {}) => payment({ method, tokenFormUrl: null, ...changes });

/** A server answer: the payment, or the error the call rejects with. */
type Answer = Payment | { code: string };
type StartInput = { method: PaymentMethod; checkoutKey: string };
type ConfirmInput = { paymentId: string; token: string | null; attemptKey: string };
type SyncInput = { paymentId: string; afterMs: number };

interface Options {
  returningPaymentId?: string | null;
  maxPolls?: number;
  starts?: Answer[];
  confirms?: Answer[];
  syncs?: Answer[];
}

/** Where the coverage test collects the guard verdicts taken and the states passed through, eventless ones included. */
interface Recording {
  verdicts: Set<string>;
  states: Set<string>;
}

/** A checkout whose server answers each call with the next answer queued for it; a call with none left rejects. */
function start({ returningPaymentId = null, maxPolls = 3, starts = [], confirms = [], syncs = [] }: Options, recording: Recording = { verdicts: new Set(), states: new Set() }) {
  const answer = (queue: Answer[]) => async (): Promise<Payment> => {
    const next = queue.shift();
    if (!next) throw new Error('no answer queued');
    if ('code' in next) throw next;
    return next;
  };
  const startCheckout = vi.fn<(input: StartInput) => Promise<Payment>>(answer(starts));
  const confirmPayment = vi.fn<(input: ConfirmInput) => Promise<Payment>>(answer(confirms));
  const syncPayment = vi.fn<(input: SyncInput) => Promise<Payment>>(answer(syncs));
  const goToProvider = vi.fn();
  const reportSucceeded = vi.fn();
  const machine = recordingGuards(checkoutMachine, recording.verdicts).provide({
    actors: {
      startCheckout: fromPromise<Payment, StartInput>(({ input }) => startCheckout(input)),
      confirmPayment: fromPromise<Payment, ConfirmInput>(({ input }) => confirmPayment(input)),
      syncPayment: fromPromise<Payment, SyncInput>(({ input }) => syncPayment(input)),
    },
    actions: { goToProvider: (_, params) => goToProvider(params.url), reportSucceeded: (_, params) => reportSucceeded(params.payment) },
  });
  // Eventless states never rest in a snapshot, so each microstep's transitions name the states they leave.
  const inspect = (inspection: InspectionEvent) => {
    if (inspection.type !== '@xstate.microstep') return;
    recording.states.add(String((inspection.snapshot as SnapshotFrom<typeof checkoutMachine>).value));
    for (const transition of inspection._transitions) recording.states.add(transition.source.key);
  };
  const actor = createActor(machine, { input: { returningPaymentId, maxPolls }, inspect });
  actor.start();
  return { actor, startCheckout, confirmPayment, syncPayment, goToProvider, reportSucceeded };
}

type Checkout = ReturnType<typeof start>;
type CheckoutState = Parameters<SnapshotFrom<typeof checkoutMachine>['matches']>[0];
const settled = (actor: Checkout['actor'], state: CheckoutState) => waitFor(actor, (snapshot) => snapshot.matches(state), { timeout: 1_000 });
/** Lets every answer already given arrive, so a state that should stay put has had its chance to move. */
const answersArrived = () => new Promise((resolve) => setTimeout(resolve, 0));

type Scenario = (open: (options: Options) => Checkout) => Promise<void>;

const scenarios: [string, Scenario][] = [
  [
    'starts the chosen method under the checkout’s key, waits for the card’s token, and succeeds on the server’s word',
    async (open) => {
      const { actor, startCheckout, confirmPayment, reportSucceeded } = open({ starts: [payment()], confirms: [payment({ status: 'SUCCEEDED', succeededAt: 1 })] });
      expect(actor.getSnapshot().value).toBe('choosing');
      actor.send({ type: CHECKOUT_EVENTS.CHOOSE_METHOD, method: 'CARD' });
      actor.send({ type: CHECKOUT_EVENTS.CARD_TOKEN, token: 'tok_early' });
      expect(actor.getSnapshot().value).toBe('choosing');
      actor.send({ type: CHECKOUT_EVENTS.PAY });
      await settled(actor, 'awaitingToken');
      expect(startCheckout).toHaveBeenCalledExactlyOnceWith({ method: 'CARD', checkoutKey: actor.getSnapshot().context.checkoutKey });
      await answersArrived();
      expect(actor.getSnapshot().value).toBe('awaitingToken');
      expect(confirmPayment).not.toHaveBeenCalled();
      actor.send({ type: CHECKOUT_EVENTS.CARD_TOKEN, token: 'tok_1' });
      await settled(actor, 'succeeded');
      expect(confirmPayment).toHaveBeenCalledExactlyOnceWith({ paymentId: 'pay-1', token: 'tok_1', attemptKey: expect.any(String) });
      expect(confirmPayment.mock.calls[0]![0].attemptKey).not.toBe(actor.getSnapshot().context.checkoutKey);
      expect(reportSucceeded).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ id: 'pay-1', status: 'SUCCEEDED' }));
      expect(actor.getSnapshot().status).toBe('done');
    },
  ],
  [
    'waits for the Apple Pay token where the provider frames the wallet, and retries a declined one through the same form',
    async (open) => {
      const framed = { tokenFormUrl: '/stripe-pay/apple-pay?lang=en&amount=4900&currency=SAR' };
      const { actor, confirmPayment, goToProvider } = open({
        starts: [wallet('APPLE_PAY', framed)],
        confirms: [wallet('APPLE_PAY', { ...framed, status: 'FAILED', failure: 'CARD_DECLINED' }), wallet('APPLE_PAY', { status: 'SUCCEEDED', succeededAt: 1 })],
      });
      actor.send({ type: CHECKOUT_EVENTS.CHOOSE_METHOD, method: 'APPLE_PAY' });
      actor.send({ type: CHECKOUT_EVENTS.PAY });
      await settled(actor, 'awaitingToken');
      await answersArrived();
      expect(confirmPayment).not.toHaveBeenCalled();
      actor.send({ type: CHECKOUT_EVENTS.CARD_TOKEN, token: 'pm_apple_pay_1' });
      await settled(actor, 'failed');
      actor.send({ type: CHECKOUT_EVENTS.RETRY });
      expect(actor.getSnapshot().value).toBe('awaitingToken');
      actor.send({ type: CHECKOUT_EVENTS.CARD_TOKEN, token: 'pm_apple_pay_2' });
      await settled(actor, 'succeeded');
      expect(confirmPayment.mock.calls.map(([input]) => input.token)).toEqual(['pm_apple_pay_1', 'pm_apple_pay_2']);
      expect(goToProvider).not.toHaveBeenCalled();
    },
  ],
  [
    'keeps a decline’s reason, confirms a new card for the same payment under a new attempt key, then succeeds',
    async (open) => {
      const { actor, startCheckout, confirmPayment } = open({
        starts: [payment()],
        confirms: [payment({ status: 'FAILED', failure: 'CARD_DECLINED' }), payment({ status: 'SUCCEEDED', succeededAt: 1 })],
      });
      actor.send({ type: CHECKOUT_EVENTS.PAY });
      await settled(actor, 'awaitingToken');
      const { checkoutKey } = actor.getSnapshot().context;
      actor.send({ type: CHECKOUT_EVENTS.CARD_TOKEN, token: 'tok_declined' });
      await settled(actor, 'failed');
      expect(actor.getSnapshot().context.payment).toMatchObject({ id: 'pay-1', status: 'FAILED', failure: 'CARD_DECLINED' });
      actor.send({ type: CHECKOUT_EVENTS.CARD_TOKEN, token: 'tok_good' });
      await settled(actor, 'succeeded');
      const [first, second] = confirmPayment.mock.calls.map(([input]) => input);
      expect(first).toMatchObject({ paymentId: 'pay-1', token: 'tok_declined' });
      expect(second).toMatchObject({ paymentId: 'pay-1', token: 'tok_good' });
      expect(second!.attemptKey).not.toBe(first!.attemptKey);
      expect(startCheckout).toHaveBeenCalledTimes(1);
      expect(actor.getSnapshot().context.checkoutKey).toBe(checkoutKey);
    },
  ],
  [
    'starts one checkout for a double PAY; a retry keeps its payment and key, another method gets a new checkout',
    async (open) => {
      const { actor, startCheckout } = open({
        starts: [payment(), wallet('PAYPAL', { id: 'pay-2' })],
        confirms: [payment({ status: 'FAILED', failure: 'INSUFFICIENT_FUNDS' })],
      });
      actor.send({ type: CHECKOUT_EVENTS.PAY });
      actor.send({ type: CHECKOUT_EVENTS.PAY });
      await settled(actor, 'awaitingToken');
      expect(startCheckout).toHaveBeenCalledTimes(1);
      const { checkoutKey } = actor.getSnapshot().context;
      actor.send({ type: CHECKOUT_EVENTS.CARD_TOKEN, token: 'tok' });
      await settled(actor, 'failed');
      actor.send({ type: CHECKOUT_EVENTS.RETRY });
      expect(actor.getSnapshot().value).toBe('awaitingToken');
      expect(actor.getSnapshot().context).toMatchObject({ checkoutKey, payment: { id: 'pay-1' }, token: null, error: null });

      actor.send({ type: CHECKOUT_EVENTS.CHOOSE_METHOD, method: 'PAYPAL' });
      expect(actor.getSnapshot().value).toBe('choosing');
      expect(actor.getSnapshot().context).toMatchObject({ method: 'PAYPAL', payment: null });
      expect(actor.getSnapshot().context.checkoutKey).not.toBe(checkoutKey);
      actor.send({ type: CHECKOUT_EVENTS.PAY });
      await waitFor(actor, () => startCheckout.mock.calls.length === 2, { timeout: 1_000 });
      expect(startCheckout).toHaveBeenLastCalledWith({ method: 'PAYPAL', checkoutKey: actor.getSnapshot().context.checkoutKey });
    },
  ],
  [
    'switches method after a failure to a new checkout',
    async (open) => {
      const { actor, startCheckout } = open({ starts: [payment(), wallet('APPLE_PAY', { id: 'pay-2' })], confirms: [payment({ status: 'FAILED', failure: 'CARD_EXPIRED' })] });
      actor.send({ type: CHECKOUT_EVENTS.PAY });
      await settled(actor, 'awaitingToken');
      actor.send({ type: CHECKOUT_EVENTS.CARD_TOKEN, token: 'tok' });
      await settled(actor, 'failed');
      actor.send({ type: CHECKOUT_EVENTS.CHOOSE_METHOD, method: 'APPLE_PAY' });
      expect(actor.getSnapshot().value).toBe('choosing');
      expect(actor.getSnapshot().context).toMatchObject({ method: 'APPLE_PAY', payment: null, token: null, error: null });
      actor.send({ type: CHECKOUT_EVENTS.PAY });
      await waitFor(actor, () => startCheckout.mock.calls.length === 2, { timeout: 1_000 });
      const [first, second] = startCheckout.mock.calls.map(([input]) => input);
      expect(second).toEqual({ method: 'APPLE_PAY', checkoutKey: actor.getSnapshot().context.checkoutKey });
      expect(second!.checkoutKey).not.toBe(first!.checkoutKey);
    },
  ],
  [
    'succeeds without confirming when the server answers the checkout as already paid',
    async (open) => {
      const { actor, confirmPayment, reportSucceeded } = open({ starts: [payment({ status: 'SUCCEEDED', succeededAt: 1 })] });
      actor.send({ type: CHECKOUT_EVENTS.PAY });
      await settled(actor, 'succeeded');
      expect(confirmPayment).not.toHaveBeenCalled();
      expect(reportSucceeded).toHaveBeenCalledTimes(1);
    },
  ],
  [
    'sends the person to the challenge the payment names, once',
    async (open) => {
      const challenge = payment({ status: 'REQUIRES_ACTION', actionUrl: '/sandbox-pay/challenge/pay-1' });
      const { actor, goToProvider } = open({ starts: [payment()], confirms: [challenge] });
      actor.send({ type: CHECKOUT_EVENTS.PAY });
      await settled(actor, 'awaitingToken');
      actor.send({ type: CHECKOUT_EVENTS.CARD_TOKEN, token: 'tok_3ds' });
      await settled(actor, 'redirecting');
      await answersArrived();
      expect(goToProvider).toHaveBeenCalledExactlyOnceWith('/sandbox-pay/challenge/pay-1');
    },
  ],
  [
    'asks again, without a second try, while the provider is still processing the card confirmed',
    async (open) => {
      const { actor, confirmPayment, syncPayment } = open({ starts: [payment()], confirms: [payment()], syncs: [payment({ status: 'SUCCEEDED' })] });
      actor.send({ type: CHECKOUT_EVENTS.PAY });
      await settled(actor, 'awaitingToken');
      actor.send({ type: CHECKOUT_EVENTS.CARD_TOKEN, token: 'tok' });
      await settled(actor, 'succeeded');
      expect(confirmPayment).toHaveBeenCalledTimes(1);
      expect(syncPayment).toHaveBeenCalledWith({ paymentId: 'pay-1', afterMs: 0 });
    },
  ],
  ...(['APPLE_PAY', 'PAYPAL'] as const).map((method): [string, Scenario] => [
    `takes ${method} straight to its approval screen, with no token`,
    async (open) => {
      const { actor, startCheckout, confirmPayment, goToProvider } = open({
        starts: [wallet(method)],
        confirms: [wallet(method, { status: 'REQUIRES_ACTION', actionUrl: '/sandbox-pay/wallet/pay-1' })],
      });
      const seen: string[] = [];
      actor.subscribe((snapshot) => seen.push(String(snapshot.value)));
      actor.send({ type: CHECKOUT_EVENTS.CHOOSE_METHOD, method });
      actor.send({ type: CHECKOUT_EVENTS.PAY });
      await settled(actor, 'redirecting');
      expect(seen).toEqual(['choosing', 'starting', 'confirming', 'redirecting']);
      expect(startCheckout).toHaveBeenCalledExactlyOnceWith({ method, checkoutKey: actor.getSnapshot().context.checkoutKey });
      expect(confirmPayment).toHaveBeenCalledExactlyOnceWith({ paymentId: 'pay-1', token: null, attemptKey: expect.any(String) });
      expect(goToProvider).toHaveBeenCalledExactlyOnceWith('/sandbox-pay/wallet/pay-1');
    },
  ]),
  [
    'asks at once where a returning payment stands, and succeeds when it has',
    async (open) => {
      const { actor, startCheckout, syncPayment, reportSucceeded } = open({ returningPaymentId: 'pay-1', syncs: [payment({ status: 'SUCCEEDED', succeededAt: 1 })] });
      await settled(actor, 'succeeded');
      expect(syncPayment).toHaveBeenCalledExactlyOnceWith({ paymentId: 'pay-1', afterMs: 0 });
      expect(startCheckout).not.toHaveBeenCalled();
      expect(reportSucceeded).toHaveBeenCalledTimes(1);
    },
  ],
  [
    'asks again while the provider has not answered, up to maxPolls in all, then waits; asking again starts the count afresh',
    async (open) => {
      const pending = payment({ status: 'REQUIRES_ACTION', actionUrl: '/sandbox-pay/challenge/pay-1' });
      const { actor, syncPayment, goToProvider } = open({ returningPaymentId: 'pay-1', maxPolls: 3, syncs: Array.from({ length: 6 }, () => pending) });
      await settled(actor, 'waitingForProvider');
      await answersArrived();
      expect(syncPayment.mock.calls.map(([input]) => input)).toEqual([
        { paymentId: 'pay-1', afterMs: 0 },
        { paymentId: 'pay-1', afterMs: POLL_INTERVAL_MS },
        { paymentId: 'pay-1', afterMs: POLL_INTERVAL_MS },
      ]);
      actor.send({ type: CHECKOUT_EVENTS.RETRY });
      expect(actor.getSnapshot().value).toBe('returning');
      await settled(actor, 'waitingForProvider');
      await answersArrived();
      expect(syncPayment.mock.calls.slice(3).map(([input]) => input.afterMs)).toEqual([0, POLL_INTERVAL_MS, POLL_INTERVAL_MS]);
      expect(goToProvider).not.toHaveBeenCalled();
    },
  ],
  [
    'comes back to a failed wallet payment as that wallet, and tries the wallet again',
    async (open) => {
      const failed = wallet('PAYPAL', { status: 'FAILED', failure: 'PAYMENT_CANCELED' });
      const { actor, confirmPayment, goToProvider } = open({
        returningPaymentId: 'pay-1',
        syncs: [failed],
        confirms: [wallet('PAYPAL', { status: 'REQUIRES_ACTION', actionUrl: '/sandbox-pay/wallet/pay-1' })],
      });
      await settled(actor, 'failed');
      expect(actor.getSnapshot().context).toMatchObject({ method: 'PAYPAL', payment: { failure: 'PAYMENT_CANCELED' } });
      actor.send({ type: CHECKOUT_EVENTS.RETRY });
      await settled(actor, 'redirecting');
      expect(confirmPayment).toHaveBeenCalledExactlyOnceWith({ paymentId: 'pay-1', token: null, attemptKey: expect.any(String) });
      expect(goToProvider).toHaveBeenCalledExactlyOnceWith('/sandbox-pay/wallet/pay-1');
    },
  ],
  [
    'asks its full count again for a payment tried again after coming back and still processing',
    async (open) => {
      const processing = wallet('PAYPAL');
      const { actor, confirmPayment, syncPayment } = open({
        returningPaymentId: 'pay-1',
        maxPolls: 2,
        syncs: [wallet('PAYPAL', { status: 'REQUIRES_ACTION', actionUrl: '/sandbox-pay/wallet/pay-1' }), wallet('PAYPAL', { status: 'FAILED', failure: 'PAYMENT_CANCELED' }), processing, processing],
        confirms: [processing],
      });
      await settled(actor, 'failed');
      expect(syncPayment).toHaveBeenCalledTimes(2);
      actor.send({ type: CHECKOUT_EVENTS.RETRY });
      await settled(actor, 'waitingForProvider');
      await answersArrived();
      expect(confirmPayment).toHaveBeenCalledTimes(1);
      // The asks before the try were about the earlier one, and count for nothing after it.
      expect(syncPayment.mock.calls.slice(2).map(([input]) => input)).toEqual([
        { paymentId: 'pay-1', afterMs: 0 },
        { paymentId: 'pay-1', afterMs: POLL_INTERVAL_MS },
      ]);
    },
  ],
  [
    'waits for the person, not a failure, when asking where a returning payment stands gets no answer',
    async (open) => {
      const { actor, syncPayment } = open({ returningPaymentId: 'pay-1', syncs: [{ code: 'PAYMENT_PROVIDER_UNAVAILABLE' }, payment({ status: 'SUCCEEDED', succeededAt: 1 })] });
      await settled(actor, 'waitingForProvider');
      expect(actor.getSnapshot().context.error).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
      actor.send({ type: CHECKOUT_EVENTS.RETRY });
      await settled(actor, 'succeeded');
      expect(syncPayment).toHaveBeenLastCalledWith({ paymentId: 'pay-1', afterMs: 0 });
      expect(actor.getSnapshot().context.error).toBeNull();
    },
  ],
  [
    'says why the server refused to start, and a second PAY is the same checkout',
    async (open) => {
      const { actor, startCheckout } = open({ starts: [{ code: 'PAYMENT_PROVIDER_UNAVAILABLE' }, payment()] });
      actor.send({ type: CHECKOUT_EVENTS.PAY });
      await waitFor(actor, (snapshot) => snapshot.matches('choosing') && snapshot.context.error !== null, { timeout: 1_000 });
      expect(actor.getSnapshot().context.error).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
      actor.send({ type: CHECKOUT_EVENTS.PAY });
      await settled(actor, 'awaitingToken');
      const [first, second] = startCheckout.mock.calls.map(([input]) => input);
      expect(second!.checkoutKey).toBe(first!.checkoutKey);
      expect(actor.getSnapshot().context.error).toBeNull();
    },
  ],
  [
    'says why the server refused to confirm',
    async (open) => {
      const { actor } = open({ starts: [payment()], confirms: [{ code: 'PAYMENT_PROVIDER_UNAVAILABLE' }] });
      actor.send({ type: CHECKOUT_EVENTS.PAY });
      await settled(actor, 'awaitingToken');
      actor.send({ type: CHECKOUT_EVENTS.CARD_TOKEN, token: 'tok' });
      await settled(actor, 'failed');
      expect(actor.getSnapshot().context.error).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    },
  ],
];

/** The states that call the server, each with the one actor it invokes. */
const CALLING_STATES = ['starting', 'confirming', 'returning'] as const;
type CallingState = (typeof CALLING_STATES)[number];
const invocationOf = (state: CallingState) => checkoutMachine.root.states[state]!.invoke[0]!.id;
/** A call's answer as the machine receives it from its actor. */
const answered = (state: CallingState, output: Payment) => ({ type: `xstate.done.actor.${invocationOf(state)}`, output });
const refusedBy = (state: CallingState, code: string) => ({ type: `xstate.error.actor.${invocationOf(state)}`, error: { code } });

/**
 * The checkout for xstate/graph, which refuses a machine that invokes actors: the same states, guards
 * and actions, but each calling state takes its actor's answers as events the walk sends, of the types
 * the actor's would have. What each call is asked (an invocation's input) is left to the scenarios,
 * which run the real machine.
 */
function answeredByEvents() {
  type StateConfig = { invoke?: { onDone: unknown; onError: unknown }; on?: Record<string, unknown> };
  const config = checkoutMachine.config as { states: Record<string, StateConfig> };
  const states = Object.fromEntries(
    Object.entries(config.states).map(([key, state]) => {
      if (!CALLING_STATES.includes(key as CallingState)) return [key, state];
      const { invoke, ...rest } = state;
      const id = invocationOf(key as CallingState);
      return [key, { ...rest, on: { ...rest.on, [`xstate.done.actor.${id}`]: invoke!.onDone, [`xstate.error.actor.${id}`]: invoke!.onError } }];
    }),
  );
  return createMachine({ ...config, states } as never, checkoutMachine.implementations as never);
}

const EVERY_EVENT: (CheckoutEvent | ReturnType<typeof answered> | ReturnType<typeof refusedBy>)[] = [
  { type: CHECKOUT_EVENTS.CHOOSE_METHOD, method: 'CARD' },
  { type: CHECKOUT_EVENTS.CHOOSE_METHOD, method: 'PAYPAL' },
  { type: CHECKOUT_EVENTS.PAY },
  { type: CHECKOUT_EVENTS.CARD_TOKEN, token: 'tok' },
  { type: CHECKOUT_EVENTS.RETRY },
  answered('starting', payment()),
  answered('starting', wallet('PAYPAL')),
  answered('starting', payment({ status: 'SUCCEEDED', succeededAt: 1 })),
  refusedBy('starting', 'PAYMENT_PROVIDER_UNAVAILABLE'),
  answered('confirming', payment({ status: 'SUCCEEDED', succeededAt: 1 })),
  answered('confirming', payment({ status: 'FAILED', failure: 'CARD_DECLINED' })),
  answered('confirming', payment({ status: 'REQUIRES_ACTION', actionUrl: '/sandbox-pay/challenge/pay-1' })),
  answered('confirming', payment()),
  refusedBy('confirming', 'PAYMENT_PROVIDER_UNAVAILABLE'),
  answered('returning', payment({ status: 'SUCCEEDED', succeededAt: 1 })),
  answered('returning', wallet('PAYPAL', { status: 'FAILED', failure: 'PAYMENT_CANCELED' })),
  answered('returning', payment({ status: 'REQUIRES_ACTION', actionUrl: '/sandbox-pay/challenge/pay-1' })),
  refusedBy('returning', 'PAYMENT_PROVIDER_UNAVAILABLE'),
];

describe('checkout machine', () => {
  it.each(scenarios)('%s', (_name, scenario) => scenario((options) => start(options)));

  it('starts another checkout, under a new key, when the method changes after a refused start', async () => {
    const { actor, startCheckout } = start({ starts: [{ code: 'PAYMENT_PROVIDER_UNAVAILABLE' }, wallet('PAYPAL')], confirms: [wallet('PAYPAL', { status: 'REQUIRES_ACTION', actionUrl: '/w' })] });
    actor.send({ type: CHECKOUT_EVENTS.PAY });
    await waitFor(actor, (snapshot) => snapshot.matches('choosing') && snapshot.context.error !== null, { timeout: 1_000 });
    actor.send({ type: CHECKOUT_EVENTS.CHOOSE_METHOD, method: 'PAYPAL' });
    actor.send({ type: CHECKOUT_EVENTS.PAY });
    await settled(actor, 'redirecting');
    const [first, second] = startCheckout.mock.calls.map(([input]) => input);
    expect(second!.method).toBe('PAYPAL');
    expect(second!.checkoutKey).not.toBe(first!.checkoutKey);
  });

  it('reaches every state and takes both verdicts of every guard along the shortest paths, the server’s answers sent as events', () => {
    // A state is what the guards and the calls read of the context: the keys are new at every change of method,
    // and past maxPolls every count answers mayPollAgain the same, so a count that kept growing still ends the walk.
    const readOf = ({ value, context }: SnapshotFrom<typeof checkoutMachine>) =>
      JSON.stringify([value, context.method, context.payment?.status ?? null, Math.min(context.polls, context.maxPolls), context.error]);
    const inputs = [
      { returningPaymentId: null, maxPolls: 2 },
      { returningPaymentId: 'pay-1', maxPolls: 2 },
    ];
    const walk = walkShortestPaths(answeredByEvents(), EVERY_EVENT, inputs, readOf as never);
    expect([...RESTING_STATES, ...PASSING_STATES].sort()).toEqual(Object.keys(checkoutMachine.root.states).sort());
    expect(walk.statesReached).toEqual(RESTING_STATES);
    // Each eventless state asks a guard no other state asks (isReturning, takesToken, needsAction, mayPollAgain),
    // so both of its verdicts show it was passed through both ways.
    expect(walk.guardVerdicts).toEqual(bothVerdictsOfEveryGuard(checkoutMachine, GUARDS));
  });

  // The same with the real actors making the calls, so each answer also reaches the state that asked.
  it('passes through every state and takes both verdicts of every guard across the scenarios', async () => {
    const recording: Recording = { verdicts: new Set(), states: new Set() };
    for (const [, scenario] of scenarios) await scenario((options) => start(options, recording));
    expect([...recording.states].sort()).toEqual([...RESTING_STATES, ...PASSING_STATES].sort());
    expect([...recording.verdicts].sort()).toEqual(bothVerdictsOfEveryGuard(checkoutMachine, GUARDS));
  });
});
