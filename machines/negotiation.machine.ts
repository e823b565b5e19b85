import { and, assign, cancel, enqueueActions, not, setup, type SnapshotFrom, transition } from 'xstate';
import { NEGOTIATION_CLOSED_STATUSES, type NegotiationClosedStatus, type NegotiationStatus } from '../domain/negotiation';
import { LONGEST_TIMER_MS } from '../domain/timing';

/** An amount one side put forward, in integer minor units, and until when the other side may take it. */
export interface NegotiationProposal {
  amount: number;
  at: number;
  expiresAt: number;
}

/** What the server stores about one buyer's negotiation on one ad besides its status. */
export interface NegotiationFacts {
  buyerId: string;
  ownerId: string;
  /** The ad's price (the combined type's instant purchase amount), which every offer must be below. */
  price: number;
  attemptLimit: number;
  /** Offers this buyer has made on the ad so far. */
  attemptsUsed: number;
  offerTtlMs: number;
  orderWindowMs: number;
  /** The buyer's open offer, or the last one. */
  offer: NegotiationProposal | null;
  /** The owner's counter-offer to the open offer (at most one per offer). */
  counter: NegotiationProposal | null;
  /** The agreed amount once accepted, and until when the buyer may order at it. */
  agreedAmount: number | null;
  orderBy: number | null;
  /** Server time of the snapshot (the last event's `at`), which expiries are measured against. */
  at: number;
}

export interface NegotiationContext extends NegotiationFacts {
  /** How the last offer closed without a price agreed, so a thread with no attempts left still tells how it ended. */
  closedAs: NegotiationClosedStatus | null;
}

export const NEGOTIATION_EVENTS = {
  /** The buyer offers an amount below the price. */
  OFFER: 'OFFER',
  /** The buyer takes back their open offer, or leaves the owner's counter-offer unanswered for good. */
  WITHDRAW: 'WITHDRAW',
  REJECT: 'REJECT',
  /** The owner answers the open offer with an amount between it and the price. */
  COUNTER: 'COUNTER',
  /** The owner accepts the buyer's open offer. */
  ACCEPT: 'ACCEPT',
  ACCEPT_COUNTER: 'ACCEPT_COUNTER',
  DECLINE_COUNTER: 'DECLINE_COUNTER',
  /** The buyer orders at the agreed amount. */
  ORDER: 'ORDER',
  /** The time now: an actor tells itself at its next expiry, and the server tells it its own time. */
  TICK: 'TICK',
} as const;

export type NegotiationEvent =
  | { type: typeof NEGOTIATION_EVENTS.OFFER; by: string; amount: number; at: number }
  | { type: typeof NEGOTIATION_EVENTS.WITHDRAW; by: string; at: number }
  | { type: typeof NEGOTIATION_EVENTS.REJECT; by: string; at: number }
  | { type: typeof NEGOTIATION_EVENTS.COUNTER; by: string; amount: number; at: number }
  | { type: typeof NEGOTIATION_EVENTS.ACCEPT; by: string; at: number }
  | { type: typeof NEGOTIATION_EVENTS.ACCEPT_COUNTER; by: string; at: number }
  | { type: typeof NEGOTIATION_EVENTS.DECLINE_COUNTER; by: string; at: number }
  | { type: typeof NEGOTIATION_EVENTS.ORDER; by: string; at: number }
  | { type: typeof NEGOTIATION_EVENTS.TICK; at: number };

/** What a person sends; TICK only tells the time. */
export type NegotiationCommand = Exclude<NegotiationEvent, { type: typeof NEGOTIATION_EVENTS.TICK }>;

/** The moments a negotiation moves by itself at: its open offer's or counter-offer's expiry, the end of the order window. */
type Deadline = 'offerExpiry' | 'counterExpiry' | 'orderWindow';

function deadlineAt(deadline: Deadline, context: NegotiationContext): number | null {
  if (deadline === 'offerExpiry') return context.offer?.expiresAt ?? null;
  if (deadline === 'counterExpiry') return context.counter?.expiresAt ?? null;
  return context.orderBy;
}

const DEADLINE_OF_STATE: Partial<Record<NegotiationState, Deadline>> = { offered: 'offerExpiry', countered: 'counterExpiry', accepted: 'orderWindow' };

/**
 * The time an event is judged at: its own, or the snapshot's when that is later (events from before
 * the snapshot do not move time back). The machine's first event carries no time.
 */
function timeOf(context: NegotiationContext, event: { type: string }): number {
  return 'at' in event && typeof event.at === 'number' ? Math.max(context.at, event.at) : context.at;
}

const byOf = (event: { type: string }) => ('by' in event ? event.by : null);
const amountOf = (event: { type: string }) => ('amount' in event && typeof event.amount === 'number' ? event.amount : Number.NaN);

