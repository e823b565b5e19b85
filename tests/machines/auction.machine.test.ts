import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { CURRENCY_MINOR_UNITS, MAX_AMOUNT_MINOR } from '../../domain/money';
import { DAY_MS, FINAL_WINDOW_MS } from '../../domain/timing';
import {
  AUCTION_EVENTS,
  type AuctionEvent,
  type AuctionFacts,
  auctionMachine,
  auctionStateAt,
  awaitsOwnerDecision,
  bidRefusalOf,
  decideBid,
  isReserveMet,
  minimumNextBid,
  nextDeadlineOf,
  nextSubAuctionRefusalOf,
  roundDecisionOf,
} from '../../machines/auction.machine';
import { bothVerdictsOfEveryGuard, walkShortestPaths } from './guard-verdicts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const START = Date.UTC(2030, 0, 1, 18, 0, 0);
const END = START + 10 * MINUTE;
const OWNER = 'owner';
const ALICE = 'alice';
const BOB = 'bob';

const PUBLIC_AUCTION: AuctionFacts = {
  ownerId: OWNER,
  startsAt: START,
  endsAt: END,
  openingAmount: 10_000,
  reservePrice: null,
  instantPurchaseAmount: null,
  allowDecimalBids: false,
  minorUnitsPerMajor: 100,
  highestBid: null,
  bidCount: 0,
  round: 1,
  subAuctionDurationMs: null,
  liveEndsAt: null,
  outcome: null,
};
/** Ten-minute sub-auctions inside a 25-minute live period: room for one more after the first. */
const LIVE_AUCTION: AuctionFacts = { ...PUBLIC_AUCTION, reservePrice: 30_000, subAuctionDurationMs: 10 * MINUTE, liveEndsAt: START + 25 * MINUTE };
const COMBINED_AUCTION: AuctionFacts = { ...PUBLIC_AUCTION, instantPurchaseAmount: 50_000, allowDecimalBids: true };

const bid = (bidderId: string, amount: number, at: number) => ({ type: AUCTION_EVENTS.BID, bidderId, amount, at });
const finalise = (by: string, at: number, acceptBelowReserve?: boolean) => ({ type: AUCTION_EVENTS.FINALISE, by, at, acceptBelowReserve });
const startNext = (by: string, at: number) => ({ type: AUCTION_EVENTS.START_NEXT_SUB_AUCTION, by, at });

/**
 * An actor as the server's scheduler or a client runs it: started from stored facts at server time
 * `serverNow`, with its own clock reading `localNow` (the same unless the device's clock is off).
 */
function runAuction(facts: AuctionFacts, serverNow: number, localNow = serverNow) {
  const clock = new SimulatedClock();
  clock.set(localNow);
  const actor = createActor(auctionMachine, { input: { ...facts, now: serverNow }, clock }).start();
  return { actor, clock, state: () => actor.getSnapshot().value };
}

