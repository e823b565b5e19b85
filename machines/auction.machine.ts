import { and, type AnyActorScope, assertEvent, assign, createActor, raise, setup, type SnapshotFrom } from 'xstate';
import type { AuctionPhase } from '../domain/auction';
import { ERROR_CODES, type ErrorCode } from '../domain/errors';
import { MAX_AMOUNT_MINOR } from '../domain/money';
import { FINAL_WINDOW_MS } from '../domain/timing';

/** A bid as the server received it: `at` is the server's receipt time, the only time that counts. */
export interface AuctionBid {
  bidderId: string;
  /** Integer minor units of the ad's currency. */
  amount: number;
  at: number;
}

/** How a person closed the current round: the owner's decision in or after the final window, or an instant purchase. */
export type AuctionOutcome =
  | { kind: 'FINALISED'; at: number }
  | { kind: 'DECLINED'; at: number }
  | { kind: 'BOUGHT_OUTRIGHT'; buyerId: string; at: number };

/**
 * What the server stores about one auction, and all the machine needs to place it. Times are absolute
 * server timestamps in ms (DESIGN.md section 2); amounts are integer minor units. For a live auction,
 * `startsAt` and `endsAt` bound the current sub-auction (`round`), and `highestBid`, `bidCount` and
 * `outcome` belong to it.
 */
export interface AuctionFacts {
  ownerId: string;
  startsAt: number;
  endsAt: number;
  openingAmount: number;
  /** The on-back price. Bidders learn only whether it is met (`isReserveMet`), never its value. */
  reservePrice: number | null;
  /** Set for the combined instant-sale-and-auction type only. */
  instantPurchaseAmount: number | null;
  allowDecimalBids: boolean;
  /** Of the ad's currency (`minorUnitsPerMajor` in domain/money.ts): a bid without decimals is a multiple of it. */
  minorUnitsPerMajor: number;
  highestBid: AuctionBid | null;
  bidCount: number;
  round: number;
  /** Live auctions only: how long each sub-auction runs, and when the whole live period ends. */
  subAuctionDurationMs: number | null;
  liveEndsAt: number | null;
  outcome: AuctionOutcome | null;
}

/**
 * The facts plus `now`: the latest server time this actor knows of. Every event carries its server
 * time and moves `now` forward; a delay that fires moves it to the deadline it waited for. The state
 * then follows from facts and `now` alone, so the server (receipt times), a client (socket events
 * stamped by the server, whatever its own clock says) and a test (a simulated clock) all agree.
 */
export interface AuctionContext extends AuctionFacts {
  now: number;
}

export const AUCTION_EVENTS = {
  BID: 'BID',
  BUY_NOW: 'BUY_NOW',
  FINALISE: 'FINALISE',
  START_NEXT_SUB_AUCTION: 'START_NEXT_SUB_AUCTION',
  TICK: 'TICK',
} as const;

export type AuctionBidEvent = { type: typeof AUCTION_EVENTS.BID } & AuctionBid;
/** The combined type's instant purchase amount, paid while the auction runs. */
export type AuctionBuyNowEvent = { type: typeof AUCTION_EVENTS.BUY_NOW; buyerId: string; at: number };
/** The owner confirms the highest bid; below the reserve it sells only when the owner accepts that. */
export type AuctionFinaliseEvent = { type: typeof AUCTION_EVENTS.FINALISE; by: string; at: number; acceptBelowReserve?: boolean };
/**
 * The owner opens the next sub-auction of a live auction. A round not yet finalised closes with it,
 * by the same decision as FINALISE (`roundDecisionOf`), which the server records.
 */
export type AuctionStartNextSubAuctionEvent = { type: typeof AUCTION_EVENTS.START_NEXT_SUB_AUCTION; by: string; at: number; acceptBelowReserve?: boolean };
/** The server's time, as the scheduler fired a deadline or as a client re-estimated its offset. */
export type AuctionTickEvent = { type: typeof AUCTION_EVENTS.TICK; at: number };
export type AuctionEvent = AuctionBidEvent | AuctionBuyNowEvent | AuctionFinaliseEvent | AuctionStartNextSubAuctionEvent | AuctionTickEvent;

