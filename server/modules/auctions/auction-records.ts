import type { Kysely, Selectable } from 'kysely';
import { adPhaseOf, type AdStatus, type AdType, isAuctionType } from '../../../domain/ad';
import { type AuctionPhase, type AuctionSnapshot, type AuctionState, type Bid, type BidderStanding, bidderNameOf, type ParticipationStatus, type RoundOutcome, type ViewerRole } from '../../../domain/auction';
import { SNAPSHOT_BID_LIMIT } from '../../../domain/limits';
import { ERROR_CODES } from '../../../domain/errors';
import { minorUnitsPerMajor } from '../../../domain/money';
import { type AuctionFacts, type AuctionSnapshot as AuctionMachineState, auctionStateAt, awaitsOwnerDecision, finalWindowEndsAt, isReserveMet, minimumNextBid, phaseOfState } from '../../../machines/auction.machine';
import { holdingUsersAgainstDeletion } from '../../db/dialect';
import type { AdTable, Database } from '../../db/schema';
import { AppError } from '../../errors';

type Db = Kysely<Database>;
/** The ad's row, named from the schema: ads/ad-records.ts reads this file, so this one does not read it. */
type AdRow = Selectable<AdTable>;

/** An ad the bid engine may act on: an auction that was published (a draft has no auction yet). */
export function assertAuction<Row extends Pick<AdRow, 'status' | 'type'>>(row: Row | undefined): asserts row is Row {
  if (!row || row.status === 'DRAFT') throw new AppError(ERROR_CODES.NOT_FOUND);
  if (row.status === 'DELETED') throw new AppError(ERROR_CODES.PRODUCT_UNAVAILABLE);
  if (!isAuctionType(row.type as AdType)) throw new AppError(ERROR_CODES.NOT_AN_AUCTION);
}

/** The published auction at `slug`, or the refusal that says why there is none. */
export async function findAuctionRow(db: Db, slug: string): Promise<AdRow> {
  const row = await db.selectFrom('ads').selectAll().where('slug', '=', slug).executeTakeFirst();
  assertAuction(row);
  return row;
}

/** A new round (a repost, a live auction's next sub-auction) starts with no bids and nothing decided. */
export const UNDECIDED_ROUND = {
  round_outcome: null,
  round_outcome_at: null,
  round_buyer_id: null,
  round_sale_amount: null,
  highest_offer_id: null,
  bid_count: 0,
} as const;

export const isLiveAuction = (row: AdRow) => row.type === 'LIVE_AUCTION';
export const isPrivateAuction = (row: AdRow) => row.type === 'PRIVATE_AUCTION';

/**
 * The auction machine's facts from the ad's row. The current round follows the ad's schedule unless
 * it has one of its own: a live auction's first sub-auction starts with the session and lasts one
 * sub-auction, each later one is stored when the owner opens it. An ad its owner ended early stopped
 * taking bids then.
 */
export function factsOf(row: AdRow, highestBid: Bid | null): AuctionFacts {
  const live = isLiveAuction(row);
  const startsAt = row.round_starts_at ?? row.starts_at!;
  const plannedEnd = row.round_ends_at ?? (live ? startsAt + row.sub_auction_duration_ms! : row.ends_at!);
  const endedEarly = row.status === 'ENDED' && row.ended_at !== null && row.round_outcome === null ? row.ended_at : Number.POSITIVE_INFINITY;
  return {
    ownerId: row.owner_id,
    startsAt,
    endsAt: Math.max(startsAt, Math.min(plannedEnd, endedEarly)),
    openingAmount: row.opening_amount ?? 0,
    reservePrice: row.on_back_price,
    instantPurchaseAmount: row.type === 'INSTANT_SALE_AND_AUCTION' ? row.instant_purchase_amount : null,
    allowDecimalBids: row.allow_decimal_bids === 1,
    minorUnitsPerMajor: minorUnitsPerMajor(row.currency),
    highestBid: highestBid && { bidderId: highestBid.bidder.id, amount: highestBid.amount, at: highestBid.at },
    bidCount: row.bid_count,
    round: row.round,
    subAuctionDurationMs: live ? row.sub_auction_duration_ms : null,
    liveEndsAt: live ? row.ends_at : null,
    outcome: row.round_outcome === null ? null : outcomeOf(row),
  };
}

function outcomeOf(row: AdRow): NonNullable<AuctionFacts['outcome']> {
  const at = row.round_outcome_at!;
  const kind = row.round_outcome as RoundOutcome;
  return kind === 'BOUGHT_OUTRIGHT' ? { kind, at, buyerId: row.round_buyer_id! } : { kind, at };
}

export function phaseOf(facts: AuctionFacts, now: number): AuctionPhase {
  return phaseOfState(auctionStateAt(facts, now));
}

/** What every watcher sees at server time `now`; the reserve's value stays out of it. */
export function auctionStateOf(row: AdRow, highestBid: Bid | null, now: number): AuctionState {
  return auctionStateFrom(row, auctionStateAt(factsOf(row, highestBid), now), highestBid);
}