/** What the buyer's attempts still allow: offers they may make on the ad. */
export function attemptsLeft(context: Pick<NegotiationFacts, 'attemptLimit' | 'attemptsUsed'>): number {
  return Math.max(0, context.attemptLimit - context.attemptsUsed);
}

// Transitions that several states take alike, written once so the states cannot drift apart.
const MAKE_OFFER = {
  guard: and(['isByBuyer', 'buyerIsNotOwner', 'hasAttemptsLeft', 'isPositiveWholeAmount', 'isBelowPrice']),
  target: 'offered',
  actions: 'recordOffer',
} as const;
const USE_UP_LIMIT = { guard: not('hasAttemptsLeft'), target: 'limitReached' } as const;

/**
 * One buyer's negotiation on one ad (SPEC.md section 4, DESIGN.md section 3). The buyer offers below
 * the price; the owner rejects, accepts, or counters once with an amount between the offer and the
 * price, which the buyer accepts or declines. Either side's open proposal expires after the offer
 * time, and the buyer may withdraw while one is open. Once a price is agreed the ad is held for the
 * buyer for the order window: ordering in it ends the negotiation, letting it pass puts the ad back on
 * sale and the price stays negotiated, so neither allows another offer. An offer that closed without
 * agreement may be followed by another while the buyer's attempts last; without attempts left the
 * negotiation is over.
 *
 * A command never acts on a proposal that has run out by its own time, even on a snapshot not yet
 * moved to that time. Expiries are TICKs the actor raises for itself rather than `after` transitions,
 * so `xstate/graph`, which refuses `after`, can walk the machine, and a stored negotiation resolved at
 * the server's time agrees with a running actor.
 */
