import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { transition } from 'xstate';
import { adPhaseOf, type AdStatus } from '../../../domain/ad';
import { ERROR_CODES, type ErrorCode } from '../../../domain/errors';
import { beatsHighestBid } from '../../../domain/negotiation';
import { minorUnitsPerMajor } from '../../../domain/money';
import { SOCKET_EVENTS, userRoom } from '../../../domain/realtime-events';
import { AUCTION_EVENTS, auctionStateAt } from '../../../machines/auction.machine';
import { NEGOTIATION_EVENTS, type NegotiationCommand, negotiationMachine, negotiationRefusal, type NegotiationSnapshot } from '../../../machines/negotiation.machine';
import { withLockedAd } from '../../db/dialect';
import type { AdTable, Database } from '../../db/schema';
import { AppError } from '../../errors';
import { queueMessageTo } from '../delivery/pending-messages';
import { recordOrder } from '../orders/order-records';
import { factsOf, highestBidOf } from '../auctions/auction-records';
import { holderOf, negotiationColumnsOf, negotiatedPriceOf, type NegotiationRow, negotiationSnapshotOf } from './negotiation-records';

type Db = Kysely<Database>;
type AdRow = Selectable<AdTable>;

/** A command on one buyer's negotiation: the buyer's own, or the owner's answer to a named one. */
export interface NegotiationRequest {
  slug: string;
  userId: string;
  idempotencyKey: string;
  /** The command's name, for its idempotency record. */
  command: string;
  /** The owner's answer names the negotiation; a buyer's command acts on their own. */
  negotiationId?: string;
  event: (at: number) => NegotiationCommand;
}

/**
 * Whether offers are taken on the ad at `now`, and the highest bid a combined type's offers must beat.
 * An instant sale takes them while on sale; the combined type while its auction still sells outright,
 * that is, once started, before its end, and while bidding stays below the instant purchase amount.
 */
export async function negotiationTermsOf(db: Db, ad: AdRow, now: number): Promise<{ refusal: ErrorCode | null; highestBid: number | null }> {
  if (ad.negotiable !== 1 || negotiatedPriceOf(ad) === null) return { refusal: ERROR_CODES.NOT_NEGOTIABLE, highestBid: null };
  if (ad.type === 'INSTANT_SALE') {
    const onSale = adPhaseOf({ status: ad.status as AdStatus, endsAt: ad.ends_at }, now) === 'PUBLISHED' && (ad.starts_at === null || ad.starts_at <= now);
    return { refusal: onSale ? null : ERROR_CODES.PRODUCT_UNAVAILABLE, highestBid: null };
  }
  if (ad.status !== 'PUBLISHED') return { refusal: ERROR_CODES.PRODUCT_UNAVAILABLE, highestBid: null };
  const highestBid = await highestBidOf(db, ad);
  const auction = auctionStateAt(factsOf(ad, highestBid), now);
  // Anyone but the owner: the negotiation machine refuses the owner on their own ad.
  const sellsOutright = auction.can({ type: AUCTION_EVENTS.BUY_NOW, buyerId: '', at: now });
  const refusal = sellsOutright ? null : auction.matches('scheduled') ? ERROR_CODES.BID_NOT_STARTED : ERROR_CODES.NEGOTIATION_CLOSED_BY_AUCTION;
  return { refusal, highestBid: highestBid?.amount ?? null };
}

function assertAboveHighestBid(amount: number | undefined, highestBid: number | null) {
  if (amount !== undefined && !beatsHighestBid(amount, highestBid)) throw new AppError(ERROR_CODES.OFFER_NOT_ABOVE_BID, { amount: ERROR_CODES.OFFER_NOT_ABOVE_BID });
}

/** The amount an event puts forward or agrees to, on the negotiation as it stands. */
function amountAgreedOrOffered(snapshot: NegotiationSnapshot, event: NegotiationCommand): number | undefined {
  if (event.type === NEGOTIATION_EVENTS.OFFER || event.type === NEGOTIATION_EVENTS.COUNTER) return event.amount;
  if (event.type === NEGOTIATION_EVENTS.ACCEPT) return snapshot.context.offer?.amount;
  if (event.type === NEGOTIATION_EVENTS.ACCEPT_COUNTER) return snapshot.context.counter?.amount;
  if (event.type === NEGOTIATION_EVENTS.ORDER) return snapshot.context.agreedAmount ?? undefined;
  return undefined;
}

export type NegotiationService = ReturnType<typeof createNegotiationService>;

/**
 * Negotiations as the server keeps them: each command is the negotiation machine's, judged on the
 * stored negotiation at the server's time, in a transaction that holds the ad, so a buyer's offers
 * sent at once are counted one after another against the limit, and two acceptances cannot hold the
 * ad for two buyers. Ordering at the agreed price makes the order and ends the ad in the same transaction.
 */