describe('auction machine: deadlines', () => {
  it('opens at startsAt exactly', () => {
    const { clock, state } = runAuction(PUBLIC_AUCTION, START - 5 * MINUTE);
    clock.increment(5 * MINUTE - 1);
    expect(state()).toBe('scheduled');
    clock.increment(1);
    expect(state()).toBe('active');
    expect(auctionStateAt(PUBLIC_AUCTION, START - 1).value).toBe('scheduled');
    expect(auctionStateAt(PUBLIC_AUCTION, START).value).toBe('active');
  });

  it('takes a bid received 1 ms before the end and refuses one received at the end', () => {
    const { actor, clock, state } = runAuction(PUBLIC_AUCTION, START);
    clock.set(END - 1);
    actor.send(bid(ALICE, 20_000, END - 1));
    expect(actor.getSnapshot().context.highestBid).toEqual({ bidderId: ALICE, amount: 20_000, at: END - 1 });
    // The actor has not yet seen its own deadline pass: the receipt time alone refuses the bid.
    actor.send(bid(BOB, 30_000, END));
    expect(actor.getSnapshot().context.highestBid?.bidderId).toBe(ALICE);
    clock.increment(1);
    expect(state()).toBe('finalWindow');

    const atTheEnd = auctionStateAt({ ...PUBLIC_AUCTION, highestBid: { bidderId: ALICE, amount: 20_000, at: END - 1 }, bidCount: 1 }, END);
    expect(atTheEnd.value).toBe('finalWindow');
    expect(bidRefusalOf(atTheEnd, { bidderId: BOB, amount: 30_000, at: END })).toBe('CLOSED');
    expect(bidRefusalOf(auctionStateAt(PUBLIC_AUCTION, END - 1), { bidderId: BOB, amount: 30_000, at: END - 1 })).toBeNull();
  });

  it('still finalises in the final window’s last millisecond; one ms later it awaits finalisation', () => {
    const { actor, clock, state } = runAuction(PUBLIC_AUCTION, START);
    actor.send(bid(ALICE, 20_000, START + MINUTE));
    clock.set(END);
    expect(state()).toBe('finalWindow');
    clock.set(END + FINAL_WINDOW_MS - 1);
    expect(state()).toBe('finalWindow');
    expect(actor.getSnapshot().can(finalise(OWNER, END + FINAL_WINDOW_MS - 1))).toBe(true);
    clock.increment(1);
    expect(state()).toBe('awaitingFinalisation');
    // Finalising later is still the owner's to do (SPEC.md section 4).
    actor.send(finalise(OWNER, END + 3 * MINUTE));
    expect(state()).toBe('finalised');
    expect(actor.getSnapshot().context.outcome).toEqual({ kind: 'FINALISED', at: END + 3 * MINUTE });

    const lastMillisecond = runAuction(PUBLIC_AUCTION, START);
    lastMillisecond.actor.send(bid(ALICE, 20_000, START + MINUTE));
    lastMillisecond.clock.set(END + FINAL_WINDOW_MS - 1);
    lastMillisecond.actor.send(finalise(OWNER, END + FINAL_WINDOW_MS - 1));
    expect(lastMillisecond.state()).toBe('finalised');
  });

  it('ends without bids when the end comes and nobody bid', () => {
    const { clock, state, actor } = runAuction(PUBLIC_AUCTION, START);
    clock.set(END - 1);
    expect(state()).toBe('active');
    clock.increment(1);
    expect(state()).toBe('endedWithoutBids');
    const unsold = actor.getSnapshot();
    // Nothing received after the end changes it, and nobody finalises a round without bids.
    expect(bidRefusalOf(unsold, { bidderId: ALICE, amount: 20_000, at: END })).toBe('CLOSED');
    expect(unsold.can(finalise(OWNER, END + SECOND))).toBe(false);
    // Only a live session carries on after an unsold round.
    expect(unsold.can(startNext(OWNER, END + SECOND))).toBe(false);
    expect(auctionStateAt(LIVE_AUCTION, START + LIVE_AUCTION.subAuctionDurationMs!).can(startNext(OWNER, START + LIVE_AUCTION.subAuctionDurationMs!))).toBe(true);
  });

  it('takes a bid received before the end but judged after it, when it is the round’s first: the server placed the state once its lock was free', () => {
    const judgedLate = auctionStateAt(PUBLIC_AUCTION, END + 2);
    expect(judgedLate.value).toBe('endedWithoutBids');
    expect(bidRefusalOf(judgedLate, { bidderId: ALICE, amount: 20_000, at: END - 1 })).toBeNull();
    const { taken } = decideBid(judgedLate, { bidderId: ALICE, amount: 20_000, at: END - 1 });
    expect(taken?.value).toBe('finalWindow');
    expect(taken?.context.highestBid).toEqual({ bidderId: ALICE, amount: 20_000, at: END - 1 });
    // The same bid received at the end is refused, and says why.
    expect(decideBid(judgedLate, { bidderId: ALICE, amount: 20_000, at: END })).toEqual({ taken: null, refusal: 'CLOSED' });
    const combinedJudgedLate = auctionStateAt(COMBINED_AUCTION, END + 2);
    expect(combinedJudgedLate.can({ type: AUCTION_EVENTS.BUY_NOW, buyerId: BOB, at: END - 1 })).toBe(true);
    expect(combinedJudgedLate.can({ type: AUCTION_EVENTS.BUY_NOW, buyerId: BOB, at: END })).toBe(false);
  });

  it('shows the right state on a client whose clock is minutes off, driven by the server’s times', () => {
    // The device says 18:09 when the server says 18:02: the actor starts from the server's time and
    // measures only durations on the device, so the seven minutes cannot close the bidding early.
    const serverNow = START + 2 * MINUTE;
    const ahead = runAuction(PUBLIC_AUCTION, serverNow, serverNow + 7 * MINUTE);
    ahead.clock.increment(END - serverNow - 1);
    expect(ahead.state()).toBe('active');
    ahead.actor.send(bid(ALICE, 20_000, END - 1));
    expect(ahead.actor.getSnapshot().context.bidCount).toBe(1);
    ahead.clock.increment(1);
    expect(ahead.state()).toBe('finalWindow');

    // A device minutes behind whose timer has not fired yet: the server's time, once heard, settles it.
    const behind = runAuction(PUBLIC_AUCTION, serverNow, serverNow - 7 * MINUTE);
    behind.actor.send(bid(ALICE, 20_000, START + 3 * MINUTE));
    behind.actor.send({ type: AUCTION_EVENTS.TICK, at: END });
    expect(behind.state()).toBe('finalWindow');
    expect(nextDeadlineOf(behind.actor.getSnapshot())).toBe(END + FINAL_WINDOW_MS);
  });

  it('applies news of a bid received before the end that arrives after the client’s countdown closed', () => {
    const { actor, clock, state } = runAuction(PUBLIC_AUCTION, START);
    actor.send(bid(ALICE, 20_000, START + MINUTE));
    clock.set(END + 40);
    expect(state()).toBe('finalWindow');
    actor.send(bid(BOB, 25_000, END - 5));
    expect(actor.getSnapshot().context.highestBid).toEqual({ bidderId: BOB, amount: 25_000, at: END - 5 });
    actor.send(bid(ALICE, 30_000, END + 10));
    expect(actor.getSnapshot().context.highestBid?.bidderId).toBe(BOB);
  });

  it('re-arms from stored facts: a restarted actor waits only for what is left, and decided rounds stay decided', () => {
    const { clock, state } = runAuction({ ...PUBLIC_AUCTION, highestBid: { bidderId: ALICE, amount: 20_000, at: START + MINUTE }, bidCount: 1 }, END + 30 * SECOND);
    expect(state()).toBe('finalWindow');
    clock.increment(30 * SECOND);
    expect(state()).toBe('awaitingFinalisation');

    const withBid = { ...PUBLIC_AUCTION, highestBid: { bidderId: ALICE, amount: 20_000, at: START + MINUTE }, bidCount: 1 };
    expect(auctionStateAt({ ...withBid, outcome: { kind: 'FINALISED', at: END } }, END + 5 * MINUTE).value).toBe('finalised');
    expect(auctionStateAt({ ...withBid, outcome: { kind: 'DECLINED', at: END } }, END + 5 * MINUTE).value).toBe('ended');
    expect(auctionStateAt({ ...COMBINED_AUCTION, outcome: { kind: 'BOUGHT_OUTRIGHT', buyerId: BOB, at: START + MINUTE } }, START + 2 * MINUTE).value).toBe('boughtOutright');
    expect(auctionStateAt(PUBLIC_AUCTION, END + FINAL_WINDOW_MS).value).toBe('endedWithoutBids');
    expect(nextDeadlineOf(auctionStateAt(PUBLIC_AUCTION, START - 1))).toBe(START);
    expect(nextDeadlineOf(auctionStateAt(PUBLIC_AUCTION, START))).toBe(END);
    expect(nextDeadlineOf(auctionStateAt(PUBLIC_AUCTION, END))).toBeNull();
  });
});