/**
 * The same from the machine's state already placed (`state.context` holds the row's facts), at server
 * time `now`: by default the time it was placed at.
 */
export function auctionStateFrom(row: AdRow, state: AuctionMachineState, highestBid: Bid | null, now = state.context.now): AuctionState {
  const facts = state.context;
  return {
    adId: row.id,
    type: row.type as AuctionState['type'],
    ownerId: row.owner_id,
    seq: row.seq,
    serverTime: now,
    phase: phaseOfState(state),
    round: row.round,
    startsAt: facts.startsAt,
    endsAt: facts.endsAt,
    finalWindowEndsAt: finalWindowEndsAt(facts),
    liveEndsAt: facts.liveEndsAt,
    subAuctionDurationMs: facts.subAuctionDurationMs,
    liveLink: isLiveAuction(row) ? row.live_link : null,
    currency: row.currency,
    openingAmount: facts.openingAmount,
    instantPurchaseAmount: facts.instantPurchaseAmount,
    allowDecimalBids: facts.allowDecimalBids,
    reserve: row.on_back_price === null ? 'NONE' : isReserveMet(facts) ? 'MET' : 'NOT_MET',
    highestBid,
    bidCount: row.bid_count,
    minimumBid: minimumNextBid(facts),
    outcome: facts.outcome && {
      kind: facts.outcome.kind,
      at: facts.outcome.at,
      buyerId: facts.outcome.kind === 'BOUGHT_OUTRIGHT' ? facts.outcome.buyerId : null,
      amount: facts.outcome.kind === 'BOUGHT_OUTRIGHT' ? (row.round_sale_amount ?? facts.instantPurchaseAmount) : null,
    },
    isPrivate: isPrivateAuction(row),
  };
}

function bidsQuery(db: Db) {
  return db
    .selectFrom('offers')
    .innerJoin('users', 'users.id', 'offers.user_id')
    .select(['offers.id', 'offers.seq', 'offers.amount', 'offers.created_at', 'offers.user_id', 'users.first_name', 'users.last_name']);
}

type BidRow = { id: string; seq: number | null; amount: number; created_at: number; user_id: string; first_name: string; last_name: string };

function bidOf(row: BidRow): Bid {
  return { id: row.id, seq: row.seq ?? 0, amount: row.amount, at: row.created_at, bidder: { id: row.user_id, name: bidderNameOf(row.first_name, row.last_name) } };
}

/** The ad's highest bid in its current round. */
export async function highestBidOf(db: Db, row: AdRow): Promise<Bid | null> {
  if (row.highest_offer_id === null) return null;
  const found = await bidsQuery(db).where('offers.id', '=', row.highest_offer_id).executeTakeFirst();
  return found ? bidOf(found) : null;
}

/**
 * The ids of the ended auctions among `rows` whose last round waits for its owner's decision
 * (`awaitsOwnerDecision`), in one query.
 */
export async function auctionsAwaitingOwnerOf(db: Db, rows: readonly AdRow[], now: number): Promise<Set<string>> {
  const candidates = rows.filter(
    (row) => isAuctionType(row.type as AdType) && row.highest_offer_id !== null && row.round_outcome === null && adPhaseOf({ status: row.status as AdStatus, endsAt: row.ends_at }, now) === 'ENDED',
  );
  if (candidates.length === 0) return new Set();
  const found = await bidsQuery(db)
    .where('offers.id', 'in', candidates.map((row) => row.highest_offer_id!))
    .execute();
  const highestBids = new Map(found.map((bid) => [bid.id, bidOf(bid)]));
  return new Set(candidates.filter((row) => awaitsOwnerDecision(auctionStateAt(factsOf(row, highestBids.get(row.highest_offer_id!) ?? null), now))).map((row) => row.id));
}

/**
 * Where each of `userIds` stands in the ad's current round, named as bidders are, their accounts held
 * against deletion until the transaction ends (`holdingUsersAgainstDeletion`): one query for a whole run of bids.
 */
export async function standingsOf(db: Db, row: AdRow, userIds: readonly string[]): Promise<Map<string, BidderStanding>> {
  if (userIds.length === 0) return new Map();
  const found = await holdingUsersAgainstDeletion(
    db,
    db
      .selectFrom('users')
      .leftJoin('auction_bidders', (join) => join.onRef('auction_bidders.user_id', '=', 'users.id').on('auction_bidders.ad_id', '=', row.id).on('auction_bidders.round', '=', row.round))
      .where('users.id', 'in', userIds)
      .select(['users.id', 'users.first_name', 'users.last_name', 'auction_bidders.highest_amount', 'auction_bidders.bid_count']),
  ).execute();
  return new Map(found.map((user) => [user.id, { id: user.id, name: bidderNameOf(user.first_name, user.last_name), highestAmount: user.highest_amount ?? 0, bidCount: user.bid_count ?? 0 }]));
}