/** The owner may still finalise in this window; afterwards the auction waits for them (SPEC.md section 4). */
export function finalWindowEndsAt(context: Pick<AuctionFacts, 'endsAt'>): number {
  return context.endsAt + FINAL_WINDOW_MS;
}

/** An auction without an on-back price has nothing to meet. */
export function isReserveMet(context: Pick<AuctionFacts, 'reservePrice' | 'highestBid'>): boolean {
  if (context.reservePrice === null) return true;
  return context.highestBid !== null && context.highestBid.amount >= context.reservePrice;
}

/** The smallest amount a bid may offer now: above both the opening amount and the highest bid, in whole major units unless decimals are allowed. */
export function minimumNextBid(context: Pick<AuctionFacts, 'openingAmount' | 'highestBid' | 'allowDecimalBids' | 'minorUnitsPerMajor'>): number {
  const toBeat = Math.max(context.openingAmount, context.highestBid?.amount ?? 0);
  const step = context.allowDecimalBids ? 1 : context.minorUnitsPerMajor;
  return (Math.floor(toBeat / step) + 1) * step;
}

/** Whether the owner closing the round sells to the highest bidder: always when the reserve is met, otherwise only if they accept. */
export function roundDecisionOf(context: Pick<AuctionFacts, 'reservePrice' | 'highestBid'>, acceptBelowReserve: boolean | undefined): 'FINALISED' | 'DECLINED' {
  return isReserveMet(context) || acceptBelowReserve === true ? 'FINALISED' : 'DECLINED';
}

/** A bid counts only if the server received it from the start up to, not including, the end (DESIGN.md section 2). */
function isWithinBiddingTime(context: AuctionFacts, at: number): boolean {
  return at >= context.startsAt && at < context.endsAt;
}

// Each bid rule once, shared by the machine's guards and by `bidRefusalOf`, in the order a refused
// bidder should hear about them.
type BidRule = (context: AuctionFacts, bid: AuctionBid) => boolean;
const isNotOwnBid: BidRule = (context, bid) => bid.bidderId !== context.ownerId;
// Past the limit the next minimum bid would no longer be an exact integer, and the auction could not be
// read. Judged first, so a number too long to be exact is called too large rather than not whole; what
// is no number at all is left to the next rule.
const isWithinAmountLimit: BidRule = (_, bid) => !(bid.amount > MAX_AMOUNT_MINOR);
// Money never travels as a float (domain/money.ts); SPEC.md section 5 asks for integers greater than 0.
const isPositiveInteger: BidRule = (_, bid) => Number.isInteger(bid.amount) && bid.amount > 0;
const isWholeUnitUnlessDecimalsAllowed: BidRule = (context, bid) => context.allowDecimalBids || bid.amount % context.minorUnitsPerMajor === 0;
const exceedsOpeningAmount: BidRule = (context, bid) => bid.amount > context.openingAmount;
// Strictly above: of two equal bids the earlier receipt holds (DESIGN.md section 2).
const exceedsHighestBid: BidRule = (context, bid) => context.highestBid === null || bid.amount > context.highestBid.amount;

export const BID_REFUSALS = {
  NOT_STARTED: 'NOT_STARTED',
  CLOSED: 'CLOSED',
  OWN_AUCTION: 'OWN_AUCTION',
  AMOUNT_TOO_LARGE: 'AMOUNT_TOO_LARGE',
  NOT_POSITIVE_INTEGER: 'NOT_POSITIVE_INTEGER',
  DECIMALS_NOT_ALLOWED: 'DECIMALS_NOT_ALLOWED',
  NOT_ABOVE_OPENING_AMOUNT: 'NOT_ABOVE_OPENING_AMOUNT',
  NOT_ABOVE_HIGHEST_BID: 'NOT_ABOVE_HIGHEST_BID',
} as const;
export type BidRefusal = (typeof BID_REFUSALS)[keyof typeof BID_REFUSALS];