describe('auction machine: bids', () => {
  const running = auctionStateAt(PUBLIC_AUCTION, START + MINUTE);

  it('keeps the first of two equal bids: the later receipt is refused', () => {
    const { actor } = runAuction(PUBLIC_AUCTION, START);
    actor.send(bid(ALICE, 20_000, START + MINUTE));
    expect(bidRefusalOf(actor.getSnapshot(), { bidderId: BOB, amount: 20_000, at: START + MINUTE + 1 })).toBe('NOT_ABOVE_HIGHEST_BID');
    actor.send(bid(BOB, 20_000, START + MINUTE + 1));
    expect(actor.getSnapshot().context).toMatchObject({ highestBid: { bidderId: ALICE, amount: 20_000 }, bidCount: 1 });
    expect(minimumNextBid(actor.getSnapshot().context)).toBe(20_100);
  });

  it('refuses decimal amounts unless the ad allows them, and anything but a positive integer', () => {
    expect(bidRefusalOf(running, { bidderId: ALICE, amount: 15_050, at: START + MINUTE })).toBe('DECIMALS_NOT_ALLOWED');
    expect(bidRefusalOf(auctionStateAt({ ...PUBLIC_AUCTION, allowDecimalBids: true }, START + MINUTE), { bidderId: ALICE, amount: 15_050, at: START + MINUTE })).toBeNull();
    expect(bidRefusalOf(running, { bidderId: ALICE, amount: 150.5, at: START + MINUTE })).toBe('NOT_POSITIVE_INTEGER');
    expect(bidRefusalOf(running, { bidderId: ALICE, amount: -20_000, at: START + MINUTE })).toBe('NOT_POSITIVE_INTEGER');
    expect(minimumNextBid(PUBLIC_AUCTION)).toBe(10_100);
    expect(minimumNextBid({ ...PUBLIC_AUCTION, allowDecimalBids: true })).toBe(10_001);
    expect(minimumNextBid({ ...PUBLIC_AUCTION, openingAmount: 10_050 })).toBe(10_100);
    // A currency with three decimals (KWD): whole units are thousands of fils.
    expect(minimumNextBid({ ...PUBLIC_AUCTION, minorUnitsPerMajor: 1000 })).toBe(11_000);
  });

  it('refuses an amount past the amount limit and takes the limit itself, whose next minimum stays exact in every currency', () => {
    for (const amount of [MAX_AMOUNT_MINOR + 100, 9_007_199_254_740_900, 1e300, Number.POSITIVE_INFINITY]) {
      expect(bidRefusalOf(running, { bidderId: ALICE, amount, at: START + MINUTE }), String(amount)).toBe('AMOUNT_TOO_LARGE');
    }
    const { actor } = runAuction(PUBLIC_AUCTION, START);
    actor.send(bid(ALICE, MAX_AMOUNT_MINOR, START + MINUTE));
    expect(actor.getSnapshot().context.highestBid?.amount).toBe(MAX_AMOUNT_MINOR);
    for (const minorUnitsPerMajor of Object.values(CURRENCY_MINOR_UNITS)) {
      for (const allowDecimalBids of [false, true]) {
        const next = minimumNextBid({ ...actor.getSnapshot().context, minorUnitsPerMajor, allowDecimalBids });
        expect(next).toBe(MAX_AMOUNT_MINOR + (allowDecimalBids ? 1 : minorUnitsPerMajor));
        expect(Number.isSafeInteger(next)).toBe(true);
      }
    }
    expect(bidRefusalOf(actor.getSnapshot(), { bidderId: BOB, amount: minimumNextBid(actor.getSnapshot().context), at: START + 2 * MINUTE })).toBe('AMOUNT_TOO_LARGE');
  });

  it('refuses the owner’s bid, a bid not above the opening amount, and bids outside the auction’s time', () => {
    expect(bidRefusalOf(running, { bidderId: OWNER, amount: 20_000, at: START + MINUTE })).toBe('OWN_AUCTION');
    expect(bidRefusalOf(running, { bidderId: ALICE, amount: 10_000, at: START + MINUTE })).toBe('NOT_ABOVE_OPENING_AMOUNT');
    expect(bidRefusalOf(auctionStateAt(PUBLIC_AUCTION, START - 1), { bidderId: ALICE, amount: 20_000, at: START - 1 })).toBe('NOT_STARTED');
    expect(bidRefusalOf(auctionStateAt(PUBLIC_AUCTION, END + 5 * MINUTE), { bidderId: ALICE, amount: 20_000, at: END + 5 * MINUTE })).toBe('CLOSED');
  });
});

