import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../../domain/subscriptions';
import { DAY_MS } from '../../domain/timing';
import {
  SUBSCRIPTION_EVENTS as E,
  type SubscriptionContext,
  type SubscriptionEvent,
  subscriptionMachine,
  subscriptionStateOf,
  subscriptionStatusOf,
} from '../../machines/subscription.machine';
import { bothVerdictsOfEveryGuard, walkShortestPaths } from './guard-verdicts';

const START = Date.UTC(2030, 0, 1, 9, 0, 0);
const OWNER = 'owner';
const STRANGER = 'stranger';
const YEAR_MS = 365 * DAY_MS;
/** setTimeout's 32-bit limit. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** A 30-day paid package, bought at START and not yet paid for. */
const MONTHLY: SubscriptionContext = { ownerId: OWNER, isFree: false, validityMs: 30 * DAY_MS, endsAt: null, at: START };
const UNLIMITED: SubscriptionContext = { ...MONTHLY, validityMs: null };
const FREE: SubscriptionContext = { ...MONTHLY, isFree: true, validityMs: null };

/** The actor with a simulated clock at START, paid for at once. */
function paidSubscription(input: SubscriptionContext) {
  const clock = new SimulatedClock();
  clock.set(START);
  const actor = createActor(subscriptionMachine, { input, clock }).start();
  actor.send({ type: E.PAYMENT_SUCCEEDED, at: clock.now() });
  const is = (value: string) => actor.getSnapshot().matches(value as never);
  return { actor, clock, is };
}