/** The error code (and so the message) each refusal reaches the bidder with, from the server or from the page. */
export const BID_REFUSAL_ERRORS: Record<BidRefusal, ErrorCode> = {
  NOT_STARTED: ERROR_CODES.BID_NOT_STARTED,
  CLOSED: ERROR_CODES.AUCTION_CLOSED,
  OWN_AUCTION: ERROR_CODES.OWN_AUCTION,
  AMOUNT_TOO_LARGE: ERROR_CODES.AMOUNT_TOO_LARGE,
  NOT_POSITIVE_INTEGER: ERROR_CODES.NOT_POSITIVE_INTEGER,
  DECIMALS_NOT_ALLOWED: ERROR_CODES.BID_DECIMALS_NOT_ALLOWED,
  NOT_ABOVE_OPENING_AMOUNT: ERROR_CODES.BID_NOT_ABOVE_OPENING_AMOUNT,
  NOT_ABOVE_HIGHEST_BID: ERROR_CODES.BID_NOT_ABOVE_HIGHEST_BID,
};

const BID_RULES: ReadonlyArray<readonly [BidRefusal, BidRule]> = [
  [BID_REFUSALS.OWN_AUCTION, isNotOwnBid],
  [BID_REFUSALS.AMOUNT_TOO_LARGE, isWithinAmountLimit],
  [BID_REFUSALS.NOT_POSITIVE_INTEGER, isPositiveInteger],
  [BID_REFUSALS.DECIMALS_NOT_ALLOWED, isWholeUnitUnlessDecimalsAllowed],
  [BID_REFUSALS.NOT_ABOVE_OPENING_AMOUNT, exceedsOpeningAmount],
  [BID_REFUSALS.NOT_ABOVE_HIGHEST_BID, exceedsHighestBid],
];

function bidOf(event: AuctionEvent): AuctionBid {
  assertEvent(event, AUCTION_EVENTS.BID);
  return event;
}

// Transitions that more than one state takes alike, written once so the states cannot drift apart.
const TAKE_BID = {
  guard: and(['isWithinBiddingTime', 'isNotByOwner', 'isWithinAmountLimit', 'isPositiveInteger', 'isWholeUnitUnlessDecimalsAllowed', 'exceedsOpeningAmount', 'exceedsHighestBid']),
  actions: ['advanceClock', 'recordBid'],
} as const;
const BUY_OUTRIGHT = {
  guard: and(['isWithinBiddingTime', 'isNotByOwner', 'isInstantPurchaseOpen']),
  target: 'boughtOutright',
  actions: ['advanceClock', 'recordPurchase'],
} as const;
/** Sold when the reserve is met or the owner accepts less; otherwise the owner has declined. */
const FINALISE_ROUND = [
  { guard: and(['isByOwner', 'isReserveMetOrAccepted']), target: 'finalised', actions: ['advanceClock', 'recordFinalisation'] },
  { guard: 'isByOwner', target: 'ended', actions: ['advanceClock', 'recordDecline'] },
] as const;
const OPEN_NEXT_ROUND = {
  guard: and(['isByOwner', 'isLiveAuction', 'fitsLivePeriod']),
  target: 'active',
  actions: ['advanceClock', 'openNextRound'],
} as const;

/**
 * One auction's life (SPEC.md section 4, DESIGN.md section 3): scheduled until `startsAt`, bidding
 * until `endsAt`, then either ended without bids or the owner's one-minute final window, after which
 * it awaits finalisation for as long as the owner takes. The owner finalises (or, below the reserve,
 * declines); a live auction's owner may instead open the next sub-auction while the live period has
 * room for it. The combined type's instant purchase ends it at once.
 *
 * Time only moves forward, through `context.now` (see `AuctionContext`), and each state's deadline is
 * an eventless transition on it. An actor given a clock sends itself a TICK at each deadline (named
 * delays from the absolute timestamps); the server's scheduler or a client sends the same TICK with the
 * server's time. So the scheduler, a client's countdown and `auctionStateAt` run one definition. (A
 * raised TICK rather than an `after` transition also keeps the machine walkable by `xstate/graph`
 * test models, which refuse `after`.)
 */