export const negotiationMachine = setup({
  types: {
    input: {} as NegotiationFacts,
    context: {} as NegotiationContext,
    events: {} as NegotiationEvent,
  },
  guards: {
    isByBuyer: ({ context, event }) => byOf(event) === context.buyerId,
    isByOwner: ({ context, event }) => byOf(event) === context.ownerId,
    // An owner never negotiates on their own ad.
    buyerIsNotOwner: ({ context }) => context.buyerId !== context.ownerId,
    hasAttemptsLeft: ({ context }) => attemptsLeft(context) > 0,
    // Money never travels as a float (domain/money.ts).
    isPositiveWholeAmount: ({ event }) => Number.isInteger(amountOf(event)) && amountOf(event) > 0,
    isBelowPrice: ({ context, event }) => amountOf(event) < context.price,
    isAboveOffer: ({ context, event }) => context.offer !== null && amountOf(event) > context.offer.amount,
    offerHasExpired: ({ context, event }) => context.offer !== null && timeOf(context, event) >= context.offer.expiresAt,
    counterHasExpired: ({ context, event }) => context.counter !== null && timeOf(context, event) >= context.counter.expiresAt,
    orderWindowHasPassed: ({ context, event }) => context.orderBy !== null && timeOf(context, event) >= context.orderBy,
  },
  actions: {
    markMoved: assign({ at: ({ context, event }) => timeOf(context, event) }),
    recordOffer: assign(({ context, event }) => {
      const at = timeOf(context, event);
      return { at, attemptsUsed: context.attemptsUsed + 1, offer: { amount: amountOf(event), at, expiresAt: at + context.offerTtlMs }, counter: null };
    }),
    recordCounter: assign(({ context, event }) => {
      const at = timeOf(context, event);
      return { at, counter: { amount: amountOf(event), at, expiresAt: at + context.offerTtlMs } };
    }),
    agreeOnOffer: assign(({ context, event }) => {
      const at = timeOf(context, event);
      return { at, agreedAmount: context.offer!.amount, orderBy: at + context.orderWindowMs };
    }),
    agreeOnCounter: assign(({ context, event }) => {
      const at = timeOf(context, event);
      return { at, agreedAmount: context.counter!.amount, orderBy: at + context.orderWindowMs };
    }),
    markClosedAs: assign({ closedAs: (_, params: { status: NegotiationClosedStatus }) => params.status }),
    /** A running actor (a client's) tells itself the time at the state's deadline, so a countdown ending moves it without a message. */
    tickTowardsDeadline: enqueueActions(({ context, enqueue }, params: { deadline: Deadline }) => {
      enqueue.cancel('deadline');
      const due = deadlineAt(params.deadline, context);
      if (due === null || due <= context.at) return;
      const wait = Math.min(due - context.at, LONGEST_TIMER_MS);
      enqueue.raise({ type: NEGOTIATION_EVENTS.TICK, at: context.at + wait }, { id: 'deadline', delay: wait });
    }),
    forgetDeadline: cancel('deadline'),
  },
}).createMachine({
  id: 'negotiation',
  context: ({ input }) => ({ ...input, closedAs: null }),
  initial: 'idle',
  on: {
    TICK: { actions: 'markMoved' },
  },
  states: {
    idle: {
      always: USE_UP_LIMIT,
      on: { OFFER: MAKE_OFFER },
    },
    offered: {
      entry: { type: 'tickTowardsDeadline', params: { deadline: 'offerExpiry' } },
      exit: 'forgetDeadline',
      always: { guard: 'offerHasExpired', target: 'expired', actions: 'markMoved' },
      on: {
        WITHDRAW: { guard: and(['isByBuyer', not('offerHasExpired')]), target: 'withdrawn', actions: 'markMoved' },
        REJECT: { guard: and(['isByOwner', not('offerHasExpired')]), target: 'rejected', actions: 'markMoved' },
        ACCEPT: { guard: and(['isByOwner', not('offerHasExpired')]), target: 'accepted', actions: 'agreeOnOffer' },
        COUNTER: {
          guard: and(['isByOwner', not('offerHasExpired'), 'isPositiveWholeAmount', 'isAboveOffer', 'isBelowPrice']),
          target: 'countered',
          actions: 'recordCounter',
        },
        TICK: { actions: ['markMoved', { type: 'tickTowardsDeadline', params: { deadline: 'offerExpiry' } }] },
      },
    },
    countered: {
      entry: { type: 'tickTowardsDeadline', params: { deadline: 'counterExpiry' } },
      exit: 'forgetDeadline',
      always: { guard: 'counterHasExpired', target: 'expired', actions: 'markMoved' },
      on: {
        ACCEPT_COUNTER: { guard: and(['isByBuyer', not('counterHasExpired')]), target: 'accepted', actions: 'agreeOnCounter' },
        // Declining the owner's last word closes the offer as a rejection would: the buyer may offer again.
        DECLINE_COUNTER: { guard: and(['isByBuyer', not('counterHasExpired')]), target: 'rejected', actions: 'markMoved' },
        WITHDRAW: { guard: and(['isByBuyer', not('counterHasExpired')]), target: 'withdrawn', actions: 'markMoved' },
        TICK: { actions: ['markMoved', { type: 'tickTowardsDeadline', params: { deadline: 'counterExpiry' } }] },
      },
    },
    accepted: {
      entry: { type: 'tickTowardsDeadline', params: { deadline: 'orderWindow' } },
      exit: 'forgetDeadline',
      always: { guard: 'orderWindowHasPassed', target: 'lapsed', actions: 'markMoved' },
      on: {
        ORDER: { guard: and(['isByBuyer', not('orderWindowHasPassed')]), target: 'ordered', actions: 'markMoved' },
        TICK: { actions: ['markMoved', { type: 'tickTowardsDeadline', params: { deadline: 'orderWindow' } }] },
      },
    },
    ordered: { type: 'final' },
    lapsed: { type: 'final' },
    rejected: {
      entry: { type: 'markClosedAs', params: { status: 'REJECTED' } },
      always: USE_UP_LIMIT,
      on: { OFFER: MAKE_OFFER },
    },
    withdrawn: {
      entry: { type: 'markClosedAs', params: { status: 'WITHDRAWN' } },
      always: USE_UP_LIMIT,
      on: { OFFER: MAKE_OFFER },
    },
    expired: {
      entry: { type: 'markClosedAs', params: { status: 'EXPIRED' } },
      always: USE_UP_LIMIT,
      on: { OFFER: MAKE_OFFER },
    },
    limitReached: { type: 'final' },
  },
});

export type NegotiationSnapshot = SnapshotFrom<typeof negotiationMachine>;
export type NegotiationState = 'idle' | 'offered' | 'countered' | 'accepted' | 'ordered' | 'lapsed' | 'rejected' | 'withdrawn' | 'expired' | 'limitReached';

const STATE_OF_STATUS = {
  OFFERED: 'offered',
  COUNTERED: 'countered',
  ACCEPTED: 'accepted',
  ORDERED: 'ordered',
  LAPSED: 'lapsed',
  REJECTED: 'rejected',
  WITHDRAWN: 'withdrawn',
  EXPIRED: 'expired',
} as const satisfies Record<NegotiationStatus, NegotiationState>;

const isClosedStatus = (status: NegotiationStatus | null): status is NegotiationClosedStatus => (NEGOTIATION_CLOSED_STATUSES as readonly string[]).includes(status ?? '');

/**
 * Where a stored negotiation stands at `facts.at`; null for a buyer who has made no offer on the ad.
 * Expiries and a used-up limit are facts of the clock and the count, applied by the machine's own
 * rules, so a negotiation past its expiry reads as expired without anything writing it.
 */
