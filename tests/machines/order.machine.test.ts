import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, transition } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { ORDER_ACTIONS, type OrderEvent as OrderHistoryStep, type OrderStatus } from '../../domain/orders';
import { DAY_MS, HOUR_MS } from '../../domain/timing';
import { ORDER_EVENTS as E, type OrderContext, type OrderEvent, orderActionsOf, orderDeadlineOf, orderEventsOfHistory, orderMachine, orderStateOf, orderStatusOf, type OrderSnapshot, passDeadlines } from '../../machines/order.machine';
import { bothVerdictsOfEveryGuard, walkShortestPaths } from './guard-verdicts';

const START = Date.UTC(2030, 0, 1, 9, 0, 0);
const BUYER = 'buyer';
const SELLER = 'seller';
const STRANGER = 'stranger';

const ORDER: OrderContext = {
  buyerId: BUYER,
  sellerId: SELLER,
  cashOnDeliveryAllowed: false,
  payBy: START + 2 * DAY_MS,
  shippedAt: null,
  deliveredAt: null,
  deliveryConfirmationMs: 10 * DAY_MS,
  completionMs: 3 * DAY_MS,
  cancelledBy: null,
  at: START,
};
const WITH_CASH: OrderContext = { ...ORDER, cashOnDeliveryAllowed: true };

const at = START + HOUR_MS;
/** Each command by each side and a stranger, with and without a reason, and the clock before and past every deadline. */
const EVERY_EVENT: OrderEvent[] = [
  { type: E.PAY_ONLINE, by: BUYER, at },
  { type: E.PAY_ONLINE, by: SELLER, at },
  { type: E.CHOOSE_CASH_ON_DELIVERY, by: BUYER, at },
  { type: E.CHOOSE_CASH_ON_DELIVERY, by: SELLER, at },
  { type: E.PAYMENT_SUCCEEDED, at },
  { type: E.SHIP, by: SELLER, at },
  { type: E.SHIP, by: BUYER, at },
  { type: E.CONFIRM_DELIVERY, by: BUYER, at },
  { type: E.CONFIRM_DELIVERY, by: SELLER, at },
  { type: E.CANCEL, by: BUYER, reason: null, at },
  { type: E.CANCEL, by: SELLER, reason: null, at },
  { type: E.CANCEL, by: SELLER, reason: 'Out of stock', at },
  { type: E.CANCEL, by: STRANGER, reason: 'x', at },
  { type: E.TICK, at: START + HOUR_MS },
  { type: E.TICK, at: START + 30 * DAY_MS },
];

function runningOrder(input: OrderContext) {
  const clock = new SimulatedClock();
  clock.set(START);
  const actor = createActor(orderMachine, { input, clock }).start();
  const status = () => orderStatusOf(actor.getSnapshot() as never);
  return { actor, clock, status };
}