export const auctionMachine = setup({
  types: {
    input: {} as AuctionContext,
    context: {} as AuctionContext,
    events: {} as AuctionEvent,
  },
  guards: {
    wasBoughtOutright: ({ context }) => context.outcome?.kind === 'BOUGHT_OUTRIGHT',
    wasFinalised: ({ context }) => context.outcome?.kind === 'FINALISED',
    wasDeclined: ({ context }) => context.outcome?.kind === 'DECLINED',
    hasStarted: ({ context }) => context.now >= context.startsAt,
    hasEnded: ({ context }) => context.now >= context.endsAt,
    hasBids: ({ context }) => context.highestBid !== null,
    finalWindowHasClosed: ({ context }) => context.now >= finalWindowEndsAt(context),
    isWithinBiddingTime: ({ context, event }) => isWithinBiddingTime(context, event.at),
    isNotByOwner: ({ context, event }) => {
      assertEvent(event, [AUCTION_EVENTS.BID, AUCTION_EVENTS.BUY_NOW]);
      return (event.type === AUCTION_EVENTS.BID ? event.bidderId : event.buyerId) !== context.ownerId;
    },
    isWithinAmountLimit: ({ context, event }) => isWithinAmountLimit(context, bidOf(event)),
    isPositiveInteger: ({ context, event }) => isPositiveInteger(context, bidOf(event)),
    isWholeUnitUnlessDecimalsAllowed: ({ context, event }) => isWholeUnitUnlessDecimalsAllowed(context, bidOf(event)),
    exceedsOpeningAmount: ({ context, event }) => exceedsOpeningAmount(context, bidOf(event)),
    exceedsHighestBid: ({ context, event }) => exceedsHighestBid(context, bidOf(event)),
    // Once the bidding reaches the instant purchase amount, buying outright would take the item from a
    // bidder who offered at least as much.
    isInstantPurchaseOpen: ({ context }) => context.instantPurchaseAmount !== null && (context.highestBid === null || context.highestBid.amount < context.instantPurchaseAmount),
    isByOwner: ({ context, event }) => {
      assertEvent(event, [AUCTION_EVENTS.FINALISE, AUCTION_EVENTS.START_NEXT_SUB_AUCTION]);
      return event.by === context.ownerId;
    },
    isReserveMetOrAccepted: ({ context, event }) => {
      assertEvent(event, AUCTION_EVENTS.FINALISE);
      return roundDecisionOf(context, event.acceptBelowReserve) === 'FINALISED';
    },
    isLiveAuction: ({ context }) => context.subAuctionDurationMs !== null && context.liveEndsAt !== null,
    // SPEC.md section 5: a sub-auction must not outlast what remains of the live period.
    fitsLivePeriod: ({ context, event }) => {
      assertEvent(event, AUCTION_EVENTS.START_NEXT_SUB_AUCTION);
      return context.subAuctionDurationMs !== null && context.liveEndsAt !== null && event.at + context.subAuctionDurationMs <= context.liveEndsAt;
    },
  },
  actions: {
    // Never backwards: a stale event must not reopen what time has closed.
    advanceClock: assign({ now: ({ context, event }) => Math.max(context.now, event.at) }),
    // A state with a deadline tells itself the time when the deadline comes: the same TICK the server
    // sends, so a clock and an explicit time take one path. A tick left over from a state already left
    // carries a time that has passed, and changes nothing.
    tickAtStart: raise(({ context }) => ({ type: AUCTION_EVENTS.TICK, at: context.startsAt }), { delay: 'untilStart' }),
    tickAtEnd: raise(({ context }) => ({ type: AUCTION_EVENTS.TICK, at: context.endsAt }), { delay: 'untilEnd' }),
    tickAtFinalWindowEnd: raise(({ context }) => ({ type: AUCTION_EVENTS.TICK, at: finalWindowEndsAt(context) }), { delay: 'untilFinalWindowCloses' }),
    recordBid: assign(({ context, event }) => {
      const { bidderId, amount, at } = bidOf(event);
      return { highestBid: { bidderId, amount, at }, bidCount: context.bidCount + 1 };
    }),
    recordPurchase: assign({
      outcome: ({ event }) => {
        assertEvent(event, AUCTION_EVENTS.BUY_NOW);
        return { kind: 'BOUGHT_OUTRIGHT' as const, buyerId: event.buyerId, at: event.at };
      },
    }),
    recordFinalisation: assign({ outcome: ({ event }) => ({ kind: 'FINALISED' as const, at: event.at }) }),
    recordDecline: assign({ outcome: ({ event }) => ({ kind: 'DECLINED' as const, at: event.at }) }),
    openNextRound: assign(({ context, event }) => {
      assertEvent(event, AUCTION_EVENTS.START_NEXT_SUB_AUCTION);
      return {
        round: context.round + 1,
        startsAt: event.at,
        endsAt: event.at + context.subAuctionDurationMs!,
        highestBid: null,
        bidCount: 0,
        outcome: null,
      };
    }),
  },
  // Computed from the absolute deadlines in context when a state is entered, so an actor started from
  // stored facts and the server's time (the server's scheduler, or a client from the live snapshot)
  // waits exactly what is left.
  delays: {
    untilStart: ({ context }) => context.startsAt - context.now,
    untilEnd: ({ context }) => context.endsAt - context.now,
    untilFinalWindowCloses: ({ context }) => finalWindowEndsAt(context) - context.now,
  },
}).createMachine({
  id: 'auction',
  context: ({ input }) => ({ ...input }),
  // Decided rounds are placed by their outcome; the rest by time, through the states' own deadlines.
  initial: 'resolving',
  states: {
    resolving: {
      always: [
        { guard: 'wasBoughtOutright', target: 'boughtOutright' },
        { guard: 'wasFinalised', target: 'finalised' },
        { guard: 'wasDeclined', target: 'ended' },
        { target: 'scheduled' },
      ],
    },
    scheduled: {
      entry: 'tickAtStart',
      always: { guard: 'hasStarted', target: 'active' },
      on: { TICK: { actions: 'advanceClock' } },
    },
    active: {
      entry: 'tickAtEnd',
      always: [
        { guard: and(['hasEnded', 'hasBids']), target: 'finalWindow' },
        { guard: 'hasEnded', target: 'endedWithoutBids' },
      ],
      on: {
        TICK: { actions: 'advanceClock' },
        BID: TAKE_BID,
        BUY_NOW: BUY_OUTRIGHT,
      },
    },
    finalWindow: {
      entry: 'tickAtFinalWindowEnd',
      always: { guard: 'finalWindowHasClosed', target: 'awaitingFinalisation' },
      on: {
        TICK: { actions: 'advanceClock' },
        // News of a bid the server received before the end can reach a client after its own countdown
        // closed the bidding; the receipt time, not the arrival, decides (the same transition as in `active`).
        BID: TAKE_BID,
        FINALISE: FINALISE_ROUND,
        START_NEXT_SUB_AUCTION: OPEN_NEXT_ROUND,
      },
    },
    /** The window passed without a decision: the owner may still finalise, or start the next sub-auction with it. */
    awaitingFinalisation: {
      on: {
        FINALISE: FINALISE_ROUND,
        START_NEXT_SUB_AUCTION: OPEN_NEXT_ROUND,
      },
    },
    /** Sold to the highest bidder. Not final: a live auction carries on with its next sub-auction. */
    finalised: {
      on: {
        START_NEXT_SUB_AUCTION: OPEN_NEXT_ROUND,
      },
    },
    // Unsold rounds end the auction, but a live session goes on with its next sub-auction (the next
    // item on the stream) while the live period has room for it.
    /** The owner declined a highest bid below the reserve. */
    ended: {
      on: {
        START_NEXT_SUB_AUCTION: OPEN_NEXT_ROUND,
      },
    },
    endedWithoutBids: {
      on: {
        // A bid or an instant purchase the server received before the end is judged by its receipt
        // time, even when bids ahead of it held the ad's lock past the end (DESIGN.md section 2).
        BID: { ...TAKE_BID, target: 'finalWindow' },
        BUY_NOW: BUY_OUTRIGHT,
        START_NEXT_SUB_AUCTION: OPEN_NEXT_ROUND,
      },
    },
    boughtOutright: { type: 'final' },
  },
});