describe('auction machine: instant purchase', () => {
  it('ends the combined type at once when its instant purchase amount is paid', () => {
    const { actor, state } = runAuction(COMBINED_AUCTION, START);
    expect(actor.getSnapshot().can({ type: AUCTION_EVENTS.BUY_NOW, buyerId: OWNER, at: START + MINUTE })).toBe(false);
    actor.send({ type: AUCTION_EVENTS.BUY_NOW, buyerId: BOB, at: START + MINUTE });
    expect(state()).toBe('boughtOutright');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.outcome).toEqual({ kind: 'BOUGHT_OUTRIGHT', buyerId: BOB, at: START + MINUTE });
    expect(bidRefusalOf(actor.getSnapshot(), { bidderId: ALICE, amount: 60_000, at: START + 2 * MINUTE })).toBe('CLOSED');
  });

  it('offers no instant purchase on other auctions, once bids reach its amount, or after the end', () => {
    const buyNow = { type: AUCTION_EVENTS.BUY_NOW, buyerId: BOB, at: START + MINUTE } as const;
    expect(auctionStateAt(PUBLIC_AUCTION, START + MINUTE).can(buyNow)).toBe(false);
    expect(auctionStateAt({ ...COMBINED_AUCTION, highestBid: { bidderId: ALICE, amount: 50_000, at: START }, bidCount: 1 }, START + MINUTE).can(buyNow)).toBe(false);
    expect(auctionStateAt({ ...COMBINED_AUCTION, highestBid: { bidderId: ALICE, amount: 49_999, at: START }, bidCount: 1 }, START + MINUTE).can(buyNow)).toBe(true);
    expect(auctionStateAt(COMBINED_AUCTION, END).can({ ...buyNow, at: END })).toBe(false);
  });
});

