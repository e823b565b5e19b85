import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Kysely, Updateable } from 'kysely';
import { type AdType, isAuctionType } from '../../../domain/ad';
import type { AuctionChange, Bid } from '../../../domain/auction';
import { mergeAuctionChanges } from '../../../domain/auction-changes';
import { ERROR_CODES } from '../../../domain/errors';
import { adRoom, SOCKET_EVENTS } from '../../../domain/realtime-events';
import { AUCTION_EVENTS, type AuctionSnapshot, auctionStateAt, phaseOfState, BID_REFUSAL_ERRORS, BID_REFUSALS, decideBid, nextDeadlineOf, nextSubAuctionRefusalOf, roundDecisionOf } from '../../../machines/auction.machine';
import { isForeignKeyViolation, withLockedAd, writeTogether } from '../../db/dialect';
import type { AdTable, Database } from '../../db/schema';
import { AppError } from '../../errors';
import { LruMap } from '../../lru-map';
import type { AdRow } from '../ads/ad-records';
import { createAdCommandQueues } from './ad-command-queue';
import { createAuctionBroadcaster } from './auction-broadcaster';
import {
  assertAuction,
  auctionStateFrom,
  factsOf,
  highestBidOf,
  isPrivateAuction,
  participationsOf,
  standingsOf,
  standingsWrite,
  UNDECIDED_ROUND,
} from './auction-records';
import { holderOf } from '../negotiations/negotiation-records';
import { recordOrder } from '../orders/order-records';

/** Ads whose slug's id is kept: enough for every ad busy at once; past it the oldest is read again when next needed. */
const MOST_ADS_KEPT = 10_000;

/** The commands a client keys, as their receipts name them. */
const KEYED_COMMANDS = { BID: 'BID', BUY_NOW: 'BUY_NOW', FINALISE: 'FINALISE', START_NEXT_SUB_AUCTION: 'START_NEXT_SUB_AUCTION' } as const;
type KeyedCommand = (typeof KEYED_COMMANDS)[keyof typeof KEYED_COMMANDS];

export interface KeyedRequest {
  ad: { id: string } | { slug: string };
  userId: string;
  idempotencyKey: string;
  /**
   * When the server received the command, read as it arrived: a bid counts if it was received before
   * the end, even when bids ahead of it held the ad's lock past the end (DESIGN.md section 2).
   */
  receivedAt: number;
}

/**
 * A purchase at a price the owner agreed with the buyer instead of the instant purchase amount: judged
 * inside the purchase's transaction, with the ad held, by the negotiation it was agreed in.
 */
export interface AgreedPrice {
  /** Answers the agreed amount (or refuses), and how to record the negotiation once its order exists. */
  agree(trx: Kysely<Database>, row: AdRow, now: number): Promise<{ amount: number; ordered: (orderId: string) => Promise<void> }>;
}

/** A committed command's answer, and whether it is the first answer given again to a retry. */
export interface AuctionCommandOutcome {
  result: AuctionChange;
  replayed: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    auctions: {
      placeBid(request: KeyedRequest & { amount: number }): Promise<AuctionCommandOutcome>;
      /** Buys the combined type's item outright: at the instant purchase amount, or at a price agreed by negotiation. */
      buyNow(request: KeyedRequest & { agreedPrice?: AgreedPrice }): Promise<AuctionCommandOutcome>;
      finalise(request: KeyedRequest & { acceptBelowReserve?: boolean }): Promise<AuctionCommandOutcome>;
      startNextSubAuction(request: KeyedRequest & { acceptBelowReserve?: boolean }): Promise<AuctionCommandOutcome>;
      /**
       * Fires the ad's stored deadline when it is due: broadcasts, once across nodes, the change of phase
       * that time alone made (a start, an end, the final window closing) or a change still to be
       * announced, and stores the next deadline. Answers when the auction next changes by itself; null
       * when it never will.
       */
      announcePhase(adId: string): Promise<number | null>;
      /** Listeners told after each committed command that moves the auction's deadlines: the scheduler re-arms from them. */
      onChange(listener: (adId: string) => void): void;
      /**
       * Runs a command on the ad that is not the engine's own (an owner's edit, end, repost or delete;
       * a join request, its decision, an added participant) in its turn among the ad's commands, so it
       * falls wholly before or after the bids already waiting, never between a bid's receipt and its decision.
       */
      inTurn<T>(ad: KeyedRequest['ad'], run: () => Promise<T>): Promise<T>;
      /** Tells the watchers of a deleted ad that it is gone, after any change of it still on its way to them. */
      announceRemoval(adId: string): void;
    };
  }
}