describe('subscription machine', () => {
  it('reaches every state and takes both sides of every guard along the shortest paths', () => {
    const events: SubscriptionEvent[] = [
      { type: E.PAYMENT_SUCCEEDED, at: START },
      { type: E.CANCEL, by: OWNER, at: START + DAY_MS },
      { type: E.CANCEL, by: STRANGER, at: START + DAY_MS },
      { type: E.TICK, at: START + DAY_MS },
      { type: E.TICK, at: START + 30 * DAY_MS },
    ];
    const walk = walkShortestPaths(subscriptionMachine, events, [MONTHLY, UNLIMITED, FREE]);
    expect(walk.statesReached).toEqual(['active', 'canceled', 'expired', 'pendingPayment']);
    expect(walk.guardVerdicts).toEqual(bothVerdictsOfEveryGuard(subscriptionMachine, ['hasEnded', 'isByOwner', 'isPaidPackage']));
  });

  it('becomes active once its payment succeeded, and a second success changes nothing', () => {
    const { actor, clock, is } = paidSubscription(MONTHLY);
    expect(is('active')).toBe(true);
    expect(actor.getSnapshot().context.endsAt).toBe(START + 30 * DAY_MS);
    expect(actor.getSnapshot().can({ type: E.PAYMENT_SUCCEEDED, at: clock.now() + DAY_MS })).toBe(false);
    actor.send({ type: E.PAYMENT_SUCCEEDED, at: clock.now() + DAY_MS });
    expect(actor.getSnapshot().context.endsAt).toBe(START + 30 * DAY_MS);
    expect(subscriptionStateOf('PENDING_PAYMENT', MONTHLY).can({ type: E.PAYMENT_SUCCEEDED, at: START })).toBe(true);
    expect(subscriptionStateOf('ACTIVE', { ...MONTHLY, endsAt: START + 30 * DAY_MS }).can({ type: E.PAYMENT_SUCCEEDED, at: START })).toBe(false);
  });

  it('expires exactly at the end of its validity, not a millisecond before', () => {
    const { clock, is } = paidSubscription(MONTHLY);
    // Longer than a timer can wait, so the actor waits in two steps. The simulated clock moves to the
    // time asked before it fires a step, so the next step would start from there: it is stopped at the first.
    clock.increment(LONGEST_TIMER_MS);
    expect(is('active')).toBe(true);
    clock.increment(30 * DAY_MS - LONGEST_TIMER_MS - 1);
    expect(is('active')).toBe(true);
    clock.increment(1);
    expect(is('expired')).toBe(true);
  });

  it('waits for an end beyond a timer’s reach in steps with the platform’s own timers, never early', () => {
    vi.useFakeTimers({ now: START });
    const actor = createActor(subscriptionMachine, { input: MONTHLY }).start();
    actor.send({ type: E.PAYMENT_SUCCEEDED, at: Date.now() });
    vi.advanceTimersByTime(DAY_MS);
    expect(actor.getSnapshot().value).toBe('active');
    vi.advanceTimersByTime(29 * DAY_MS - 1);
    expect(actor.getSnapshot().value).toBe('active');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('expired');
  });

  it('expires by a scheduler’s TICK at its end, not one a millisecond before', () => {
    const { actor, is } = paidSubscription(MONTHLY);
    actor.send({ type: E.TICK, at: START + 30 * DAY_MS - 1 });
    expect(is('active')).toBe(true);
    actor.send({ type: E.TICK, at: START + 30 * DAY_MS });
    expect(is('expired')).toBe(true);
  });

  it('stays usable once canceled until its end, then expires', () => {
    const { actor, clock, is } = paidSubscription(MONTHLY);
    clock.increment(10 * DAY_MS);
    actor.send({ type: E.CANCEL, by: OWNER, at: clock.now() });
    expect(is('canceled')).toBe(true);
    expect(subscriptionStatusOf(actor.getSnapshot())).toBe('CANCELED');
    clock.increment(20 * DAY_MS - 1);
    expect(is('canceled')).toBe(true);
    clock.increment(1);
    expect(is('expired')).toBe(true);
    expect(subscriptionStatusOf(actor.getSnapshot())).toBe('EXPIRED');
  });

  it('never expires when unlimited, canceled or not', () => {
    const { actor, clock, is } = paidSubscription(UNLIMITED);
    clock.increment(10 * YEAR_MS);
    expect(is('active')).toBe(true);
    actor.send({ type: E.CANCEL, by: OWNER, at: clock.now() });
    clock.increment(10 * YEAR_MS);
    expect(is('canceled')).toBe(true);
    expect(actor.getSnapshot().context.endsAt).toBeNull();
  });

  it('is canceled by its owner only, and never on the free package', () => {
    const paid = paidSubscription(MONTHLY).actor.getSnapshot();
    expect(paid.can({ type: E.CANCEL, by: STRANGER, at: START })).toBe(false);
    expect(paid.can({ type: E.CANCEL, by: OWNER, at: START })).toBe(true);
    const free = paidSubscription(FREE).actor.getSnapshot();
    expect(free.can({ type: E.CANCEL, by: OWNER, at: START })).toBe(false);
  });

  it('reads a stored Active or Canceled subscription past its end as expired, without anything writing it', () => {
    const monthly = { ...MONTHLY, endsAt: START + 30 * DAY_MS };
    for (const stored of ['ACTIVE', 'CANCELED'] as const) {
      expect(subscriptionStatusOf(subscriptionStateOf(stored, { ...monthly, at: monthly.endsAt - 1 })), stored).toBe(stored);
      expect(subscriptionStateOf(stored, { ...monthly, at: monthly.endsAt }).value, stored).toBe('expired');
      expect(subscriptionStatusOf(subscriptionStateOf(stored, { ...monthly, at: monthly.endsAt })), stored).toBe('EXPIRED');
    }
    expect(subscriptionStateOf('ACTIVE', { ...UNLIMITED, at: START + 10 * YEAR_MS }).value).toBe('active');
    expect(subscriptionStateOf('PENDING_PAYMENT', { ...MONTHLY, at: START + YEAR_MS }).value).toBe('pendingPayment');
  });

  it('shows every stored status as itself while its validity lasts', () => {
    const statusOf = (stored: SubscriptionStatus) => subscriptionStatusOf(subscriptionStateOf(stored, { ...MONTHLY, endsAt: START + 30 * DAY_MS }));
    expect(SUBSCRIPTION_STATUSES.map(statusOf)).toEqual([...SUBSCRIPTION_STATUSES]);
  });
});

afterEach(() => {
  vi.useRealTimers();
});
