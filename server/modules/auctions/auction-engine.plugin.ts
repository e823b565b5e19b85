import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Kysely, Updateable } from 'kysely';
import { type AdType, isAuctionType } from '../../../domain/ad';
import type { AuctionCommandResult, AuctionPhase, Bid } from '../../../domain/auction';
import { ERROR_CODES } from '../../../domain/errors';
import { adRoom, SOCKET_EVENTS } from '../../../domain/realtime-events';
import { AUCTION_EVENTS, type AuctionSnapshot, auctionStateAt, BID_REFUSAL_ERRORS, BID_REFUSALS, bidRefusalOf, nextDeadlineOf, nextSubAuctionRefusalOf, roundDecisionOf } from '../../../machines/auction.machine';
import { withLockedAd } from '../../db/dialect';
import type { AdTable, Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { AdRow } from '../ads/ad-records';
import { assertAuction, auctionStateOf, bidderOf, factsOf, highestBidOf, isPrivateAuction, participationOf, phaseOf, recordOrder, UNDECIDED_ROUND } from './auction-records';

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

/** A committed command's answer, and whether it is the first answer given again to a retry. */
export interface AuctionCommandOutcome {
  result: AuctionCommandResult;
  replayed: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    auctions: {
      placeBid(request: KeyedRequest & { amount: number }): Promise<AuctionCommandOutcome>;
      buyNow(request: KeyedRequest): Promise<AuctionCommandOutcome>;
      finalise(request: KeyedRequest & { acceptBelowReserve?: boolean }): Promise<AuctionCommandOutcome>;
      startNextSubAuction(request: KeyedRequest & { acceptBelowReserve?: boolean }): Promise<AuctionCommandOutcome>;
      /**
       * Broadcasts, once, a change of phase that time alone made (a start, an end, the final window
       * closing) and answers when the auction next changes by itself; null when it never will.
       */
      announcePhase(adId: string): Promise<number | null>;
      /** Listeners told after each committed command that moves the auction's deadlines: the scheduler re-arms from them. */
      onChange(listener: (adId: string) => void): void;
    };
  }
}

/** What one command decided inside its transaction: the ad's new columns, rows to add, and the bid it took. */
interface Decision {
  changes: Updateable<AdTable>;
  bid?: Bid;
  after?: (trx: Kysely<Database>) => Promise<void>;
}

/**
 * The bid engine: the only writer of an auction's state. Each command runs in one transaction
 * holding the ad's write lock (`withLockedAd`): it reads the ad, asks the auction machine whether the
 * command is allowed at the server's time, writes the change with the ad's next `seq` and a receipt of
 * its answer under the client's key, and commits. Only then does the answer go back and the change go
 * out to the ad's room, so no watcher hears of anything that could still roll back.
 */