describe('auction machine: finalisation', () => {
  const endedAt = (facts: AuctionFacts, amount: number) => auctionStateAt({ ...facts, highestBid: { bidderId: ALICE, amount, at: START + MINUTE }, bidCount: 1 }, END);

  it('finalises only for the owner, selling when the reserve is met', () => {
    const met = endedAt(LIVE_AUCTION, 30_000);
    expect(isReserveMet(met.context)).toBe(true);
    expect(met.can(finalise(ALICE, END + SECOND))).toBe(false);
    const { actor, state } = runAuction(met.context, END);
    actor.send(finalise(OWNER, END + SECOND));
    expect(state()).toBe('finalised');
  });

  it('below the reserve, leaves the sale to the owner: accepting sells, declining ends', () => {
    const below = endedAt(LIVE_AUCTION, 29_900);
    expect(isReserveMet(below.context)).toBe(false);
    expect(isReserveMet(PUBLIC_AUCTION)).toBe(true);
    expect(roundDecisionOf(below.context, undefined)).toBe('DECLINED');

    const accepting = runAuction(below.context, END);
    accepting.actor.send(finalise(OWNER, END + SECOND, true));
    expect(accepting.state()).toBe('finalised');

    const declining = runAuction(below.context, END);
    declining.actor.send(finalise(OWNER, END + SECOND, false));
    expect(declining.state()).toBe('ended');
    expect(declining.actor.getSnapshot().context.outcome).toEqual({ kind: 'DECLINED', at: END + SECOND });
  });
});