export function createNegotiationService(app: FastifyInstance) {
  /** Queues, in the transaction of the move, the message that tells the other side of it. */
  async function queueMessageOf(trx: Db, ad: AdRow, row: NegotiationRow, movedBy: string, at: number) {
    const toOwner = movedBy === row.buyer_id;
    // The owner hears of a new offer and of their counter-offer taken; a withdrawal or an order tells itself.
    const ownerMessage = row.status === 'OFFERED' ? 'offerMade' : row.status === 'ACCEPTED' ? 'counterAccepted' : null;
    if (toOwner && ownerMessage === null) return;
    const recipient = await trx.selectFrom('users').select(['email', 'phone', 'locale']).where('id', '=', toOwner ? ad.owner_id : row.buyer_id).executeTakeFirst();
    if (!recipient) return;
    const values = {
      title: ad.title,
      amount: `${(row.agreed_amount ?? row.offer_amount) / minorUnitsPerMajor(ad.currency)} ${ad.currency}`,
      link: `${app.config.publicUrl}/ad/${ad.slug}`,
    };
    await queueMessageTo(trx, recipient, toOwner ? ownerMessage! : 'offerAnswered', values, at);
  }

  /** Once a move committed: both people's open pages hear of it, and its message leaves. */
  function tell(ad: AdRow, row: NegotiationRow) {
    app.io.to([userRoom(ad.owner_id), userRoom(row.buyer_id)]).emit(SOCKET_EVENTS.NEGOTIATION_CHANGED, { slug: ad.slug });
    app.messages.sendSoon();
  }

  async function run(request: NegotiationRequest): Promise<{ row: NegotiationRow; orderId: string | null }> {
    if (request.event(0).type === NEGOTIATION_EVENTS.ORDER) {
      const ad = await app.db.selectFrom('ads').select(['id', 'type']).where('slug', '=', request.slug).executeTakeFirst();
      if (ad?.type === 'INSTANT_SALE_AND_AUCTION') return orderThroughAuction(request, ad.id);
    }
    const outcome = await withLockedAd(app.db, { slug: request.slug }, async (trx, ad) => {
      const receipt = await trx.selectFrom('command_receipts').select(['command', 'result', 'ad_id']).where('user_id', '=', request.userId).where('idempotency_key', '=', request.idempotencyKey).executeTakeFirst();
      if (receipt) {
        const sameNegotiation = request.negotiationId === undefined || receipt.result === request.negotiationId;
        if (receipt.command !== request.command || receipt.ad_id !== ad?.id || !sameNegotiation) throw new AppError(ERROR_CODES.IDEMPOTENCY_KEY_REUSED);
        const row = await trx.selectFrom('negotiations').selectAll().where('id', '=', receipt.result).executeTakeFirstOrThrow();
        return { ad: ad!, row, orderId: row.order_id, replayed: true };
      }
      const now = app.now();
      if (!ad || ad.status === 'DRAFT') throw new AppError(ERROR_CODES.NOT_FOUND);
      const terms = await negotiationTermsOf(trx, ad, now);
      if (terms.refusal) throw new AppError(terms.refusal);
      const row = await negotiationRowFor(trx, ad, request);
      const buyerId = row?.buyer_id ?? request.userId;
      // The limit and an agreed price hold for the ad, not for one round of it: a relisted ad carries them over.
      const earlier = row ? undefined : await earlierNegotiationOf(trx, ad, buyerId);
      if (earlier?.agreed) throw new AppError(ERROR_CODES.PRICE_ALREADY_NEGOTIATED);
      const snapshot = negotiationSnapshotOf(ad, buyerId, row, now, earlier?.attemptsUsed ?? 0);
      const event = request.event(snapshot.context.at);
      const refusal = negotiationRefusal(snapshot, event);
      if (refusal) throw new AppError(refusal);
      assertAboveHighestBid(amountAgreedOrOffered(snapshot, event), terms.highestBid);
      // One agreed price holds the ad at a time; the owner answers the others once it lapses.
      if ((event.type === 'ACCEPT' || event.type === 'ACCEPT_COUNTER') && (await holderOf(trx, ad, now)) !== null) throw new AppError(ERROR_CODES.AD_HELD_FOR_BUYER);
      const [next] = transition(negotiationMachine, snapshot, event);
      const columns = negotiationColumnsOf(next);
      let stored: NegotiationRow;
      if (row) {
        await trx.updateTable('negotiations').set(columns).where('id', '=', row.id).execute();
        stored = { ...row, ...columns };
      } else {
        stored = { id: randomUUID(), ad_id: ad.id, round: ad.round, buyer_id: buyerId, order_id: null, created_at: now, ...columns };
        await trx.insertInto('negotiations').values(stored).execute();
      }
      let orderId: string | null = null;
      if (event.type === 'ORDER') {
        orderId = await recordOrder(trx, ad, { kind: 'NEGOTIATED', buyerId, amount: next.context.agreedAmount!, at: now }, app.config.publicUrl);
        await trx.updateTable('negotiations').set({ order_id: orderId }).where('id', '=', stored.id).execute();
        await trx.updateTable('ads').set({ status: 'ENDED', ended_at: now, updated_at: now }).where('id', '=', ad.id).execute();
        stored = { ...stored, order_id: orderId };
      }
      await queueMessageOf(trx, ad, stored, request.userId, now);
      await trx
        .insertInto('command_receipts')
        .values({ user_id: request.userId, idempotency_key: request.idempotencyKey, command: request.command, ad_id: ad.id, result: stored.id, created_at: now })
        .execute();
      return { ad, row: stored, orderId, replayed: false };
    });
    if (!outcome.replayed) {
      tell(outcome.ad, outcome.row);
      if (outcome.orderId) await app.orders.announcePlaced(outcome.orderId);
    }
    return { row: outcome.row, orderId: outcome.orderId };
  }

  /**
   * Ordering at a price agreed on the combined type is buying its auction's item outright at that
   * price: the bid engine ends the auction (in turn with its bids, told to its watchers) and makes the
   * order, and the negotiation is judged and written in the same transaction.
   */
  async function orderThroughAuction(request: NegotiationRequest, adId: string): Promise<{ row: NegotiationRow; orderId: string | null }> {
    const outcome: { ordered?: { ad: AdRow; row: NegotiationRow; orderId: string } } = {};
    const { replayed } = await app.auctions.buyNow({
      ad: { id: adId },
      userId: request.userId,
      idempotencyKey: request.idempotencyKey,
      receivedAt: app.now(),
      agreedPrice: {
        agree: async (trx, ad, now) => {
          const row = await negotiationRowFor(trx, ad, request);
          const snapshot = negotiationSnapshotOf(ad, request.userId, row, now);
          const event = request.event(snapshot.context.at);
          const refusal = negotiationRefusal(snapshot, event);
          if (refusal) throw new AppError(refusal);
          const [next] = transition(negotiationMachine, snapshot, event);
          const amount = next.context.agreedAmount!;
          assertAboveHighestBid(amount, (await highestBidOf(trx, ad))?.amount ?? null);
          return {
            amount,
            ordered: async (orderId) => {
              const columns = { ...negotiationColumnsOf(next), order_id: orderId };
              await trx.updateTable('negotiations').set(columns).where('id', '=', row!.id).execute();
              outcome.ordered = { ad, row: { ...row!, ...columns }, orderId };
              await queueMessageOf(trx, ad, outcome.ordered.row, request.userId, now);
            },
          };
        },
      },
    });
    if (replayed || !outcome.ordered) {
      const row = await app.db.selectFrom('negotiations').selectAll().where('ad_id', '=', adId).where('buyer_id', '=', request.userId).orderBy('round', 'desc').executeTakeFirstOrThrow();
      return { row, orderId: row.order_id };
    }
    const { ad, row, orderId } = outcome.ordered;
    tell(ad, row);
    await app.orders.announcePlaced(orderId);
    return { row, orderId };
  }

  /** What the buyer's negotiations in the ad's earlier rounds leave: offers spent, and whether a price was agreed. */
  async function earlierNegotiationOf(trx: Db, ad: AdRow, buyerId: string) {
    const rows = await trx.selectFrom('negotiations').select(['attempts_used', 'agreed_amount']).where('ad_id', '=', ad.id).where('buyer_id', '=', buyerId).where('round', '<', ad.round).execute();
    return { attemptsUsed: Math.max(0, ...rows.map((one) => one.attempts_used)), agreed: rows.some((one) => one.agreed_amount !== null) };
  }

  /** The negotiation a command acts on: the buyer's own, or the one the owner names (of this ad's round only). */
  async function negotiationRowFor(trx: Db, ad: AdRow, request: NegotiationRequest): Promise<NegotiationRow | undefined> {
    if (request.negotiationId === undefined) {
      return trx.selectFrom('negotiations').selectAll().where('ad_id', '=', ad.id).where('round', '=', ad.round).where('buyer_id', '=', request.userId).executeTakeFirst();
    }
    if (ad.owner_id !== request.userId) throw new AppError(ERROR_CODES.FORBIDDEN);
    const row = await trx.selectFrom('negotiations').selectAll().where('id', '=', request.negotiationId).where('ad_id', '=', ad.id).where('round', '=', ad.round).executeTakeFirst();
    if (!row) throw new AppError(ERROR_CODES.NOT_FOUND);
    return row;
  }

  return {
    run,

    /** Writes the status the clock gave negotiations past a deadline (an expiry, an order window that lapsed); answers how many moved. */
    async applyDeadlines(): Promise<number> {
      const now = app.now();
      const due = await app.db
        .selectFrom('negotiations as n')
        .innerJoin('ads as a', 'a.id', 'n.ad_id')
        .selectAll('n')
        .select(['a.owner_id', 'a.price'])
        .where('n.next_deadline_at', '<=', now)
        .execute();
      let moved = 0;
      for (const row of due) {
        const ad = { owner_id: row.owner_id, price: row.price } as AdRow;
        const snapshot = negotiationSnapshotOf(ad, row.buyer_id, row, now);
        const columns = negotiationColumnsOf(snapshot);
        if (columns.status === row.status && columns.next_deadline_at === row.next_deadline_at) continue;
        await app.db.updateTable('negotiations').set(columns).where('id', '=', row.id).where('updated_at', '=', row.updated_at).execute();
        moved += 1;
      }
      return moved;
    },
  };
}