export default fp(
  async (app) => {
    const listeners: ((adId: string) => void)[] = [];

    // After the command's own answer has gone: writing one frame per watcher is the costliest step of a
    // change, and the bidder waiting for the ack should not wait for a thousand watchers. setImmediate
    // runs in order, so changes still go out in `seq` order.
    function broadcast(result: AuctionCommandResult) {
      setImmediate(() => app.io.to(adRoom(result.auction.adId)).emit(SOCKET_EVENTS.AUCTION_CHANGED, result));
    }

    /**
     * The common frame of every keyed command: lock, replay a known key, decide, write, keep the
     * receipt, commit, broadcast.
     */
    async function runKeyed(command: KeyedCommand, request: KeyedRequest, decide: (trx: Kysely<Database>, row: AdRow, now: number, snapshot: AuctionSnapshot) => Promise<Decision>): Promise<AuctionCommandOutcome> {
      const outcome = await withLockedAd(app.db, request.ad, async (trx, row) => {
        assertAuction(row);
        const receipt = await trx
          .selectFrom('command_receipts')
          .select(['command', 'ad_id', 'result'])
          .where('user_id', '=', request.userId)
          .where('idempotency_key', '=', request.idempotencyKey)
          .executeTakeFirst();
        if (receipt) {
          if (receipt.command !== command || receipt.ad_id !== row.id) throw new AppError(ERROR_CODES.IDEMPOTENCY_KEY_REUSED);
          return { result: JSON.parse(receipt.result) as AuctionCommandResult, replayed: true };
        }
        // The state is placed at the time the lock is held; the command itself is judged at its receipt.
        const now = Math.max(app.now(), request.receivedAt);
        const highestBid = await highestBidOf(trx, row);
        const snapshot = auctionStateAt(factsOf(row, highestBid), now);
        const decision = await decide(trx, row, now, snapshot);
        const changed: AdRow = { ...row, ...decision.changes, seq: row.seq + 1 } as AdRow;
        const newHighest = decision.bid ?? (changed.highest_offer_id === row.highest_offer_id ? highestBid : null);
        const auction = auctionStateOf(changed, newHighest, now);
        await trx
          .updateTable('ads')
          .set({ ...decision.changes, seq: changed.seq, announced_phase: auction.phase })
          .where('id', '=', row.id)
          .execute();
        await decision.after?.(trx);
        const result: AuctionCommandResult = { auction, bid: decision.bid ?? null };
        await trx
          .insertInto('command_receipts')
          .values({ user_id: request.userId, idempotency_key: request.idempotencyKey, command, ad_id: row.id, result: JSON.stringify(result), created_at: now })
          .execute();
        return { result, replayed: false };
      });
      if (!outcome.replayed) {
        broadcast(outcome.result);
        // A bid moves no deadline; the owner's commands and an instant purchase do.
        if (outcome.result.bid === null) for (const listener of listeners) listener(outcome.result.auction.adId);
      }
      return outcome;
    }

    async function assertMayBid(trx: Kysely<Database>, row: AdRow, userId: string) {
      if (userId === row.owner_id || !isPrivateAuction(row)) return;
      if ((await participationOf(trx, row.id, userId)) !== 'ACCEPTED') throw new AppError(ERROR_CODES.OFFER_SUBMISSION_NOT_AVAILABLE);
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
                await recordOrder(trx, row, { kind: 'AUCTION_WIN', buyerId: winner.bidderId, amount: winner.amount, at: now });
              }
            : undefined,
      };
    }

    function assertOwner(row: AdRow, userId: string) {
      if (row.owner_id !== userId) throw new AppError(ERROR_CODES.FORBIDDEN);
    }

    app.decorate('auctions', {
      placeBid: ({ amount, ...request }) =>
        runKeyed(KEYED_COMMANDS.BID, request, async (trx, row, now, snapshot) => {
          await assertMayBid(trx, row, request.userId);
          const at = request.receivedAt;
          const refusal = bidRefusalOf(snapshot, { bidderId: request.userId, amount, at });
          if (refusal) {
            const code = BID_REFUSAL_ERRORS[refusal];
            // What is wrong with the amount is said on the bid form's amount field.
            const aboutTheAmount = refusal !== BID_REFUSALS.NOT_STARTED && refusal !== BID_REFUSALS.CLOSED && refusal !== BID_REFUSALS.OWN_AUCTION;
            throw new AppError(code, aboutTheAmount ? { amount: code } : undefined);
          }
          const bid: Bid = { id: randomUUID(), seq: row.seq + 1, amount, at, bidder: await bidderOf(trx, request.userId) };
          await trx.insertInto('offers').values({ id: bid.id, ad_id: row.id, user_id: request.userId, round: row.round, amount, created_at: at, seq: bid.seq }).execute();
          return { changes: { highest_offer_id: bid.id, bid_count: row.bid_count + 1 }, bid };
        }),

      buyNow: (request) =>
        runKeyed(KEYED_COMMANDS.BUY_NOW, request, async (trx, row, now, snapshot) => {
          if (row.type !== 'INSTANT_SALE_AND_AUCTION') throw new AppError(ERROR_CODES.INSTANT_PURCHASE_UNAVAILABLE);
          if (request.userId === row.owner_id) throw new AppError(ERROR_CODES.OWN_AUCTION);
          if (snapshot.matches('scheduled')) throw new AppError(ERROR_CODES.BID_NOT_STARTED);
          if (!snapshot.can({ type: AUCTION_EVENTS.BUY_NOW, buyerId: request.userId, at: request.receivedAt })) throw new AppError(ERROR_CODES.INSTANT_PURCHASE_UNAVAILABLE);
          const amount = row.instant_purchase_amount!;
          await recordOrder(trx, row, { kind: 'INSTANT_PURCHASE', buyerId: request.userId, amount, at: now });
          return { changes: { round_outcome: 'BOUGHT_OUTRIGHT', round_outcome_at: now, round_buyer_id: request.userId, status: 'ENDED', ended_at: now } };
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
        /** Where the auction stands now, and whether that is news to its watchers. */
        const standing = async (db: Kysely<Database>, row: AdRow | undefined) => {
          if (!row || row.status === 'DRAFT' || row.status === 'DELETED' || !isAuctionType(row.type as AdType)) return null;
          const now = app.now();
          const highestBid = await highestBidOf(db, row);
          const facts = factsOf(row, highestBid);
          const phase: AuctionPhase = phaseOf(facts, now);
          return { row, now, highestBid, phase, next: nextDeadlineOf(auctionStateAt(facts, now)), isNews: phase !== row.announced_phase };
        };
        // Read first without the lock (on SQLite the lock is the whole database's): most reads find nothing new.
        const seen = await standing(app.db, await app.db.selectFrom('ads').selectAll().where('id', '=', adId).executeTakeFirst());
        if (!seen?.isNews) return seen?.next ?? null;
        const announced = await withLockedAd(app.db, { id: adId }, async (trx, row) => {
          const current = await standing(trx, row);
          // Under the lock, so another node (or a command) that announced it first leaves nothing to say.
          if (!current?.isNews) return { result: null, next: current?.next ?? null };
          const { now, highestBid, phase, next } = current;
          await trx.updateTable('ads').set({ seq: current.row.seq + 1, announced_phase: phase }).where('id', '=', adId).execute();
          return { result: { auction: auctionStateOf({ ...current.row, seq: current.row.seq + 1 }, highestBid, now), bid: null }, next };
        });
        if (announced.result) broadcast(announced.result);
        return announced.next;
      },

      onChange(listener) {
        listeners.push(listener);
      },
    });
  },
  { name: 'auctions', dependencies: ['database', 'clock', 'realtime'] },
);