export function negotiationStateOf(stored: NegotiationStatus | null, facts: NegotiationFacts): NegotiationSnapshot {
  const context: NegotiationContext = { ...facts, closedAs: isClosedStatus(stored) ? stored : null };
  const placed = negotiationMachine.resolveState({ value: stored === null ? 'idle' : STATE_OF_STATUS[stored], context });
  if (placed.status !== 'active') return placed;
  // Telling the placed state the time it was placed at takes whatever the clock or the count decide.
  const [atNow] = transition(negotiationMachine, placed, { type: NEGOTIATION_EVENTS.TICK, at: facts.at });
  return atNow;
}

/** The status to store for a snapshot; null while no offer has been made. A used-up limit keeps how the last offer closed. */
export function negotiationStatusOf(snapshot: NegotiationSnapshot): NegotiationStatus | null {
  if (snapshot.matches('idle')) return null;
  if (snapshot.matches('limitReached')) return snapshot.context.closedAs;
  return (Object.entries(STATE_OF_STATUS).find(([, value]) => snapshot.matches(value))?.[0] ?? null) as NegotiationStatus | null;
}

/** When the negotiation in this snapshot moves by itself next, for a countdown, or null. */
export function negotiationDeadlineOf(snapshot: NegotiationSnapshot): number | null {
  const deadline = DEADLINE_OF_STATE[snapshot.value as NegotiationState];
  return deadline ? deadlineAt(deadline, snapshot.context) : null;
}

export const NEGOTIATION_REFUSALS = {
  /** The wrong person, or a command the negotiation's state does not take. */
  NOT_ALLOWED: 'NEGOTIATION_NOT_ALLOWED',
  OFFER_NOT_BELOW_PRICE: 'OFFER_NOT_BELOW_PRICE',
  COUNTER_OUT_OF_RANGE: 'COUNTER_OUT_OF_RANGE',
  LIMIT_REACHED: 'NEGOTIATION_LIMIT_REACHED',
  PRICE_ALREADY_NEGOTIATED: 'PRICE_ALREADY_NEGOTIATED',
  OFFER_ALREADY_OPEN: 'OFFER_ALREADY_OPEN',
  ORDER_WINDOW_PASSED: 'ORDER_WINDOW_PASSED',
} as const;
export type NegotiationRefusal = (typeof NEGOTIATION_REFUSALS)[keyof typeof NEGOTIATION_REFUSALS];

/**
 * Why a command is refused in this snapshot, for the message its sender sees; null when it is taken.
 * A state that rules the command out is named before the amount, since no amount would do. An offer
 * that is not a positive integer is the request's to refuse; here it is only not allowed.
 */
export function negotiationRefusal(snapshot: NegotiationSnapshot, event: NegotiationCommand): NegotiationRefusal | null {
  if (snapshot.can(event)) return null;
  const { context } = snapshot;
  if (event.type === NEGOTIATION_EVENTS.OFFER) {
    if (event.by !== context.buyerId || context.buyerId === context.ownerId) return NEGOTIATION_REFUSALS.NOT_ALLOWED;
    if (snapshot.matches('accepted') || snapshot.matches('ordered') || snapshot.matches('lapsed')) return NEGOTIATION_REFUSALS.PRICE_ALREADY_NEGOTIATED;
    if (snapshot.matches('offered') || snapshot.matches('countered')) return NEGOTIATION_REFUSALS.OFFER_ALREADY_OPEN;
    if (attemptsLeft(context) === 0) return NEGOTIATION_REFUSALS.LIMIT_REACHED;
    if (event.amount >= context.price) return NEGOTIATION_REFUSALS.OFFER_NOT_BELOW_PRICE;
    return NEGOTIATION_REFUSALS.NOT_ALLOWED;
  }
  if (event.type === NEGOTIATION_EVENTS.COUNTER) {
    // The owner could answer the offer now, as a rejection would show, so only the amount is wrong.
    const couldAnswer = snapshot.can({ type: NEGOTIATION_EVENTS.REJECT, by: event.by, at: event.at });
    return couldAnswer ? NEGOTIATION_REFUSALS.COUNTER_OUT_OF_RANGE : NEGOTIATION_REFUSALS.NOT_ALLOWED;
  }
  if (event.type === NEGOTIATION_EVENTS.ORDER && event.by === context.buyerId) {
    // The same order at the snapshot's own time would be taken, so only the time is wrong; once lapsed it always is.
    if (snapshot.matches('lapsed') || snapshot.can({ ...event, at: context.at })) return NEGOTIATION_REFUSALS.ORDER_WINDOW_PASSED;
  }
  return NEGOTIATION_REFUSALS.NOT_ALLOWED;
}