export type AuctionSnapshot = SnapshotFrom<typeof auctionMachine>;

let inertScope: AnyActorScope | undefined;

/**
 * What the machine is placed and moved in outside a running actor: an actor never started, and
 * nothing the machine asks for carried out (its only actions beside assignments are the delayed TICKs
 * of its deadlines, which a running actor or the server's scheduler keeps instead). xstate's
 * `getInitialSnapshot()` and `transition()` build a new one for every call, placing the machine once
 * more inside it: that was half the cost of deciding a bid. The machine spawns no actors, so one
 * scope, made once from the first context it is asked for, serves every call.
 */
function inertScopeFor(context: AuctionContext): AnyActorScope {
  if (inertScope) return inertScope;
  const self = createActor(auctionMachine, { input: context });
  inertScope = { self, id: '', sessionId: '', logger: () => {}, defer: () => {}, emit: () => {}, system: self.system, stopChild: () => {}, actionExecutor: () => {} };
  return inertScope;
}

/**
 * The auction as it stands at server time `now`, from its stored facts: `.can(event)` answers whether
 * a command is allowed now, `.value` is what every view shows. Nothing is scheduled; to wait for the
 * next deadline, start `createActor(auctionMachine, { input: { ...facts, now }, clock })` instead.
 */
export function auctionStateAt(facts: AuctionFacts, now: number): AuctionSnapshot {
  const input = { ...facts, now };
  return auctionMachine.getInitialSnapshot(inertScopeFor(input), input);
}

