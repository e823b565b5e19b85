import { and, assign, cancel, enqueueActions, or, setup, transition } from 'xstate';
import type { OrderAction, OrderActor, OrderEvent as OrderHistoryStep, OrderStatus } from '../domain/orders';
import { LONGEST_TIMER_MS } from '../domain/timing';

export interface OrderContext {
  buyerId: string;
  sellerId: string;
  /** Whether the seller takes cash on delivery for this sale, fixed when the order was made. */
  cashOnDeliveryAllowed: boolean;
  /** Until when the buyer may pay or choose cash on delivery. */
  payBy: number;
  shippedAt: number | null;
  deliveredAt: number | null;
  /** How long after shipping an unconfirmed delivery is taken as made. */
  deliveryConfirmationMs: number;
  /** How long after delivery the order completes. */
  completionMs: number;
  /** Who cancelled, once cancelled. */
  cancelledBy: OrderActor | null;
  /** Server time of the snapshot: the last event's, which deadlines are measured against. */
  at: number;
}

export const ORDER_EVENTS = {
  /** The buyer starts (or tries again) an online payment. */
  PAY_ONLINE: 'PAY_ONLINE',
  CHOOSE_CASH_ON_DELIVERY: 'CHOOSE_CASH_ON_DELIVERY',
  /** The server recorded the provider's success for the order's payment. */
  PAYMENT_SUCCEEDED: 'PAYMENT_SUCCEEDED',
  SHIP: 'SHIP',
  CONFIRM_DELIVERY: 'CONFIRM_DELIVERY',
  CANCEL: 'CANCEL',
  /** The time now: deadlines pass by it, on the server before each command and on a client by its own timer. */
  TICK: 'TICK',
} as const;

export type OrderEvent =
  | { type: typeof ORDER_EVENTS.PAY_ONLINE; by: string; at: number }
  | { type: typeof ORDER_EVENTS.CHOOSE_CASH_ON_DELIVERY; by: string; at: number }
  | { type: typeof ORDER_EVENTS.PAYMENT_SUCCEEDED; at: number }
  | { type: typeof ORDER_EVENTS.SHIP; by: string; at: number }
  | { type: typeof ORDER_EVENTS.CONFIRM_DELIVERY; by: string; at: number }
  | { type: typeof ORDER_EVENTS.CANCEL; by: string; reason: string | null; at: number }
  | { type: typeof ORDER_EVENTS.TICK; at: number };

/** The deadlines an order waits for: the buyer's time to pay, delivery taken as made, completion. */
type Deadline = 'payment' | 'deliveryConfirmation' | 'completion';

function deadlineAt(deadline: Deadline, context: OrderContext): number {
  if (deadline === 'payment') return context.payBy;
  if (deadline === 'deliveryConfirmation') return context.shippedAt! + context.deliveryConfirmationMs;
  return context.deliveredAt! + context.completionMs;
}

const DEADLINE_OF_STATE: Record<string, Deadline> = { placed: 'payment', awaitingPayment: 'payment', shipped: 'deliveryConfirmation', delivered: 'completion' };

const byOf = (event: OrderEvent) => ('by' in event ? event.by : null);

/** Before shipping, the buyer may cancel, and the seller may with a reason. */
const mayCancel = or(['isByBuyer', and(['isBySeller', 'givesReason'])]);

/**
 * An unpaid order, whether or not a payment was started, written once so the two states cannot drift
 * apart: cancelled when the time to pay passes; the buyer may choose cash on delivery where the seller
 * takes it; either side may cancel.
 */
const UNPAID = {
  entry: { type: 'tickTowardsDeadline', params: { deadline: 'payment' } },
  exit: 'forgetDeadline',
  always: { guard: 'paymentTimePassed', target: 'cancelled', actions: 'markCancelledByTime' },
  on: {
    CHOOSE_CASH_ON_DELIVERY: { guard: and(['isByBuyer', 'takesCashOnDelivery']), target: 'cashOnDelivery', actions: 'markMoved' },
    CANCEL: { guard: mayCancel, target: 'cancelled', actions: ['markMoved', 'markCancelledBy'] },
    TICK: { actions: ['markMoved', { type: 'tickTowardsDeadline', params: { deadline: 'payment' } }] },
  },
} as const;

/**
 * An order, from the sale that made it to completed or cancelled (SPEC.md section 6, DESIGN.md
 * section 8). Each command is allowed only to the right side in the right state: the buyer pays or
 * chooses cash on delivery, the seller ships, the buyer confirms delivery; before shipping, the buyer
 * may cancel, and the seller may with a reason. Deadlines are facts with the order (pay by, shipped
 * at, delivered at) and pass by TICK, so a snapshot resolved from a stored row and moved to `now`
 * agrees with a running actor. An unpaid order past its time is cancelled; a shipped one the buyer
 * does not confirm is taken as delivered; a delivered one completes once the time to raise a problem
 * passed.
 */
