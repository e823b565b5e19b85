import { assign, setup, transition } from 'xstate';
import type { PaymentFailure, PaymentStatus } from '../domain/payments';

export interface PaymentContext {
  failure: PaymentFailure | null;
}

export const PAYMENT_EVENTS = {
  /** The person sends a card token or starts a wallet's approval: a new try at the same payment. */
  ATTEMPT: 'ATTEMPT',
  /** The provider asks for a 3-D Secure challenge or a wallet's approval. */
  REQUIRE_ACTION: 'REQUIRE_ACTION',
  SUCCEED: 'SUCCEED',
  FAIL: 'FAIL',
  REFUND: 'REFUND',
} as const;

export type PaymentEvent =
  | { type: typeof PAYMENT_EVENTS.ATTEMPT }
  | { type: typeof PAYMENT_EVENTS.REQUIRE_ACTION }
  | { type: typeof PAYMENT_EVENTS.SUCCEED }
  | { type: typeof PAYMENT_EVENTS.FAIL; failure: PaymentFailure }
  | { type: typeof PAYMENT_EVENTS.REFUND };

/**
 * One payment, as the server records the provider's answers (DESIGN.md section 5: a payment's truth
 * is the provider's answer, never a browser redirect). A failed payment may be tried again with
 * another card, so one payment is charged at most once however many tries it takes; once it
 * succeeded, no later or repeated answer moves it but a refund.
 */
export const paymentMachine = setup({
  types: {
    input: {} as PaymentContext,
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
  },
  actions: {
    recordFailure: assign({ failure: ({ event }) => (event.type === 'FAIL' ? event.failure : null) }),
    clearFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'payment',
  context: ({ input }) => ({ ...input }),
  initial: 'created',
  states: {
    created: {
      on: {
        ATTEMPT: { target: 'created' },
        REQUIRE_ACTION: { target: 'requiresAction' },
        SUCCEED: { target: 'succeeded' },
        FAIL: { target: 'failed', actions: 'recordFailure' },
      },
    },
    requiresAction: {
      on: {
        // The person left the challenge or the wallet's screen and tries another way.
        ATTEMPT: { target: 'created' },
        SUCCEED: { target: 'succeeded' },
        FAIL: { target: 'failed', actions: 'recordFailure' },
      },
    },
    failed: {
      on: {
        ATTEMPT: { target: 'created', actions: 'clearFailure' },
        // The provider's success is final, even after a failure recorded from an earlier try's answer arriving late.
        SUCCEED: { target: 'succeeded', actions: 'clearFailure' },
      },
    },
    succeeded: {
      on: {
        REFUND: { target: 'refunded' },
      },
    },
    refunded: { type: 'final' },
  },
});

export type PaymentState = 'created' | 'requiresAction' | 'succeeded' | 'failed' | 'refunded';

const STATE_OF_STATUS = {
  CREATED: 'created',
  REQUIRES_ACTION: 'requiresAction',
  SUCCEEDED: 'succeeded',
  FAILED: 'failed',
  REFUNDED: 'refunded',
} as const satisfies Record<PaymentStatus, PaymentState>;

const STATUS_OF_STATE = Object.fromEntries(Object.entries(STATE_OF_STATUS).map(([status, state]) => [state, status])) as Record<PaymentState, PaymentStatus>;

/** Where a stored payment stands; `.can(event)` then says whether a provider's answer or a try may move it. */
export function paymentStateOf(status: PaymentStatus, failure: PaymentFailure | null) {
  return paymentMachine.resolveState({ value: STATE_OF_STATUS[status], context: { failure } });
}

/**
 * The payment after an event, or null when the event may not move it (a duplicate or stale
 * answer, a try after success): the server stores nothing then.
 */
export function paymentAfter(status: PaymentStatus, failure: PaymentFailure | null, event: PaymentEvent): { status: PaymentStatus; failure: PaymentFailure | null } | null {
  const state = paymentStateOf(status, failure);
  if (!state.can(event)) return null;
  const [next] = transition(paymentMachine, state, event);
  return { status: STATUS_OF_STATE[next.value as PaymentState], failure: next.context.failure };
}