/** The state as every view and every answer names it (domain/auction.ts). */
export function phaseOfState(snapshot: AuctionSnapshot): AuctionPhase {
  return snapshot.value as AuctionPhase;
}

/** Whether bidding is open or still to come: when an outsider may still ask to join a private auction. */
export function isBiddingOpenOrAhead(snapshot: AuctionSnapshot): boolean {
  return snapshot.matches('scheduled') || snapshot.matches('active');
}

/** Whether the round's bidding is over and its highest bid waits for the owner to finalise or decline it. */
export function awaitsOwnerDecision(snapshot: AuctionSnapshot): boolean {
  return snapshot.matches('finalWindow') || snapshot.matches('awaitingFinalisation');
}

/** When the auction next changes state by itself, for the server's scheduler and a client's countdown. */
export function nextDeadlineOf(snapshot: AuctionSnapshot): number | null {
  if (snapshot.matches('scheduled')) return snapshot.context.startsAt;
  if (snapshot.matches('active')) return snapshot.context.endsAt;
  if (snapshot.matches('finalWindow')) return finalWindowEndsAt(snapshot.context);
  return null;
}

/**
 * A bid decided on `snapshot`: the state once it is taken, by the machine's own transition (pure, and
 * run once, so the server decides a run of bids on one state without placing the machine again for
 * each), or why it is refused.
 */
export function decideBid(snapshot: AuctionSnapshot, bid: AuctionBid): { taken: AuctionSnapshot; refusal: null } | { taken: null; refusal: BidRefusal } {
  const next = auctionMachine.transition(snapshot, { type: AUCTION_EVENTS.BID, ...bid }, inertScopeFor(snapshot.context));
  // Every transition that takes a bid counts it.
  if (next.context.bidCount > snapshot.context.bidCount) return { taken: next, refusal: null };
  return { taken: null, refusal: bidRefusalOf(snapshot, bid)! };
}

/** Why a bid is refused in this state, for the message the bidder sees; null when it is accepted. */
export function bidRefusalOf(snapshot: AuctionSnapshot, bid: AuctionBid): BidRefusal | null {
  if (snapshot.can({ type: AUCTION_EVENTS.BID, ...bid })) return null;
  if (snapshot.matches('scheduled') || bid.at < snapshot.context.startsAt) return BID_REFUSALS.NOT_STARTED;
  if (!isWithinBiddingTime(snapshot.context, bid.at)) return BID_REFUSALS.CLOSED;
  const broken = BID_RULES.find(([, holds]) => !holds(snapshot.context, bid));
  // Every rule holds, so it is the state that takes no bids: bought outright, or closed.
  return broken ? broken[0] : BID_REFUSALS.CLOSED;
}

/**
 * Why the owner may not open the next sub-auction now; null when they may. PAST_LIVE_PERIOD when only
 * the live session's remaining time is missing (the same command at the last moment that fits would
 * pass), NOT_ALLOWED for anything else: not a live auction, not the owner, a round still running.
 */
export function nextSubAuctionRefusalOf(snapshot: AuctionSnapshot, event: AuctionStartNextSubAuctionEvent): 'PAST_LIVE_PERIOD' | 'NOT_ALLOWED' | null {
  if (snapshot.can(event)) return null;
  const { liveEndsAt, subAuctionDurationMs } = snapshot.context;
  const wouldFit = liveEndsAt !== null && subAuctionDurationMs !== null && snapshot.can({ ...event, at: liveEndsAt - subAuctionDurationMs });
  return wouldFit ? 'PAST_LIVE_PERIOD' : 'NOT_ALLOWED';
}