export const orderMachine = setup({
  types: {
    input: {} as OrderContext,
    context: {} as OrderContext,
    events: {} as OrderEvent,
  },
  guards: {
    isByBuyer: ({ context, event }) => byOf(event) === context.buyerId,
    isBySeller: ({ context, event }) => byOf(event) === context.sellerId,
    takesCashOnDelivery: ({ context }) => context.cashOnDeliveryAllowed,
    givesReason: ({ event }) => event.type === 'CANCEL' && (event.reason ?? '').trim() !== '',
    paymentTimePassed: ({ context }) => context.at >= context.payBy,
    deliveryConfirmationTimePassed: ({ context }) => context.shippedAt !== null && context.at >= context.shippedAt + context.deliveryConfirmationMs,
    completionTimePassed: ({ context }) => context.deliveredAt !== null && context.at >= context.deliveredAt + context.completionMs,
  },
  actions: {
    markMoved: assign({ at: ({ context, event }) => Math.max(context.at, event.at) }),
    markShipped: assign(({ event }) => ({ shippedAt: event.at, at: event.at })),
    markDelivered: assign(({ context, event }) => ({ deliveredAt: Math.max(context.at, event.at), at: Math.max(context.at, event.at) })),
    markDeliveredByTime: assign(({ context }) => ({ deliveredAt: context.shippedAt! + context.deliveryConfirmationMs })),
    markCancelledBy: assign({ cancelledBy: ({ context, event }) => (byOf(event) === context.buyerId ? 'BUYER' : 'SELLER') as OrderActor }),
    markCancelledByTime: assign({ cancelledBy: 'TIME' as OrderActor }),
    /** A running actor (a client's) tells itself the time at the state's deadline, so it moves without a message. */
    tickTowardsDeadline: enqueueActions(({ context, enqueue }, params: { deadline: Deadline }) => {
      enqueue.cancel('deadline');
      const due = deadlineAt(params.deadline, context);
      if (due <= context.at) return;
      const wait = Math.min(due - context.at, LONGEST_TIMER_MS);
      enqueue.raise({ type: ORDER_EVENTS.TICK, at: context.at + wait }, { id: 'deadline', delay: wait });
    }),
    forgetDeadline: cancel('deadline'),
  },
}).createMachine({
  id: 'order',
  context: ({ input }) => ({ ...input }),
  initial: 'placed',
  states: {
    placed: {
      ...UNPAID,
      on: {
        ...UNPAID.on,
        PAY_ONLINE: { guard: 'isByBuyer', target: 'awaitingPayment', actions: 'markMoved' },
      },
    },
    awaitingPayment: {
      ...UNPAID,
      on: {
        ...UNPAID.on,
        PAY_ONLINE: { guard: 'isByBuyer', actions: 'markMoved' },
        PAYMENT_SUCCEEDED: { target: 'paid', actions: 'markMoved' },
      },
    },
    cashOnDelivery: {
      on: {
        SHIP: { guard: 'isBySeller', target: 'shipped', actions: 'markShipped' },
        CANCEL: { guard: mayCancel, target: 'cancelled', actions: ['markMoved', 'markCancelledBy'] },
        TICK: { actions: 'markMoved' },
      },
    },
    paid: {
      on: {
        SHIP: { guard: 'isBySeller', target: 'shipped', actions: 'markShipped' },
        CANCEL: { guard: mayCancel, target: 'cancelled', actions: ['markMoved', 'markCancelledBy'] },
        TICK: { actions: 'markMoved' },
      },
    },
    shipped: {
      entry: { type: 'tickTowardsDeadline', params: { deadline: 'deliveryConfirmation' } },
      exit: 'forgetDeadline',
      always: { guard: 'deliveryConfirmationTimePassed', target: 'delivered', actions: 'markDeliveredByTime' },
      on: {
        CONFIRM_DELIVERY: { guard: 'isByBuyer', target: 'delivered', actions: 'markDelivered' },
        TICK: { actions: ['markMoved', { type: 'tickTowardsDeadline', params: { deadline: 'deliveryConfirmation' } }] },
      },
    },
    delivered: {
      entry: { type: 'tickTowardsDeadline', params: { deadline: 'completion' } },
      exit: 'forgetDeadline',
      always: { guard: 'completionTimePassed', target: 'completed' },
      on: {
        TICK: { actions: ['markMoved', { type: 'tickTowardsDeadline', params: { deadline: 'completion' } }] },
      },
    },
    completed: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export type OrderSnapshot = ReturnType<typeof orderStateOf>;
type OrderStateName = 'placed' | 'awaitingPayment' | 'cashOnDelivery' | 'paid' | 'shipped' | 'delivered' | 'completed' | 'cancelled';

const STATE_OF_STATUS = {
  PLACED: 'placed',
  AWAITING_PAYMENT: 'awaitingPayment',
  CASH_ON_DELIVERY: 'cashOnDelivery',
  PAID: 'paid',
  SHIPPED: 'shipped',
  DELIVERED: 'delivered',
  COMPLETED: 'completed',
  CANCELLED: 'cancelled',
} as const satisfies Record<OrderStatus, OrderStateName>;

/** A stored order as the machine's snapshot at the time it was last moved (`context.at`). */
export function orderStateOf(stored: OrderStatus, context: OrderContext) {
  return orderMachine.resolveState({ value: STATE_OF_STATUS[stored], context });
}

export function orderStatusOf(snapshot: OrderSnapshot): OrderStatus {
  return (Object.entries(STATE_OF_STATUS).find(([, value]) => snapshot.matches(value))?.[0] ?? 'CANCELLED') as OrderStatus;
}

/** When the order in this snapshot moves by itself next, or null. */
export function orderDeadlineOf(snapshot: OrderSnapshot): number | null {
  const deadline = typeof snapshot.value === 'string' ? DEADLINE_OF_STATE[snapshot.value] : undefined;
  return deadline ? deadlineAt(deadline, snapshot.context) : null;
}

/**
 * The snapshot moved to `now` by the clock alone, and each status it passed through on the way, at the
 * deadline that moved it: a shipped order whose delivery and completion both passed unseen goes
 * through delivered at one and completed at the other.
 */
export function passDeadlines(snapshot: OrderSnapshot, now: number): { snapshot: OrderSnapshot; steps: { status: OrderStatus; at: number }[] } {
  let moved = snapshot;
  const steps: { status: OrderStatus; at: number }[] = [];
  for (let due = orderDeadlineOf(moved); due !== null && due <= now; due = orderDeadlineOf(moved)) {
    const before = orderStatusOf(moved);
    moved = transition(orderMachine, moved, { type: ORDER_EVENTS.TICK, at: due })[0];
    if (orderStatusOf(moved) === before) break;
    steps.push({ status: orderStatusOf(moved), at: due });
  }
  return { snapshot: transition(orderMachine, moved, { type: ORDER_EVENTS.TICK, at: now })[0], steps };
}

/** The event an action sends, as the person `by` sends it at `at`. */
export function orderEventOfAction(action: OrderAction, by: string, at: number, reason: string | null): OrderEvent {
  switch (action) {
    case 'PAY':
      return { type: ORDER_EVENTS.PAY_ONLINE, by, at };
    case 'CANCEL':
      return { type: ORDER_EVENTS.CANCEL, by, at, reason };
    default:
      return { type: action, by, at };
  }
}

/** What `userId` may do with the order now; a seller's cancel is offered as they will give a reason. */
export function orderActionsOf(snapshot: OrderSnapshot, userId: string, actions: readonly OrderAction[]): OrderAction[] {
  return actions.filter((action) => snapshot.can(orderEventOfAction(action, userId, snapshot.context.at, 'reason')));
}

/**
 * The machine's events that made an order's history, step by step after it was placed: what the
 * order's page feeds its actor as the server tells of each move. A step the clock made is a TICK at
 * its time; a person's is their command, by `people`'s id for their side.
 */
export function orderEventsOfHistory(history: readonly OrderHistoryStep[], people: Pick<OrderContext, 'buyerId' | 'sellerId'>): OrderEvent[] {
  return history.slice(1).map((step): OrderEvent => {
    const at = step.at;
    if (step.by === 'TIME') return { type: ORDER_EVENTS.TICK, at };
    const by = step.by === 'SELLER' ? people.sellerId : people.buyerId;
    switch (step.status) {
      case 'AWAITING_PAYMENT':
        return { type: ORDER_EVENTS.PAY_ONLINE, by, at };
      case 'CASH_ON_DELIVERY':
        return { type: ORDER_EVENTS.CHOOSE_CASH_ON_DELIVERY, by, at };
      case 'PAID':
        return { type: ORDER_EVENTS.PAYMENT_SUCCEEDED, at };
      case 'SHIPPED':
        return { type: ORDER_EVENTS.SHIP, by, at };
      case 'DELIVERED':
        return { type: ORDER_EVENTS.CONFIRM_DELIVERY, by, at };
      case 'CANCELLED':
        return { type: ORDER_EVENTS.CANCEL, by, reason: step.note, at };
      default:
        return { type: ORDER_EVENTS.TICK, at };
    }
  });
}
