import { assign, fromPromise, setup } from 'xstate';
import type { ErrorCode } from '../domain/errors';
import type { Payment, PaymentMethod } from '../domain/payments';

export interface CheckoutInput {
  /** A payment the person comes back to from a challenge or a wallet's screen (the return address names it). */
  returningPaymentId: string | null;
  /** How many times to ask the provider again while it has not answered a returning payment. */
  maxPolls: number;
}

export interface CheckoutContext extends CheckoutInput {
  method: PaymentMethod;
  /** One key per checkout: a double click or a retry is the same checkout on the server. */
  checkoutKey: string;
  payment: Payment | null;
  token: string | null;
  polls: number;
  error: ErrorCode | null;
}

export const CHECKOUT_EVENTS = {
  CHOOSE_METHOD: 'CHOOSE_METHOD',
  PAY: 'PAY',
  CARD_TOKEN: 'CARD_TOKEN',
  RETRY: 'RETRY',
} as const;

export type CheckoutEvent =
  | { type: typeof CHECKOUT_EVENTS.CHOOSE_METHOD; method: PaymentMethod }
  | { type: typeof CHECKOUT_EVENTS.PAY }
  | { type: typeof CHECKOUT_EVENTS.CARD_TOKEN; token: string }
  | { type: typeof CHECKOUT_EVENTS.RETRY };

const newKey = () => globalThis.crypto.randomUUID();

/** How long the page waits between asking again for a payment the provider has not answered. */
export const POLL_INTERVAL_MS = 1_500;

/**
 * One checkout on the buyer's page, for any purchase the payment layer takes (DESIGN.md section 5).
 * The page runs it as an actor and renders its state; the server decides every outcome, so each
 * state after a call follows the payment the server answered, never the browser's redirect. The card
 * (or Apple Pay, where the provider takes it in the page) is given in the provider's framed form,
 * which hands the page a token; a challenge or a wallet's
 * approval happens on the provider's page, and the person comes back to ask where the payment stands.
 */