/** What one command decided inside its transaction: the ad's new columns, and rows to add. */
interface Decision {
  changes: Updateable<AdTable>;
  after?: (trx: Kysely<Database>) => Promise<void>;
}

/** A bid waiting in its ad's queue, with the answer its caller awaits. */
interface QueuedBid {
  request: KeyedRequest & { amount: number };
  resolve: (outcome: AuctionCommandOutcome) => void;
  reject: (error: unknown) => void;
}

/** A command's answer kept under its client's key. */
interface ReceiptRow {
  user_id: string;
  idempotency_key: string;
  command: string;
  ad_id: string;
  result: string;
}

const receiptKeyOf = ({ userId, idempotencyKey }: Pick<KeyedRequest, 'userId' | 'idempotencyKey'>) => `${userId} ${idempotencyKey}`;

/**
 * The bid engine: the only writer of an auction's state. Commands on one ad queue in the order
 * received (`createAdCommandQueues`) and each runs in a transaction holding the ad's write lock
 * (`withLockedAd`): it reads the ad, asks the auction machine whether the command is allowed at the
 * server's time, writes the change with the ad's next `seq` and a receipt of its answer under the
 * client's key, and commits. Bids that waited together are decided one after another on the same
 * machine state and committed together. Only after the commit do the answers go back and the change
 * go out to the ad's room (a small room first, `createAuctionBroadcaster`), so no one hears of anything
 * that could still roll back.
 */