describe('auction machine: a round waiting for its owner', () => {
  const withBid = { ...PUBLIC_AUCTION, highestBid: { bidderId: ALICE, amount: 20_000, at: START + SECOND }, bidCount: 1 };

  it('waits from the end until the owner decides, in the final window and after it, however the round ended', () => {
    expect(awaitsOwnerDecision(auctionStateAt(withBid, END - 1))).toBe(false);
    expect(awaitsOwnerDecision(auctionStateAt(withBid, END))).toBe(true);
    expect(awaitsOwnerDecision(auctionStateAt(withBid, END + FINAL_WINDOW_MS + DAY_MS))).toBe(true);
    // The owner ended it early: the stored end is then the early one.
    expect(awaitsOwnerDecision(auctionStateAt({ ...withBid, endsAt: START + MINUTE }, START + 2 * MINUTE))).toBe(true);
  });

  it('waits no more once decided, bought outright, or when nobody bid', () => {
    for (const outcome of [{ kind: 'FINALISED', at: END + SECOND }, { kind: 'DECLINED', at: END + SECOND }, { kind: 'BOUGHT_OUTRIGHT', buyerId: BOB, at: START + 2 * SECOND }] as const) {
      expect(awaitsOwnerDecision(auctionStateAt({ ...withBid, outcome }, END + DAY_MS)), outcome.kind).toBe(false);
    }
    expect(awaitsOwnerDecision(auctionStateAt(PUBLIC_AUCTION, END + DAY_MS))).toBe(false);
  });
});

describe('auction machine: live sub-auctions', () => {
  it('opens the next sub-auction only while it fits in the live period, as a fresh round', () => {
    const ended = auctionStateAt({ ...LIVE_AUCTION, highestBid: { bidderId: ALICE, amount: 40_000, at: START + MINUTE }, bidCount: 1 }, END);
    const liveEndsAt = LIVE_AUCTION.liveEndsAt!;
    const lastFittingStart = liveEndsAt - LIVE_AUCTION.subAuctionDurationMs!;
    expect(ended.can(startNext(OWNER, lastFittingStart))).toBe(true);
    expect(ended.can(startNext(OWNER, lastFittingStart + 1))).toBe(false);
    expect(ended.can(startNext(ALICE, END + SECOND))).toBe(false);
    expect(auctionStateAt({ ...PUBLIC_AUCTION, highestBid: { bidderId: ALICE, amount: 40_000, at: START + MINUTE }, bidCount: 1 }, END).can(startNext(OWNER, END + SECOND))).toBe(false);

    const { actor, clock, state } = runAuction(ended.context, END);
    clock.set(END + 2 * MINUTE);
    expect(state()).toBe('awaitingFinalisation');
    actor.send(startNext(OWNER, END + 2 * MINUTE));
    expect(state()).toBe('active');
    expect(actor.getSnapshot().context).toMatchObject({ round: 2, startsAt: END + 2 * MINUTE, endsAt: END + 12 * MINUTE, highestBid: null, bidCount: 0, outcome: null });
    actor.send(bid(BOB, 15_000, END + 3 * MINUTE));
    clock.set(END + 12 * MINUTE);
    expect(state()).toBe('finalWindow');
    actor.send(finalise(OWNER, END + 12 * MINUTE + SECOND, true));
    expect(state()).toBe('finalised');
    // Only 3 minutes of the live period are left: no room for another ten-minute sub-auction.
    expect(actor.getSnapshot().can(startNext(OWNER, END + 12 * MINUTE + 2 * SECOND))).toBe(false);
    expect(nextSubAuctionRefusalOf(actor.getSnapshot(), startNext(OWNER, END + 12 * MINUTE + 2 * SECOND))).toBe('PAST_LIVE_PERIOD');
    expect(nextSubAuctionRefusalOf(actor.getSnapshot(), startNext(ALICE, END + 12 * MINUTE + 2 * SECOND))).toBe('NOT_ALLOWED');
    expect(nextSubAuctionRefusalOf(ended, startNext(OWNER, lastFittingStart))).toBeNull();
    // A round still taking bids cannot be cut short, whatever the time left.
    expect(nextSubAuctionRefusalOf(auctionStateAt(LIVE_AUCTION, START + MINUTE), startNext(OWNER, START + MINUTE))).toBe('NOT_ALLOWED');
  });

  it('starts the next sub-auction from a finalised, a declined or an unsold round too', () => {
    const sold = { highestBid: { bidderId: ALICE, amount: 40_000, at: START + MINUTE }, bidCount: 1 };
    const finalised = auctionStateAt({ ...LIVE_AUCTION, ...sold, outcome: { kind: 'FINALISED', at: END } }, END + SECOND);
    const declined = auctionStateAt({ ...LIVE_AUCTION, ...sold, outcome: { kind: 'DECLINED', at: END } }, END + SECOND);
    const unsold = auctionStateAt(LIVE_AUCTION, END + SECOND);
    expect([finalised.value, declined.value, unsold.value]).toEqual(['finalised', 'ended', 'endedWithoutBids']);
    for (const round of [finalised, declined, unsold]) expect(round.can(startNext(OWNER, END + SECOND))).toBe(true);
  });
});