export const checkoutMachine = setup({
  types: {
    input: {} as CheckoutInput,
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
  },
  actors: {
    startCheckout: fromPromise<Payment, { method: PaymentMethod; checkoutKey: string }>(async () => {
      throw new Error('startCheckout is provided by the page');
    }),
    confirmPayment: fromPromise<Payment, { paymentId: string; token: string | null; attemptKey: string }>(async () => {
      throw new Error('confirmPayment is provided by the page');
    }),
    /** Asks where the payment stands; `afterMs` is how long to wait first, while the provider has not answered. */
    syncPayment: fromPromise<Payment, { paymentId: string; afterMs: number }>(async () => {
      throw new Error('syncPayment is provided by the page');
    }),
  },
  actions: {
    goToProvider: (_, _params: { url: string }) => {
      throw new Error('goToProvider is provided by the page');
    },
    /** The page's own follow-up once the payment succeeded (asking again for what the purchase changed). */
    reportSucceeded: (_, _params: { payment: Payment }) => {},
    recordPayment: assign((_, params: { payment: Payment }) => ({ payment: params.payment, method: params.payment.method, error: null })),
    recordError: assign({ error: (_, params: { error: unknown }) => errorCodeOf(params.error) }),
  },
  guards: {
    isReturning: ({ context }) => context.returningPaymentId !== null,
    /** The provider makes this payment's card token in a form the page frames (a card, or Apple Pay where the provider takes it there). */
    takesToken: ({ context }) => context.payment?.tokenFormUrl != null,
    hasSucceeded: ({ context }) => context.payment?.status === 'SUCCEEDED',
    hasFailed: ({ context }) => context.payment?.status === 'FAILED',
    needsAction: ({ context }) => context.payment?.status === 'REQUIRES_ACTION',
    mayPollAgain: ({ context }) => context.polls < context.maxPolls,
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({ ...input, method: 'CARD', checkoutKey: newKey(), payment: null, token: null, polls: 0, error: null }),
  initial: 'opening',
  states: {
    opening: {
      always: [{ guard: 'isReturning', target: 'returning' }, { target: 'choosing' }],
    },
    choosing: {
      on: {
        // Another method is another checkout: a key the server already saw with the first one would be refused.
        CHOOSE_METHOD: { actions: assign({ method: ({ event }) => event.method, checkoutKey: () => newKey(), error: null }) },
        PAY: { target: 'starting' },
      },
    },
    starting: {
      invoke: {
        src: 'startCheckout',
        input: ({ context }) => ({ method: context.method, checkoutKey: context.checkoutKey }),
        onDone: { target: 'started', actions: { type: 'recordPayment', params: ({ event }) => ({ payment: event.output }) } },
        onError: { target: 'choosing', actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    started: {
      always: [{ guard: 'hasSucceeded', target: 'succeeded' }, { guard: 'takesToken', target: 'awaitingToken' }, { target: 'confirming' }],
    },
    awaitingToken: {
      on: {
        CARD_TOKEN: { target: 'confirming', actions: assign({ token: ({ event }) => event.token }) },
        CHOOSE_METHOD: { target: 'choosing', actions: assign({ method: ({ event }) => event.method, checkoutKey: () => newKey(), payment: null, error: null }) },
      },
    },
    confirming: {
      invoke: {
        src: 'confirmPayment',
        input: ({ context }) => ({ paymentId: context.payment!.id, token: context.token, attemptKey: newKey() }),
        onDone: { target: 'settling', actions: { type: 'recordPayment', params: ({ event }) => ({ payment: event.output }) } },
        onError: { target: 'failed', actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    returning: {
      invoke: {
        src: 'syncPayment',
        input: ({ context }) => ({ paymentId: context.payment?.id ?? context.returningPaymentId!, afterMs: context.polls === 0 ? 0 : POLL_INTERVAL_MS }),
        onDone: { target: 'settlingReturn', actions: [{ type: 'recordPayment', params: ({ event }) => ({ payment: event.output }) }, assign({ polls: ({ context }) => context.polls + 1 })] },
        // No answer says nothing of the payment, and `failed` has no way back to it: the person asks again.
        onError: { target: 'waitingForProvider', actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    settling: {
      always: [
        { guard: 'hasSucceeded', target: 'succeeded' },
        { guard: 'hasFailed', target: 'failed' },
        { guard: 'needsAction', target: 'redirecting' },
        // Neither paid nor refused (a provider still processing): asked again, as after coming back, never tried twice.
        // The count starts afresh: asks about an earlier try (before a retry from `failed`) say nothing of this one.
        { target: 'returning', actions: assign({ polls: 0 }) },
      ],
    },
    // Back from the provider's page: the provider may not have answered yet, so it is asked again a few times.
    settlingReturn: {
      always: [
        { guard: 'hasSucceeded', target: 'succeeded' },
        { guard: 'hasFailed', target: 'failed' },
        { guard: 'mayPollAgain', target: 'returning' },
        { target: 'waitingForProvider' },
      ],
    },
    redirecting: {
      entry: { type: 'goToProvider', params: ({ context }) => ({ url: context.payment!.actionUrl! }) },
    },
    waitingForProvider: {
      on: { RETRY: { target: 'returning', actions: assign({ polls: 0 }) } },
    },
    failed: {
      on: {
        // The same payment, tried again: a card (or wallet) through the framed form, a wallet through its screen.
        RETRY: [
          { guard: 'takesToken', target: 'awaitingToken', actions: assign({ token: null, error: null }) },
          { target: 'confirming', actions: assign({ error: null }) },
        ],
        CARD_TOKEN: { guard: 'takesToken', target: 'confirming', actions: assign({ token: ({ event }) => event.token, error: null }) },
        CHOOSE_METHOD: { target: 'choosing', actions: assign({ method: ({ event }) => event.method, checkoutKey: () => newKey(), payment: null, token: null, error: null }) },
      },
    },
    succeeded: { type: 'final', entry: { type: 'reportSucceeded', params: ({ context }) => ({ payment: context.payment! }) } },
  },
});

function errorCodeOf(error: unknown): ErrorCode | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? (code as ErrorCode) : null;
}
