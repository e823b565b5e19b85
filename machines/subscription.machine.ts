import { and, assign, cancel, enqueueActions, setup } from 'xstate';
import type { SubscriptionStatus } from '../domain/subscriptions';
import { LONGEST_TIMER_MS } from '../domain/timing';

export interface SubscriptionContext {
  ownerId: string;
  isFree: boolean;
  /** Null: the package never runs out. */
  validityMs: number | null;
  /** Set once the payment succeeded (or at registration, for the free package). */
  endsAt: number | null;
  /** The time this snapshot was made or last moved, which the expiry counts from. */
  at: number;
}

export const SUBSCRIPTION_EVENTS = {
  PAYMENT_SUCCEEDED: 'PAYMENT_SUCCEEDED',
  CANCEL: 'CANCEL',
  /** The time now: an actor tells itself at its end, and a scheduler may tell it the server's time. */
  TICK: 'TICK',
} as const;

export type SubscriptionEvent =
  | { type: typeof SUBSCRIPTION_EVENTS.PAYMENT_SUCCEEDED; at: number }
  | { type: typeof SUBSCRIPTION_EVENTS.CANCEL; by: string; at: number }
  | { type: typeof SUBSCRIPTION_EVENTS.TICK; at: number };

/**
 * One person's subscription to a package (SPEC.md sections 3, 4 and 6). It becomes active once,
 * and only once, its payment succeeded. A paid one may be canceled: it stays usable until its end,
 * as the person paid for that time, and is not renewed. The free package is not canceled. Validity
 * ends it, canceled or not; an unlimited one never ends.
 *
 * The end is a TICK the actor raises for itself rather than an `after` transition: a timer fires at
 * once past its 32-bit limit, so an end further off is waited for in steps, and `xstate/graph`, which
 * refuses `after`, can walk the machine.
 */
export const subscriptionMachine = setup({
  types: {
    input: {} as SubscriptionContext,
    context: {} as SubscriptionContext,
    events: {} as SubscriptionEvent,
  },
  guards: {
    isByOwner: ({ context, event }) => event.type === 'CANCEL' && event.by === context.ownerId,
    isPaidPackage: ({ context }) => !context.isFree,
    hasEnded: ({ context }) => context.endsAt !== null && context.endsAt <= context.at,
  },
  actions: {
    startValidity: assign(({ context, event }) => ({ at: event.at, endsAt: context.validityMs === null ? null : event.at + context.validityMs })),
    markMoved: assign({ at: ({ context, event }) => Math.max(context.at, event.at) }),
    tickTowardsEnd: enqueueActions(({ context, enqueue }) => {
      enqueue.cancel('end');
      if (context.endsAt === null || context.endsAt <= context.at) return;
      const wait = Math.min(context.endsAt - context.at, LONGEST_TIMER_MS);
      enqueue.raise({ type: SUBSCRIPTION_EVENTS.TICK, at: context.at + wait }, { id: 'end', delay: wait });
    }),
    forgetTick: cancel('end'),
  },
}).createMachine({
  id: 'subscription',
  context: ({ input }) => ({ ...input }),
  initial: 'pendingPayment',
  states: {
    pendingPayment: {
      on: {
        PAYMENT_SUCCEEDED: { target: 'active', actions: 'startValidity' },
      },
    },
    active: {
      entry: 'tickTowardsEnd',
      exit: 'forgetTick',
      always: { guard: 'hasEnded', target: 'expired' },
      on: {
        TICK: { actions: ['markMoved', 'tickTowardsEnd'] },
        CANCEL: { guard: and(['isByOwner', 'isPaidPackage']), target: 'canceled', actions: 'markMoved' },
      },
    },
    canceled: {
      entry: 'tickTowardsEnd',
      exit: 'forgetTick',
      always: { guard: 'hasEnded', target: 'expired' },
      on: {
        TICK: { actions: ['markMoved', 'tickTowardsEnd'] },
      },
    },
    expired: { type: 'final' },
  },
});

export type SubscriptionState = 'pendingPayment' | 'active' | 'canceled' | 'expired';

const STATE_OF_STATUS = {
  PENDING_PAYMENT: 'pendingPayment',
  ACTIVE: 'active',
  CANCELED: 'canceled',
  EXPIRED: 'expired',
} as const satisfies Record<SubscriptionStatus, SubscriptionState>;

/**
 * Where a stored subscription stands at `now`. The stored status says Active or Canceled; validity
 * ending is a fact of the clock, so a subscription past its end reads Expired without a job writing it.
 */
export function subscriptionStateOf(stored: SubscriptionStatus, context: SubscriptionContext) {
  const expired = (stored === 'ACTIVE' || stored === 'CANCELED') && context.endsAt !== null && context.endsAt <= context.at;
  return subscriptionMachine.resolveState({ value: expired ? 'expired' : STATE_OF_STATUS[stored], context });
}

/** The status a person sees. */
export function subscriptionStatusOf(state: ReturnType<typeof subscriptionStateOf>): SubscriptionStatus {
  return (Object.entries(STATE_OF_STATUS).find(([, value]) => state.matches(value))?.[0] ?? 'EXPIRED') as SubscriptionStatus;
}