/**
 * Model-based paths: every event a test sends, with the times and people that take each guard's
 * sides. Deadline delays are sent by the model itself (it offers every event a state handles).
 */
const EVERY_EVENT: AuctionEvent[] = [
  { type: AUCTION_EVENTS.TICK, at: START },
  { type: AUCTION_EVENTS.TICK, at: END },
  { type: AUCTION_EVENTS.TICK, at: END + FINAL_WINDOW_MS },
  bid(ALICE, 20_000, START + MINUTE),
  bid(BOB, 20_000, START + 2 * MINUTE),
  bid(BOB, 40_000, START + 3 * MINUTE),
  bid(OWNER, 20_000, START + MINUTE),
  bid(ALICE, 20_050, START + MINUTE),
  bid(ALICE, 0, START + MINUTE),
  bid(ALICE, MAX_AMOUNT_MINOR + 100, START + MINUTE),
  bid(ALICE, 10_000, START + MINUTE),
  bid(ALICE, 20_000, END),
  { type: AUCTION_EVENTS.BUY_NOW, buyerId: BOB, at: START + 5 * MINUTE },
  { type: AUCTION_EVENTS.BUY_NOW, buyerId: OWNER, at: START + 5 * MINUTE },
  finalise(OWNER, END + 2 * SECOND),
  finalise(OWNER, END + 2 * SECOND, true),
  finalise(BOB, END + 2 * SECOND),
  startNext(OWNER, END + 30 * SECOND),
  startNext(OWNER, START + 20 * MINUTE),
  startNext(BOB, END + 30 * SECOND),
];

describe('auction machine: model-based paths', () => {
  it('reaches every state and takes both sides of every guard, over each kind of auction and each decided round', () => {
    const withBid = { highestBid: { bidderId: ALICE, amount: 40_000, at: START + MINUTE }, bidCount: 1 };
    const startingFacts: AuctionFacts[] = [
      LIVE_AUCTION,
      COMBINED_AUCTION,
      { ...LIVE_AUCTION, ...withBid, outcome: { kind: 'FINALISED', at: END } },
      { ...LIVE_AUCTION, ...withBid, outcome: { kind: 'DECLINED', at: END } },
      { ...COMBINED_AUCTION, outcome: { kind: 'BOUGHT_OUTRIGHT', buyerId: BOB, at: START + MINUTE } },
    ];
    const walk = walkShortestPaths(
      auctionMachine,
      EVERY_EVENT,
      startingFacts.map((facts) => ({ ...facts, now: START - MINUTE })),
    );
    expect(walk.statesReached).toEqual(['active', 'awaitingFinalisation', 'boughtOutright', 'ended', 'endedWithoutBids', 'finalWindow', 'finalised', 'scheduled']);
    expect(walk.guardVerdicts).toEqual(bothVerdictsOfEveryGuard(auctionMachine, [
        'exceedsHighestBid', 'exceedsOpeningAmount', 'finalWindowHasClosed', 'fitsLivePeriod', 'hasBids', 'hasEnded', 'hasStarted', 'isByOwner', 'isInstantPurchaseOpen',
        'isLiveAuction', 'isNotByOwner', 'isPositiveInteger', 'isReserveMetOrAccepted', 'isWholeUnitUnlessDecimalsAllowed', 'isWithinAmountLimit', 'isWithinBiddingTime', 'wasBoughtOutright', 'wasDeclined', 'wasFinalised',
      ]));
  });
});