export default fp(
  async (app) => {
    const listeners: ((adId: string) => void)[] = [];

    // This node's own sockets; the other nodes hear of each change from `handOver`.
    const broadcast = createAuctionBroadcaster({
      change: (change) => app.io.local.to(adRoom(change.auction.adId)).emit(SOCKET_EVENTS.AUCTION_CHANGED, change),
      removal: (adId) => app.io.local.to(adRoom(adId)).emit(SOCKET_EVENTS.AD_REMOVED, { adId }),
      watchersOf: (adId) => app.io.sockets.adapter.rooms.get(adRoom(adId))?.size ?? 0,
    });
    // Changes committed on other nodes reach this node's watchers through the same broadcaster, merged and paced with its own.
    app.io.on(SOCKET_EVENTS.AUCTION_CHANGED, (change) => broadcast.change(change));
    app.io.on(SOCKET_EVENTS.AD_REMOVED, ({ adId }) => broadcast.removal(adId));

    /**
     * A committed change to the broadcaster, then to the other nodes. Should writing it fail, the
     * command still stands and is answered: its watchers find the gap at the next change and fetch the snapshot.
     */
    function handOver(change: AuctionChange) {
      try {
        broadcast.change(change);
      } catch (error) {
        app.log.error({ err: error, adId: change.auction.adId }, 'broadcasting a committed change failed');
      }
      app.cluster.toOtherNodes(SOCKET_EVENTS.AUCTION_CHANGED, change);
    }

    const queues = createAdCommandQueues<QueuedBid>(decideBids);

    // An ad keeps its slug for life, so the id behind it is read once and kept as that read's promise:
    // every command by slug waits for the same one, and so joins its ad's queue in the order received.
    // Reads of their own, started while the first was under way, could finish in any order.
    const adIdsBySlug = new LruMap<string, Promise<string>>(MOST_ADS_KEPT);
    function adIdOf(ad: KeyedRequest['ad']): Promise<string> {
      if ('id' in ad) return Promise.resolve(ad.id);
      let adId = adIdsBySlug.get(ad.slug);
      if (!adId) {
        adId = readAdId(ad.slug);
        adIdsBySlug.set(ad.slug, adId);
        // A slug no ad has is not kept: the commands waiting with it are refused, later ones read again.
        adId.catch(() => adIdsBySlug.delete(ad.slug));
      }
      return adId;
    }
    async function readAdId(slug: string): Promise<string> {
      const found = await app.db.selectFrom('ads').select('id').where('slug', '=', slug).executeTakeFirst();
      if (!found) throw new AppError(ERROR_CODES.NOT_FOUND);
      return found.id;
    }

    /** The answers kept under the keys of these requests, by `receiptKeyOf`. */
    async function receiptsOf(trx: Kysely<Database>, requests: readonly KeyedRequest[]): Promise<Map<string, ReceiptRow>> {
      const found = await trx
        .selectFrom('command_receipts')
        .select(['user_id', 'idempotency_key', 'command', 'ad_id', 'result'])
        .where('user_id', 'in', [...new Set(requests.map((request) => request.userId))])
        .where('idempotency_key', 'in', [...new Set(requests.map((request) => request.idempotencyKey))])
        .execute();
      return new Map(found.map((receipt) => [receiptKeyOf({ userId: receipt.user_id, idempotencyKey: receipt.idempotency_key }), receipt]));
    }

    /**
     * The write keeping each command's answer under its client's key. Only a key sent at the same moment
     * with a command on another ad (PostgreSQL locks ads apart) can be taken already: that client's retry
     * is then refused as a reused key, rather than the commit failing for every command in it.
     */
    function receiptsWrite(trx: Kysely<Database>, command: KeyedCommand, adId: string, now: number, answered: ReadonlyArray<{ request: KeyedRequest; change: AuctionChange }>) {
      return trx
        .insertInto('command_receipts')
        .values(answered.map(({ request, change }) => ({ user_id: request.userId, idempotency_key: request.idempotencyKey, command, ad_id: adId, result: JSON.stringify(change), created_at: now })))
        .onConflict((conflict) => conflict.columns(['user_id', 'idempotency_key']).doNothing());
    }

    /** The first answer to a key, given again; refused when the key was used for another command or ad. */
    function replay(receipt: { command: string; ad_id: string; result: string }, command: KeyedCommand, adId: string): AuctionCommandOutcome {
      if (receipt.command !== command || receipt.ad_id !== adId) throw new AppError(ERROR_CODES.IDEMPOTENCY_KEY_REUSED);
      return { result: JSON.parse(receipt.result) as AuctionChange, replayed: true };
    }

    /**
     * Decides a run of bids on one ad in one transaction, each at its own receipt time and in receipt
     * order, on the machine's state as the bids before it left it; writes the accepted ones, their
     * receipts and the ad's new `seq` together; then hands the run to the broadcaster as one change and answers each bid.
     */
    async function decideBids(adId: string, bids: QueuedBid[]): Promise<void> {
      const answers: Array<() => void> = [];
      const run = await withLockedAd(app.db, { id: adId }, async (trx, row) => {
        assertAuction(row);
        const requests = bids.map((bid) => bid.request);
        // A bidder's account deleted meanwhile is missing from the standings, and the others' are held
        // until the commit. Not the owner's, whose bid is refused anyway: deleting their account deletes
        // this ad, whose row this transaction holds, and each would wait for the other.
        const bidderIds = [...new Set(requests.map((request) => request.userId))].filter((id) => id !== row.owner_id);
        const [receipts, highestBid, standings, participations] = await Promise.all([
          receiptsOf(trx, requests),
          highestBidOf(trx, row),
          standingsOf(trx, row, bidderIds),
          isPrivateAuction(row) ? participationsOf(trx, row.id, bidderIds) : null,
        ]);
        // The state is placed at the time the lock is held; each bid itself is judged at its receipt.
        const now = Math.max(app.now(), ...requests.map((request) => request.receivedAt));
        let state = auctionStateAt(factsOf(row, highestBid), now);
        const phaseBefore = phaseOfState(state);
        let current = row;
        const accepted: Array<{ bid: Bid; change: AuctionChange; request: QueuedBid['request'] }> = [];
        const acceptedByKey = new Map<string, AuctionChange>();
        for (const queued of bids) {
          const { request } = queued;
          try {
            const receipt = receipts.get(receiptKeyOf(request));
            if (receipt) {
              const outcome = replay(receipt, KEYED_COMMANDS.BID, row.id);
              answers.push(() => queued.resolve(outcome));
              continue;
            }
            // The same key twice in one run: a retry that overtook its own answer.
            const earlier = acceptedByKey.get(receiptKeyOf(request));
            if (earlier) {
              answers.push(() => queued.resolve({ result: earlier, replayed: true }));
              continue;
            }
            if (request.userId !== row.owner_id && participations && participations.get(request.userId) !== 'ACCEPTED') throw new AppError(ERROR_CODES.OFFER_SUBMISSION_NOT_AVAILABLE);
            const offered = { bidderId: request.userId, amount: request.amount, at: request.receivedAt };
            const decided = decideBid(state, offered);
            if (decided.refusal !== null) {
              const { refusal } = decided;
              const code = BID_REFUSAL_ERRORS[refusal];
              // What is wrong with the amount is said on the bid form's amount field.
              const aboutTheAmount = refusal !== BID_REFUSALS.NOT_STARTED && refusal !== BID_REFUSALS.CLOSED && refusal !== BID_REFUSALS.OWN_AUCTION;
              throw new AppError(code, aboutTheAmount ? { amount: code } : undefined);
            }
            // No standing: the account was deleted since the request came in.
            const before = standings.get(request.userId);
            if (!before) throw new AppError(ERROR_CODES.UNAUTHENTICATED);
            const standing = { ...before, highestAmount: Math.max(before.highestAmount, request.amount), bidCount: before.bidCount + 1 };
            standings.set(request.userId, standing);
            const bid: Bid = { id: randomUUID(), seq: current.seq + 1, amount: request.amount, at: request.receivedAt, bidder: { id: standing.id, name: standing.name } };
            state = decided.taken;
            current = { ...current, seq: bid.seq, highest_offer_id: bid.id, bid_count: current.bid_count + 1 };
            const change: AuctionChange = { fromSeq: row.seq + accepted.length, auction: auctionStateFrom(current, state, bid, now), bids: [bid], bidders: [standing] };
            accepted.push({ bid, change, request });
            acceptedByKey.set(receiptKeyOf(request), change);
            answers.push(() => queued.resolve({ result: change, replayed: false }));
          } catch (error) {
            answers.push(() => queued.reject(error));
          }
        }
        if (accepted.length === 0) return null;
        const last = accepted.at(-1)!.change.auction;
        // A round's first bid decided after its end opens the final window: a deadline of its own.
        const nextDeadlineAt = nextDeadlineOf(state);
        await writeTogether(trx, [
          trx
            .insertInto('offers')
            .values(accepted.map(({ bid, request }) => ({ id: bid.id, ad_id: row.id, user_id: request.userId, round: row.round, amount: bid.amount, created_at: bid.at, seq: bid.seq }))),
          receiptsWrite(trx, KEYED_COMMANDS.BID, row.id, now, accepted),
          standingsWrite(trx, row, [...new Set(accepted.map(({ request }) => request.userId))].map((id) => standings.get(id)!)),
          trx
            .updateTable('ads')
            .set({ seq: current.seq, highest_offer_id: current.highest_offer_id, bid_count: current.bid_count, announced_phase: last.phase, next_deadline_at: nextDeadlineAt })
            .where('id', '=', row.id),
        ]);
        return { change: accepted.map(({ change }) => change).reduce(mergeAuctionChanges), phaseBefore };
      });
      // Handed over before the answers settle, so a small room hears of the run with its bidders (the broadcaster decides).
      if (run) handOver(run.change);
      for (const answer of answers) answer();
      if (!run) return;
      // Bids move no deadline, except the first of a round received before its end but decided after
      // it, which opens the final window.
      if (run.change.auction.phase !== run.phaseBefore) for (const listener of listeners) listener(adId);
    }

    /**
     * The common frame of every other keyed command, in the ad's queue: lock, replay a known key,
     * decide, write, keep the receipt, commit, broadcast.
     */
    async function runKeyed(command: KeyedCommand, request: KeyedRequest, decide: (trx: Kysely<Database>, row: AdRow, now: number, snapshot: AuctionSnapshot) => Promise<Decision>): Promise<AuctionCommandOutcome> {
      const adId = await adIdOf(request.ad);
      return queues.command(adId, async () => {
        const outcome = await withLockedAd(app.db, { id: adId }, async (trx, row) => {
          assertAuction(row);
          const [receipts, highestBid] = await Promise.all([receiptsOf(trx, [request]), highestBidOf(trx, row)]);
          const receipt = receipts.get(receiptKeyOf(request));
          if (receipt) return replay(receipt, command, row.id);
          // The state is placed at the time the lock is held; the command itself is judged at its receipt.
          const now = Math.max(app.now(), request.receivedAt);
          const snapshot = auctionStateAt(factsOf(row, highestBid), now);
          const decision = await decide(trx, row, now, snapshot);
          const changed: AdRow = { ...row, ...decision.changes, seq: row.seq + 1 } as AdRow;
          const changedHighestBid = changed.highest_offer_id === row.highest_offer_id ? highestBid : null;
          const state = auctionStateAt(factsOf(changed, changedHighestBid), now);
          const auction = auctionStateFrom(changed, state, changedHighestBid);
          await trx
            .updateTable('ads')
            .set({ ...decision.changes, seq: changed.seq, announced_phase: auction.phase, next_deadline_at: nextDeadlineOf(state) })
            .where('id', '=', row.id)
            .execute();
          await decision.after?.(trx);
          const result: AuctionChange = { fromSeq: row.seq, auction, bids: [], bidders: [] };
          await receiptsWrite(trx, command, row.id, now, [{ request, change: result }]).execute();
          return { result, replayed: false };
        });
        // Still in the ad's turn, so the change is handed to the broadcaster before the next command's.
        if (!outcome.replayed) {
          handOver(outcome.result);
          // The owner's commands and an instant purchase move the auction's deadlines.
          for (const listener of listeners) listener(adId);
        }
        return outcome;
      });
    }

    /** The owner closes the round: sold to the highest bidder (an order, the bid awarded) or declined below the reserve. */
    function closeRound(row: AdRow, snapshot: AuctionSnapshot, now: number, acceptBelowReserve: boolean | undefined): Decision {
      const decision = roundDecisionOf(snapshot.context, acceptBelowReserve);
      const winner = snapshot.context.highestBid!;
      return {
        changes: { round_outcome: decision, round_outcome_at: now },
        after:
          decision === 'FINALISED'
            ? async (trx) => {
                await trx.updateTable('offers').set({ awarded_at: now }).where('id', '=', row.highest_offer_id!).execute();
                await recordOrder(trx, row, { kind: 'AUCTION_WIN', buyerId: winner.bidderId, amount: winner.amount, at: now }, app.config.publicUrl);
              }
            : undefined,
      };
    }

    function assertOwner(row: AdRow, userId: string) {
      if (row.owner_id !== userId) throw new AppError(ERROR_CODES.FORBIDDEN);
    }

    app.decorate('auctions', {
      async placeBid(request) {
        const adId = await adIdOf(request.ad);
        return new Promise((resolve, reject) => queues.bid(adId, { request, resolve, reject }));
      },

      buyNow: ({ agreedPrice, ...request }) =>
        runKeyed(KEYED_COMMANDS.BUY_NOW, request, async (trx, row, now, snapshot) => {
          if (row.type !== 'INSTANT_SALE_AND_AUCTION') throw new AppError(ERROR_CODES.INSTANT_PURCHASE_UNAVAILABLE);
          if (request.userId === row.owner_id) throw new AppError(ERROR_CODES.OWN_AUCTION);
          if (snapshot.matches('scheduled')) throw new AppError(ERROR_CODES.BID_NOT_STARTED);
          if (!snapshot.can({ type: AUCTION_EVENTS.BUY_NOW, buyerId: request.userId, at: request.receivedAt })) throw new AppError(ERROR_CODES.INSTANT_PURCHASE_UNAVAILABLE);
          const agreed = agreedPrice ? await agreedPrice.agree(trx, row, now) : null;
          // A price agreed with another buyer holds the instant purchase for them until they order or it lapses.
          if (!agreed && row.negotiable === 1) {
            const holder = await holderOf(trx, row, now);
            if (holder !== null && holder !== request.userId) throw new AppError(ERROR_CODES.AD_HELD_FOR_BUYER);
          }
          const amount = agreed?.amount ?? row.instant_purchase_amount!;
          // The buyer's account deleted since the request came in: the order has no one to go to.
          const orderId = await recordOrder(trx, row, { kind: agreed ? 'NEGOTIATED' : 'BUY_NOW', buyerId: request.userId, amount, at: now }, app.config.publicUrl).catch((error: unknown) => {
            throw isForeignKeyViolation(error) ? new AppError(ERROR_CODES.UNAUTHENTICATED) : error;
          });
          await agreed?.ordered(orderId);
          return { changes: { round_outcome: 'BOUGHT_OUTRIGHT', round_outcome_at: now, round_buyer_id: request.userId, round_sale_amount: amount, status: 'ENDED', ended_at: now } };
        }),

      finalise: ({ acceptBelowReserve, ...request }) =>
        runKeyed(KEYED_COMMANDS.FINALISE, request, async (_trx, row, now, snapshot) => {
          assertOwner(row, request.userId);
          if (!snapshot.can({ type: AUCTION_EVENTS.FINALISE, by: request.userId, at: now, acceptBelowReserve })) throw new AppError(ERROR_CODES.AUCTION_ACTION_NOT_ALLOWED);
          return closeRound(row, snapshot, now, acceptBelowReserve);
        }),

      startNextSubAuction: ({ acceptBelowReserve, ...request }) =>
        runKeyed(KEYED_COMMANDS.START_NEXT_SUB_AUCTION, request, async (_trx, row, now, snapshot) => {
          assertOwner(row, request.userId);
          const event = { type: AUCTION_EVENTS.START_NEXT_SUB_AUCTION, by: request.userId, at: now, acceptBelowReserve } as const;
          const refusal = nextSubAuctionRefusalOf(snapshot, event);
          if (refusal) throw new AppError(refusal === 'PAST_LIVE_PERIOD' ? ERROR_CODES.SUB_AUCTION_PAST_LIVE_PERIOD : ERROR_CODES.AUCTION_ACTION_NOT_ALLOWED);
          // A round still waiting for the owner is closed by the same decision finalising would take.
          const closing = snapshot.context.outcome === null && snapshot.context.highestBid !== null ? closeRound(row, snapshot, now, acceptBelowReserve) : null;
          return {
            changes: {
              ...UNDECIDED_ROUND,
              round: row.round + 1,
              round_starts_at: now,
              round_ends_at: now + row.sub_auction_duration_ms!,
            },
            after: closing?.after,
          };
        }),

      async announcePhase(adId) {
        const isDue = (deadline: number | null | undefined) => deadline !== null && deadline !== undefined && deadline <= app.now();
        // Read first without the lock (on SQLite the lock is the whole database's): a deadline another
        // node fired already, or a timer a hair early, finds nothing due.
        const seen = await app.db.selectFrom('ads').select('next_deadline_at').where('id', '=', adId).executeTakeFirst();
        if (!isDue(seen?.next_deadline_at)) return seen?.next_deadline_at ?? null;
        return queues.command(adId, async () => {
          const announced = await withLockedAd(app.db, { id: adId }, async (trx, row): Promise<{ result: AuctionChange | null; next: number | null }> => {
            // Under the lock, so a deadline another node (or a command) fired or moved first is not fired again.
            if (!row || !isDue(row.next_deadline_at)) return { result: null, next: row?.next_deadline_at ?? null };
            const storeNext = (next: number | null) => trx.updateTable('ads').set({ next_deadline_at: next }).where('id', '=', adId).execute();
            // No longer an auction anyone can see: time changes nothing of it.
            if (row.status === 'DRAFT' || row.status === 'DELETED' || !isAuctionType(row.type as AdType)) {
              await storeNext(null);
              return { result: null, next: null };
            }
            const now = app.now();
            const highestBid = await highestBidOf(trx, row);
            const state = auctionStateAt(factsOf(row, highestBid), now);
            const next = nextDeadlineOf(state);
            const phase = phaseOfState(state);
            // Stored early (a backfilled deadline): the watchers know this phase already.
            if (phase === row.announced_phase) {
              await storeNext(next);
              return { result: null, next };
            }
            const seq = row.seq + 1;
            await trx.updateTable('ads').set({ seq, announced_phase: phase, next_deadline_at: next }).where('id', '=', adId).execute();
            const result: AuctionChange = { fromSeq: row.seq, auction: auctionStateFrom({ ...row, seq }, state, highestBid), bids: [], bidders: [] };
            return { result, next };
          });
          if (announced.result) handOver(announced.result);
          return announced.next;
        });
      },

      onChange(listener) {
        listeners.push(listener);
      },

      async inTurn(ad, run) {
        return queues.command(await adIdOf(ad), run);
      },

      announceRemoval(adId) {
        broadcast.removal(adId);
        app.cluster.toOtherNodes(SOCKET_EVENTS.AD_REMOVED, { adId });
      },
    });
  },
  { name: 'auctions', dependencies: ['database', 'clock', 'realtime', 'cluster', 'sessions'] },
);
