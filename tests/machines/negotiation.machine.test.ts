import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { NEGOTIATION_ATTEMPT_LIMIT } from '../../domain/limits';
import { NEGOTIATION_STATUSES, type NegotiationStatus } from '../../domain/negotiation';
import { DAY_MS, HOUR_MS, NEGOTIATED_ORDER_WINDOW_MS, NEGOTIATION_OFFER_TTL_MS } from '../../domain/timing';
import {
  attemptsLeft,
  NEGOTIATION_EVENTS as E,
  type NegotiationCommand,
  type NegotiationEvent,
  type NegotiationFacts,
  negotiationDeadlineOf,
  negotiationMachine,
  negotiationRefusal,
  type NegotiationSnapshot,
  negotiationStateOf,
  negotiationStatusOf,
} from '../../machines/negotiation.machine';
import { bothVerdictsOfEveryGuard, walkShortestPaths } from './guard-verdicts';

const START = Date.UTC(2030, 0, 1, 9, 0, 0);
const BUYER = 'buyer';
const OWNER = 'owner';
const STRANGER = 'stranger';
/** The ad's price, in minor units. */
const PRICE = 100_000;
const TTL_MS = NEGOTIATION_OFFER_TTL_MS;
const WINDOW_MS = NEGOTIATED_ORDER_WINDOW_MS;

/** A buyer who has made no offer yet on the ad, at START. */
const FRESH: NegotiationFacts = {
  buyerId: BUYER,
  ownerId: OWNER,
  price: PRICE,
  attemptLimit: NEGOTIATION_ATTEMPT_LIMIT,
  attemptsUsed: 0,
  offerTtlMs: TTL_MS,
  orderWindowMs: WINDOW_MS,
  offer: null,
  counter: null,
  agreedAmount: null,
  orderBy: null,
  at: START,
};

const offer = (amount: number, at: number, by = BUYER) => ({ type: E.OFFER, by, amount, at }) as const;
const counter = (amount: number, at: number, by = OWNER) => ({ type: E.COUNTER, by, amount, at }) as const;
const command = <T extends Exclude<NegotiationCommand['type'], 'OFFER' | 'COUNTER'>>(type: T, by: string, at: number) => ({ type, by, at }) as const;

/** The negotiation as a running actor on a simulated clock at START, like a client's. */
function negotiation(input: NegotiationFacts = FRESH) {
  const clock = new SimulatedClock();
  clock.set(input.at);
  const actor = createActor(negotiationMachine, { input, clock }).start();
  const snapshot = () => actor.getSnapshot();
  /** Sends the event, checking first that the machine says it takes it. */
  const take = (event: NegotiationCommand) => {
    expect(negotiationRefusal(snapshot(), event), event.type).toBeNull();
    actor.send(event);
  };
  return { actor, clock, snapshot, take, refusalOf: (event: NegotiationCommand) => negotiationRefusal(snapshot(), event) };
}

/** A buyer whose offer of 80 000 made at START is open. */
function withOpenOffer(input: NegotiationFacts = FRESH) {
  const negotiating = negotiation(input);
  negotiating.take(offer(80_000, START));
  return negotiating;
}