describe('order machine', () => {
  it('reaches every state and takes both sides of every guard along the shortest paths', () => {
    const walk = walkShortestPaths(orderMachine, EVERY_EVENT, [ORDER, WITH_CASH]);
    expect(walk.statesReached).toEqual(['awaitingPayment', 'cancelled', 'cashOnDelivery', 'completed', 'delivered', 'paid', 'placed', 'shipped']);
    expect(walk.guardVerdicts).toEqual(
      bothVerdictsOfEveryGuard(orderMachine, ['completionTimePassed', 'deliveryConfirmationTimePassed', 'givesReason', 'isByBuyer', 'isBySeller', 'paymentTimePassed', 'takesCashOnDelivery']),
    );
  });

  it('is placed again on the client from the history the server wrote, move by move, on every path', () => {
    for (const input of [ORDER, WITH_CASH]) {
      // States told apart by what the history fixes (not by the time of the last event): every way to each.
      const serializeState = (snapshot: OrderSnapshot) => JSON.stringify([snapshot.value, snapshot.context.shippedAt, snapshot.context.deliveredAt, snapshot.context.cancelledBy]);
      const paths = createTestModel(orderMachine, { events: EVERY_EVENT, input, serializeState } as never).getSimplePaths();
      expect(paths.length).toBeGreaterThan(8);
      for (const path of paths) {
        // What the server writes: a step for each status a command or the clock moved the order to.
        let served = orderStateOf('PLACED', input);
        const history: OrderHistoryStep[] = [{ status: 'PLACED', by: 'BUYER', note: null, at: START }];
        for (const { event } of path.steps.slice(1)) {
          const move = event as OrderEvent;
          if (move.type === E.TICK) {
            const passed = passDeadlines(served, move.at);
            served = passed.snapshot;
            history.push(...passed.steps.map((step) => ({ ...step, by: 'TIME' as const, note: null })));
            continue;
          }
          const before = orderStatusOf(served);
          served = transition(orderMachine, served, move)[0];
          if (orderStatusOf(served) === before) continue;
          const by = move.type === E.PAYMENT_SUCCEEDED ? 'PAYMENT' : move.by === SELLER ? 'SELLER' : 'BUYER';
          history.push({ status: orderStatusOf(served), by, note: move.type === E.CANCEL ? move.reason : null, at: move.at });
        }
        let replayed = orderStateOf('PLACED', input);
        for (const event of orderEventsOfHistory(history, { buyerId: BUYER, sellerId: SELLER })) replayed = transition(orderMachine, replayed, event)[0];
        replayed = transition(orderMachine, replayed, { type: E.TICK, at: served.context.at })[0];
        const { at: _servedAt, ...servedFacts } = served.context;
        const { at: _replayedAt, ...replayedFacts } = replayed.context;
        expect([orderStatusOf(replayed), replayedFacts], history.map((step) => step.status).join(' > ')).toEqual([orderStatusOf(served) as OrderStatus, servedFacts]);
      }
    }
  });

  it('offers each side only its own moves, in the right state', () => {
    const placed = orderStateOf('PLACED', WITH_CASH);
    expect(orderActionsOf(placed, BUYER, ORDER_ACTIONS)).toEqual(['PAY', 'CHOOSE_CASH_ON_DELIVERY', 'CANCEL']);
    expect(orderActionsOf(placed, SELLER, ORDER_ACTIONS)).toEqual(['CANCEL']);
    expect(orderActionsOf(placed, STRANGER, ORDER_ACTIONS)).toEqual([]);
    expect(orderActionsOf(orderStateOf('PLACED', ORDER), BUYER, ORDER_ACTIONS)).toEqual(['PAY', 'CANCEL']);
    const paid = orderStateOf('PAID', ORDER);
    expect(orderActionsOf(paid, BUYER, ORDER_ACTIONS)).toEqual(['CANCEL']);
    expect(orderActionsOf(paid, SELLER, ORDER_ACTIONS)).toEqual(['SHIP', 'CANCEL']);
    const shipped = orderStateOf('SHIPPED', { ...ORDER, shippedAt: START });
    expect(orderActionsOf(shipped, BUYER, ORDER_ACTIONS)).toEqual(['CONFIRM_DELIVERY']);
    expect(orderActionsOf(shipped, SELLER, ORDER_ACTIONS)).toEqual([]);
    // A seller's cancel needs a reason; the buyer's does not.
    expect(paid.can({ type: E.CANCEL, by: SELLER, reason: '  ', at: START })).toBe(false);
    expect(paid.can({ type: E.CANCEL, by: BUYER, reason: null, at: START })).toBe(true);
    // A payment that succeeds for an order not waiting for one changes nothing.
    expect(orderStateOf('PLACED', ORDER).can({ type: E.PAYMENT_SUCCEEDED, at: START })).toBe(false);
    expect(orderStateOf('CANCELLED', ORDER).can({ type: E.PAYMENT_SUCCEEDED, at: START })).toBe(false);
  });

  it('cancels an unpaid order by time, on a running actor by its own timer', () => {
    const { actor, clock, status } = runningOrder(ORDER);
    actor.send({ type: E.PAY_ONLINE, by: BUYER, at: START + HOUR_MS });
    expect(status()).toBe('AWAITING_PAYMENT');
    clock.increment(2 * DAY_MS - HOUR_MS - 1);
    expect(status()).toBe('AWAITING_PAYMENT');
    clock.increment(1);
    expect(status()).toBe('CANCELLED');
    expect(actor.getSnapshot().context.cancelledBy).toBe('TIME');
  });

  it('takes a shipped order as delivered, then completes it, by the clock', () => {
    const { actor, clock, status } = runningOrder(WITH_CASH);
    actor.send({ type: E.CHOOSE_CASH_ON_DELIVERY, by: BUYER, at: START });
    clock.increment(5 * DAY_MS);
    // No deadline while the seller prepares a cash-on-delivery order.
    expect(status()).toBe('CASH_ON_DELIVERY');
    actor.send({ type: E.SHIP, by: SELLER, at: clock.now() });
    expect(orderDeadlineOf(actor.getSnapshot() as never)).toBe(clock.now() + 10 * DAY_MS);
    clock.increment(10 * DAY_MS);
    expect(status()).toBe('DELIVERED');
    expect(actor.getSnapshot().context.deliveredAt).toBe(START + 15 * DAY_MS);
    clock.increment(3 * DAY_MS);
    expect(status()).toBe('COMPLETED');
  });

  it('resolves a stored order past its deadline to where the clock moved it', () => {
    const stored = orderStateOf('SHIPPED', { ...ORDER, shippedAt: START, at: START });
    expect(orderStatusOf(stored)).toBe('SHIPPED');
    const actor = createActor(orderMachine, { snapshot: stored, input: ORDER }).start();
    actor.send({ type: E.TICK, at: START + 13 * DAY_MS });
    expect(orderStatusOf(actor.getSnapshot() as never)).toBe('COMPLETED');
    expect(actor.getSnapshot().context.deliveredAt).toBe(START + 10 * DAY_MS);
  });

  it('does nothing twice: a cancelled order takes no command', () => {
    const cancelled = orderStateOf('CANCELLED', { ...ORDER, cancelledBy: 'BUYER' });
    for (const action of ORDER_ACTIONS) expect(orderActionsOf(cancelled, BUYER, [action])).toEqual([]);
    expect(orderDeadlineOf(cancelled)).toBeNull();
  });
});