/** The write keeping where these bidders now stand in the ad's current round. */
export function standingsWrite(db: Db, row: AdRow, standings: readonly BidderStanding[]) {
  return db
    .insertInto('auction_bidders')
    .values(standings.map((standing) => ({ ad_id: row.id, round: row.round, user_id: standing.id, highest_amount: standing.highestAmount, bid_count: standing.bidCount })))
    .onConflict((conflict) =>
      conflict.columns(['ad_id', 'round', 'user_id']).doUpdateSet((eb) => ({ highest_amount: eb.ref('excluded.highest_amount'), bid_count: eb.ref('excluded.bid_count') })),
    );
}

export async function participationOf(db: Db, adId: string, userId: string): Promise<ParticipationStatus | null> {
  return (await participationsOf(db, adId, [userId])).get(userId) ?? null;
}

/** Where each of `userIds` stands in a private auction's participants. */
export async function participationsOf(db: Db, adId: string, userIds: readonly string[]): Promise<Map<string, ParticipationStatus>> {
  const found = await db.selectFrom('ad_participants').select(['user_id', 'status']).where('ad_id', '=', adId).where('user_id', 'in', userIds).execute();
  return new Map(found.map((participant) => [participant.user_id, participant.status as ParticipationStatus]));
}

/** Where the viewer stands: whether they may bid, or must first be let into a private auction. */
export function viewerRoleOf(row: AdRow, viewerId: string | null, participation: ParticipationStatus | null): ViewerRole {
  if (viewerId === null) return 'VISITOR';
  if (viewerId === row.owner_id) return 'OWNER';
  if (!isPrivateAuction(row) || participation === 'ACCEPTED') return 'BIDDER';
  return participation ?? 'OUTSIDER';
}

/** The live snapshot: the state with its `seq` and the server's time, the round's latest bids, its bidders, and the viewer's standing. */
export async function auctionSnapshotOf(db: Db, row: AdRow, viewerId: string | null, now: number): Promise<AuctionSnapshot> {
  const [highestBid, latestBids, bidders, participation] = await Promise.all([
    highestBidOf(db, row),
    // Read apart from the row, so a bid committed in between is left out by its `seq`: the snapshot
    // stays the state at `row.seq`, and the broadcast of that bid then applies on top of it once.
    bidsQuery(db).where('offers.ad_id', '=', row.id).where('offers.round', '=', row.round).where('offers.seq', '<=', row.seq).orderBy('offers.seq', 'desc').limit(SNAPSHOT_BID_LIMIT).execute(),
    // Kept apart from `seq`: a bid committed after the row was read may already count here; its change,
    // applied on top, carries the same absolute standing, so nothing counts twice.
    db
      .selectFrom('auction_bidders')
      .innerJoin('users', 'users.id', 'auction_bidders.user_id')
      .where('auction_bidders.ad_id', '=', row.id)
      .where('auction_bidders.round', '=', row.round)
      .select(['users.id', 'users.first_name', 'users.last_name', 'auction_bidders.highest_amount', 'auction_bidders.bid_count'])
      .orderBy('auction_bidders.highest_amount', 'desc')
      .execute(),
    viewerId === null ? null : participationOf(db, row.id, viewerId),
  ]);
  const role = viewerRoleOf(row, viewerId, participation);
  return {
    auction: auctionStateOf(row, highestBid, now),
    bids: latestBids.map(bidOf),
    bidders: bidders.map((bidder) => ({ id: bidder.id, name: bidderNameOf(bidder.first_name, bidder.last_name), highestAmount: bidder.highest_amount, bidCount: bidder.bid_count })),
    viewer: { role, reservePrice: role === 'OWNER' ? row.on_back_price : null },
  };
}

const PHASES_AWAITING_THE_OWNER: readonly AuctionPhase[] = ['scheduled', 'active', 'finalWindow', 'awaitingFinalisation'];

/**
 * Whether an auction whose ad has ended is still shown to this viewer: to everyone until the owner has
 * decided its round, and afterwards to its owner and to whoever bid on or bought it, for the result.
 */
export async function isAuctionStillShown(db: Db, row: AdRow, viewerId: string | null, now: number): Promise<boolean> {
  if (!isAuctionType(row.type as AdType) || row.status === 'DRAFT' || row.status === 'DELETED') return false;
  if (PHASES_AWAITING_THE_OWNER.includes(phaseOf(factsOf(row, await highestBidOf(db, row)), now))) return true;
  if (viewerId === null) return false;
  if (viewerId === row.owner_id || viewerId === row.round_buyer_id) return true;
  const bid = await db.selectFrom('offers').select('id').where('ad_id', '=', row.id).where('round', '=', row.round).where('user_id', '=', viewerId).executeTakeFirst();
  return bid !== undefined;
}

/**
 * The columns that have the scheduler announce an auction afresh at once, written in the transaction
 * that changes its terms or schedule: a restart after the commit still announces it. Other ads have no deadline.
 */
export function announcedAfresh(type: string, now: number): { announced_phase: null; next_deadline_at: number | null } {
  return { announced_phase: null, next_deadline_at: isAuctionType(type as AdType) ? now : null };
}