describe('negotiation machine', () => {
  it('reaches every state and takes both sides of every guard along the shortest paths', () => {
    const late = START + 10 * DAY_MS;
    const events: NegotiationEvent[] = [
      offer(80_000, START),
      offer(PRICE, START),
      offer(0, START),
      offer(80_000, START, OWNER),
      command(E.WITHDRAW, BUYER, START),
      command(E.REJECT, OWNER, START),
      command(E.REJECT, BUYER, START),
      command(E.ACCEPT, OWNER, START),
      counter(90_000, START),
      counter(70_000, START),
      counter(PRICE, START),
      command(E.ACCEPT_COUNTER, BUYER, START),
      command(E.DECLINE_COUNTER, BUYER, START),
      command(E.ORDER, BUYER, START),
      { type: E.TICK, at: late },
    ];
    const ownAd = { ...FRESH, buyerId: OWNER };
    const walk = walkShortestPaths(negotiationMachine, events, [FRESH, ownAd]);
    expect(walk.statesReached).toEqual(['accepted', 'countered', 'expired', 'idle', 'lapsed', 'limitReached', 'offered', 'ordered', 'rejected', 'withdrawn']);
    expect(walk.guardVerdicts).toEqual(
      bothVerdictsOfEveryGuard(negotiationMachine, [
        'isByBuyer',
        'isByOwner',
        'buyerIsNotOwner',
        'hasAttemptsLeft',
        'isPositiveWholeAmount',
        'isBelowPrice',
        'isAboveOffer',
        'offerHasExpired',
        'counterHasExpired',
        'orderWindowHasPassed',
      ]),
    );
  });

  it('opens an offer with its expiry, counting the attempt', () => {
    const { snapshot } = withOpenOffer();
    expect(snapshot().value).toBe('offered');
    expect(snapshot().context.offer).toEqual({ amount: 80_000, at: START, expiresAt: START + TTL_MS });
    expect(snapshot().context.attemptsUsed).toBe(1);
    expect(attemptsLeft(snapshot().context)).toBe(NEGOTIATION_ATTEMPT_LIMIT - 1);
    expect(negotiationDeadlineOf(snapshot())).toBe(START + TTL_MS);
    expect(negotiationStatusOf(snapshot())).toBe('OFFERED');
  });

  describe('expiries on a running actor, by its own timer', () => {
    it('expires an open offer exactly at its expiry, not a millisecond before', () => {
      const { clock, snapshot } = withOpenOffer();
      clock.increment(TTL_MS - 1);
      expect(snapshot().value).toBe('offered');
      clock.increment(1);
      expect(snapshot().value).toBe('expired');
      expect(snapshot().context.at).toBe(START + TTL_MS);
      expect(negotiationStatusOf(snapshot())).toBe('EXPIRED');
      expect(negotiationDeadlineOf(snapshot())).toBeNull();
    });

    it('gives a counter-offer its own expiry, which outlasts the offer it answers', () => {
      const { clock, snapshot, take } = withOpenOffer();
      clock.increment(HOUR_MS);
      take(counter(90_000, clock.now()));
      expect(negotiationDeadlineOf(snapshot())).toBe(START + HOUR_MS + TTL_MS);
      clock.increment(TTL_MS - 1);
      expect(snapshot().value).toBe('countered');
      clock.increment(1);
      expect(snapshot().value).toBe('expired');
    });

    it('holds the agreed price for the order window, then lets it lapse', () => {
      const { clock, snapshot, take } = withOpenOffer();
      clock.increment(HOUR_MS);
      take(command(E.ACCEPT, OWNER, clock.now()));
      expect(snapshot().context).toMatchObject({ agreedAmount: 80_000, orderBy: START + HOUR_MS + WINDOW_MS });
      // The offer's own expiry no longer counts once it is accepted.
      clock.increment(WINDOW_MS - 1);
      expect(snapshot().value).toBe('accepted');
      clock.increment(1);
      expect(snapshot().value).toBe('lapsed');
      expect(snapshot().status).toBe('done');
      expect(negotiationStatusOf(snapshot())).toBe('LAPSED');
    });

    it('ends in an order placed within the window, which no later time changes', () => {
      const { clock, snapshot, take } = withOpenOffer();
      take(command(E.ACCEPT, OWNER, clock.now()));
      clock.increment(WINDOW_MS - 1);
      take(command(E.ORDER, BUYER, clock.now()));
      clock.increment(DAY_MS);
      expect(snapshot().value).toBe('ordered');
      expect(negotiationStatusOf(snapshot())).toBe('ORDERED');
    });

    it('moves by a server TICK at the expiry, not one a millisecond before', () => {
      const { actor, snapshot } = withOpenOffer();
      actor.send({ type: E.TICK, at: START + TTL_MS - 1 });
      expect(snapshot().value).toBe('offered');
      actor.send({ type: E.TICK, at: START + TTL_MS });
      expect(snapshot().value).toBe('expired');
    });

    it('never lets a command act on a proposal that has run out by the command’s own time', () => {
      const { actor, snapshot, refusalOf } = withOpenOffer();
      // The actor's clock has not moved, so it has not told itself of the expiry yet.
      const lateAccept = command(E.ACCEPT, OWNER, START + TTL_MS);
      expect(snapshot().can(command(E.ACCEPT, OWNER, START + TTL_MS - 1))).toBe(true);
      expect(refusalOf(lateAccept)).toBe('NEGOTIATION_NOT_ALLOWED');
      actor.send(lateAccept);
      expect(snapshot().value).toBe('expired');
      expect(snapshot().context.agreedAmount).toBeNull();
    });

    it.each([
      { state: 'offered', commands: [command(E.WITHDRAW, BUYER, 0), command(E.REJECT, OWNER, 0), command(E.ACCEPT, OWNER, 0), counter(90_000, 0)] },
      { state: 'countered', commands: [command(E.WITHDRAW, BUYER, 0), command(E.ACCEPT_COUNTER, BUYER, 0), command(E.DECLINE_COUNTER, BUYER, 0)] },
    ])('refuses every answer in $state from its expiry on', ({ state, commands }) => {
      const { snapshot, take } = withOpenOffer();
      if (state === 'countered') take(counter(90_000, START));
      const expiresAt = (state === 'countered' ? snapshot().context.counter : snapshot().context.offer)!.expiresAt;
      for (const event of commands) {
        expect(negotiationRefusal(snapshot(), { ...event, at: expiresAt - 1 }), event.type).toBeNull();
        expect(negotiationRefusal(snapshot(), { ...event, at: expiresAt }), event.type).toBe('NEGOTIATION_NOT_ALLOWED');
      }
    });
  });

  describe('the attempt limit', () => {
    it('allows three offers, then reaches the limit and refuses a fourth', () => {
      const { clock, snapshot, take, refusalOf } = withOpenOffer();
      take(command(E.REJECT, OWNER, clock.now()));
      expect(snapshot().value).toBe('rejected');
      take(offer(85_000, clock.now()));
      take(command(E.WITHDRAW, BUYER, clock.now()));
      expect(snapshot().value).toBe('withdrawn');
      take(offer(88_000, clock.now()));
      expect(attemptsLeft(snapshot().context)).toBe(0);
      // With the third offer open, the buyer hears that, not the limit.
      expect(refusalOf(offer(89_000, clock.now()))).toBe('OFFER_ALREADY_OPEN');
      clock.increment(TTL_MS);
      expect(snapshot().value).toBe('limitReached');
      expect(snapshot().status).toBe('done');
      expect(snapshot().context.attemptsUsed).toBe(NEGOTIATION_ATTEMPT_LIMIT);
      expect(refusalOf(offer(89_000, clock.now()))).toBe('NEGOTIATION_LIMIT_REACHED');
      // The stored status still says how the last offer ended.
      expect(negotiationStatusOf(snapshot())).toBe('EXPIRED');
    });

    it('reaches the limit at once when the last attempt closes by a rejection', () => {
      const { snapshot, take, refusalOf } = negotiation({ ...FRESH, attemptsUsed: NEGOTIATION_ATTEMPT_LIMIT - 1 });
      expect(snapshot().value).toBe('idle');
      take(offer(80_000, START));
      take(command(E.REJECT, OWNER, START));
      expect(snapshot().value).toBe('limitReached');
      expect(negotiationStatusOf(snapshot())).toBe('REJECTED');
      expect(refusalOf(offer(80_000, START))).toBe('NEGOTIATION_LIMIT_REACHED');
    });

    it('counts against the buyer’s attempts given, not a fixed three', () => {
      const { snapshot, take } = negotiation({ ...FRESH, attemptLimit: 1 });
      take(offer(80_000, START));
      take(command(E.WITHDRAW, BUYER, START));
      expect(snapshot().value).toBe('limitReached');
      expect(negotiation({ ...FRESH, attemptLimit: 0 }).snapshot().value).toBe('limitReached');
    });
  });

  it('refuses another offer once a price was agreed, whether ordered, waiting or lapsed', () => {
    const { clock, snapshot, take, refusalOf } = withOpenOffer();
    take(command(E.ACCEPT, OWNER, clock.now()));
    expect(attemptsLeft(snapshot().context)).toBeGreaterThan(0);
    expect(refusalOf(offer(70_000, clock.now()))).toBe('PRICE_ALREADY_NEGOTIATED');
    clock.increment(WINDOW_MS);
    expect(snapshot().value).toBe('lapsed');
    expect(refusalOf(offer(70_000, clock.now()))).toBe('PRICE_ALREADY_NEGOTIATED');

    const ordered = withOpenOffer();
    ordered.take(command(E.ACCEPT, OWNER, START));
    ordered.take(command(E.ORDER, BUYER, START));
    expect(ordered.refusalOf(offer(70_000, START))).toBe('PRICE_ALREADY_NEGOTIATED');
  });

  describe('amounts', () => {
    it('refuses an offer at or above the price, and takes one a minor unit below', () => {
      const { snapshot, refusalOf } = negotiation();
      expect(refusalOf(offer(PRICE, START))).toBe('OFFER_NOT_BELOW_PRICE');
      expect(refusalOf(offer(PRICE + 1, START))).toBe('OFFER_NOT_BELOW_PRICE');
      expect(refusalOf(offer(PRICE - 1, START))).toBeNull();
      expect(snapshot().can(offer(PRICE, START))).toBe(false);
    });

    it('takes no offer that is not a positive whole number of minor units', () => {
      const { actor, snapshot, refusalOf } = negotiation();
      for (const amount of [0, -1, 10.5]) {
        expect(refusalOf(offer(amount, START)), String(amount)).toBe('NEGOTIATION_NOT_ALLOWED');
        actor.send(offer(amount, START));
      }
      expect(snapshot().value).toBe('idle');
      expect(snapshot().context.attemptsUsed).toBe(0);
    });

    it('takes a counter-offer strictly between the offer and the price, once per offer', () => {
      const { snapshot, take, refusalOf } = withOpenOffer();
      expect(refusalOf(counter(80_000, START))).toBe('COUNTER_OUT_OF_RANGE');
      expect(refusalOf(counter(79_999, START))).toBe('COUNTER_OUT_OF_RANGE');
      expect(refusalOf(counter(PRICE, START))).toBe('COUNTER_OUT_OF_RANGE');
      expect(refusalOf(counter(80_000.5, START))).toBe('COUNTER_OUT_OF_RANGE');
      expect(refusalOf(counter(80_001, START))).toBeNull();
      take(counter(PRICE - 1, START));
      expect(snapshot().value).toBe('countered');
      expect(snapshot().context.counter).toEqual({ amount: PRICE - 1, at: START, expiresAt: START + TTL_MS });
      expect(refusalOf(counter(90_000, START))).toBe('NEGOTIATION_NOT_ALLOWED');
      // The owner answered with a counter-offer, so the buyer's offer is no longer theirs to accept.
      expect(refusalOf(command(E.ACCEPT, OWNER, START))).toBe('NEGOTIATION_NOT_ALLOWED');
    });

    it('agrees on the counter-offer when the buyer accepts it', () => {
      const { snapshot, take } = withOpenOffer();
      take(counter(90_000, START + HOUR_MS));
      take(command(E.ACCEPT_COUNTER, BUYER, START + 2 * HOUR_MS));
      expect(snapshot().value).toBe('accepted');
      expect(snapshot().context).toMatchObject({ agreedAmount: 90_000, orderBy: START + 2 * HOUR_MS + WINDOW_MS });
    });

    it('lets a buyer who declined the counter-offer offer again, without the old counter-offer', () => {
      const { snapshot, take } = withOpenOffer();
      take(counter(90_000, START));
      take(command(E.DECLINE_COUNTER, BUYER, START + HOUR_MS));
      expect(snapshot().value).toBe('rejected');
      expect(negotiationStatusOf(snapshot())).toBe('REJECTED');
      take(offer(85_000, START + 2 * HOUR_MS));
      expect(snapshot().context).toMatchObject({ attemptsUsed: 2, counter: null, offer: { amount: 85_000 } });
    });
  });

  describe('who may do what', () => {
    const cases: Array<{ state: string; reach: () => ReturnType<typeof negotiation>; right: NegotiationCommand; wrong: NegotiationCommand[] }> = [
      { state: 'idle', reach: () => negotiation(), right: offer(80_000, START), wrong: [offer(80_000, START, OWNER), offer(80_000, START, STRANGER)] },
      { state: 'offered', reach: withOpenOffer, right: command(E.WITHDRAW, BUYER, START), wrong: [command(E.WITHDRAW, OWNER, START), command(E.WITHDRAW, STRANGER, START)] },
      ...([E.REJECT, E.ACCEPT] as const).map((type) => ({
        state: 'offered',
        reach: withOpenOffer,
        right: command(type, OWNER, START),
        wrong: [command(type, BUYER, START), command(type, STRANGER, START)],
      })),
      { state: 'offered', reach: withOpenOffer, right: counter(90_000, START), wrong: [counter(90_000, START, BUYER), counter(90_000, START, STRANGER)] },
      ...([E.ACCEPT_COUNTER, E.DECLINE_COUNTER, E.WITHDRAW] as const).map((type) => ({
        state: 'countered',
        reach: () => {
          const negotiating = withOpenOffer();
          negotiating.take(counter(90_000, START));
          return negotiating;
        },
        right: command(type, BUYER, START),
        wrong: [command(type, OWNER, START), command(type, STRANGER, START)],
      })),
      {
        state: 'accepted',
        reach: () => {
          const negotiating = withOpenOffer();
          negotiating.take(command(E.ACCEPT, OWNER, START));
          return negotiating;
        },
        right: command(E.ORDER, BUYER, START),
        wrong: [command(E.ORDER, OWNER, START), command(E.ORDER, STRANGER, START)],
      },
    ];

    it.each(cases)('in $state, $right.type is taken from its side only', ({ state, reach, right, wrong }) => {
      const { snapshot, refusalOf } = reach();
      expect(snapshot().value).toBe(state);
      expect(refusalOf(right)).toBeNull();
      for (const event of wrong) expect(refusalOf(event), event.by).toBe('NEGOTIATION_NOT_ALLOWED');
    });

    it('refuses every command out of its state', () => {
      const { refusalOf } = negotiation();
      for (const event of [command(E.WITHDRAW, BUYER, START), command(E.ACCEPT, OWNER, START), counter(90_000, START), command(E.ORDER, BUYER, START)]) {
        expect(refusalOf(event), event.type).toBe('NEGOTIATION_NOT_ALLOWED');
      }
    });

    it('lets no owner negotiate on their own ad', () => {
      const { snapshot, refusalOf } = negotiation({ ...FRESH, buyerId: OWNER });
      expect(refusalOf(offer(80_000, START, OWNER))).toBe('NEGOTIATION_NOT_ALLOWED');
      expect(snapshot().can(offer(80_000, START, OWNER))).toBe(false);
    });
  });

  it('refuses an order once the window passed, and takes it a millisecond before', () => {
    const { clock, snapshot, take, refusalOf } = withOpenOffer();
    take(command(E.ACCEPT, OWNER, START));
    const orderBy = START + WINDOW_MS;
    expect(refusalOf(command(E.ORDER, BUYER, orderBy - 1))).toBeNull();
    // On a snapshot not yet told the time, the order's own time decides.
    expect(refusalOf(command(E.ORDER, BUYER, orderBy))).toBe('ORDER_WINDOW_PASSED');
    clock.increment(WINDOW_MS);
    expect(snapshot().value).toBe('lapsed');
    expect(refusalOf(command(E.ORDER, BUYER, orderBy))).toBe('ORDER_WINDOW_PASSED');
    expect(refusalOf(command(E.ORDER, OWNER, orderBy))).toBe('NEGOTIATION_NOT_ALLOWED');
  });

  describe('stored negotiations', () => {
    const offered = { ...FRESH, attemptsUsed: 1, offer: { amount: 80_000, at: START, expiresAt: START + TTL_MS } };
    const countered = { ...offered, counter: { amount: 90_000, at: START + HOUR_MS, expiresAt: START + HOUR_MS + TTL_MS } };
    const accepted = { ...offered, agreedAmount: 80_000, orderBy: START + WINDOW_MS };
    const read = (stored: NegotiationStatus | null, facts: NegotiationFacts, at: number): NegotiationSnapshot => negotiationStateOf(stored, { ...facts, at });

    it('reads an open offer or counter-offer past its expiry as expired, without anything writing it', () => {
      expect(read('OFFERED', offered, START + TTL_MS - 1).value).toBe('offered');
      expect(read('OFFERED', offered, START + TTL_MS).value).toBe('expired');
      expect(negotiationStatusOf(read('OFFERED', offered, START + TTL_MS))).toBe('EXPIRED');
      // The counter-offer's expiry counts, not the offer's it answered.
      expect(read('COUNTERED', countered, START + TTL_MS).value).toBe('countered');
      expect(read('COUNTERED', countered, START + HOUR_MS + TTL_MS).value).toBe('expired');
    });

    it('reads an agreement past its order window as lapsed', () => {
      expect(read('ACCEPTED', accepted, START + WINDOW_MS - 1).value).toBe('accepted');
      expect(read('ACCEPTED', accepted, START + WINDOW_MS).value).toBe('lapsed');
      expect(read('ORDERED', accepted, START + 10 * DAY_MS).value).toBe('ordered');
    });

    it('reads a closed offer with no attempts left as the limit reached, keeping how it closed', () => {
      const usedUp = { ...offered, attemptsUsed: NEGOTIATION_ATTEMPT_LIMIT };
      for (const stored of ['REJECTED', 'WITHDRAWN', 'EXPIRED'] as const) {
        const snapshot = read(stored, usedUp, START);
        expect(snapshot.value, stored).toBe('limitReached');
        expect(negotiationStatusOf(snapshot), stored).toBe(stored);
        expect(negotiationRefusal(snapshot, offer(80_000, START)), stored).toBe('NEGOTIATION_LIMIT_REACHED');
      }
      const lastRanOut = read('OFFERED', usedUp, START + TTL_MS);
      expect(lastRanOut.value).toBe('limitReached');
      expect(negotiationStatusOf(lastRanOut)).toBe('EXPIRED');
      expect(read('REJECTED', { ...usedUp, attemptsUsed: NEGOTIATION_ATTEMPT_LIMIT - 1 }, START).value).toBe('rejected');
    });

    it('reads a buyer with no row as not having offered yet', () => {
      const snapshot = read(null, FRESH, START);
      expect(snapshot.value).toBe('idle');
      expect(negotiationStatusOf(snapshot)).toBeNull();
      expect(negotiationRefusal(snapshot, offer(80_000, START))).toBeNull();
    });

    it('shows every stored status as itself while nothing has run out', () => {
      const facts = { ...countered, agreedAmount: 80_000, orderBy: START + WINDOW_MS };
      const statusOf = (stored: NegotiationStatus) => negotiationStatusOf(read(stored, facts, START + HOUR_MS));
      expect(NEGOTIATION_STATUSES.map(statusOf)).toEqual([...NEGOTIATION_STATUSES]);
    });

    it('agrees with a running actor on what a stored open offer allows', () => {
      const stored = read('OFFERED', offered, START + HOUR_MS);
      expect(negotiationRefusal(stored, command(E.ACCEPT, OWNER, START + HOUR_MS))).toBeNull();
      expect(negotiationRefusal(stored, offer(85_000, START + HOUR_MS))).toBe('OFFER_ALREADY_OPEN');
      expect(negotiationRefusal(stored, counter(80_000, START + HOUR_MS))).toBe('COUNTER_OUT_OF_RANGE');
    });
  });
});
