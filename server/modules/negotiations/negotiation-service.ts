import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { transition } from 'xstate';
import { adPhaseOf, type AdStatus } from '../../../domain/ad';
import { ERROR_CODES } from '../../../domain/errors';
import { DEFAULT_LOCALE } from '../../../domain/locale';
import { minorUnitsPerMajor } from '../../../domain/money';
import { SOCKET_EVENTS, userRoom } from '../../../domain/realtime-events';
import { type NegotiationCommand, negotiationMachine, negotiationRefusal } from '../../../machines/negotiation.machine';
import { withLockedAd } from '../../db/dialect';
import type { AdTable, Database } from '../../db/schema';
import { AppError } from '../../errors';
import { outgoingMessage } from '../../i18n';
import { recordOrder } from '../orders/order-records';
import { holderOf, negotiationColumnsOf, type NegotiationRow, negotiationSnapshotOf } from './negotiation-records';

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

/** The ad a negotiation may run on: a published instant sale whose owner takes offers. */
function assertNegotiable(ad: AdRow | undefined, now: number): asserts ad is AdRow {
  if (!ad || ad.status === 'DRAFT') throw new AppError(ERROR_CODES.NOT_FOUND);
  const running = adPhaseOf({ status: ad.status as AdStatus, endsAt: ad.ends_at }, now) === 'PUBLISHED' && (ad.starts_at === null || ad.starts_at <= now);
  if (!running) throw new AppError(ERROR_CODES.PRODUCT_UNAVAILABLE);
  if (ad.type !== 'INSTANT_SALE' || ad.negotiable !== 1 || ad.price === null) throw new AppError(ERROR_CODES.NOT_NEGOTIABLE);
}

export type NegotiationService = ReturnType<typeof createNegotiationService>;

/**
 * Negotiations as the server keeps them: each command is the negotiation machine's, judged on the
 * stored negotiation at the server's time, in a transaction that holds the ad, so a buyer's offers
 * sent at once are counted one after another against the limit, and two acceptances cannot hold the
 * ad for two buyers. Ordering at the agreed price makes the order and ends the ad in the same transaction.
 */
export function createNegotiationService(app: FastifyInstance) {
  async function tell(ad: AdRow, row: NegotiationRow, movedBy: string) {
    app.io.to([userRoom(ad.owner_id), userRoom(row.buyer_id)]).emit(SOCKET_EVENTS.NEGOTIATION_CHANGED, { slug: ad.slug });
    const toOwner = movedBy === row.buyer_id;
    // The owner hears of a new offer and of their counter-offer taken; a withdrawal or an order tells itself.
    const ownerMessage = row.status === 'OFFERED' ? 'offerMade' : row.status === 'ACCEPTED' ? 'counterAccepted' : null;
    if (toOwner && ownerMessage === null) return;
    const recipient = await app.db.selectFrom('users').select(['email', 'phone']).where('id', '=', toOwner ? ad.owner_id : row.buyer_id).executeTakeFirst();
    if (!recipient) return;
    const message = outgoingMessage(toOwner ? ownerMessage! : 'offerAnswered', DEFAULT_LOCALE, {
      title: ad.title,
      amount: `${(row.agreed_amount ?? row.offer_amount) / minorUnitsPerMajor(ad.currency)} ${ad.currency}`,
      link: `${app.config.publicUrl}/ad/${ad.slug}`,
    });
    const [channel, address] = recipient.email ? (['email', recipient.email] as const) : (['sms', recipient.phone] as const);
    await app.messages.deliver({ channel, recipient: address, ...message }).catch((error: unknown) => app.log.error({ err: error, adId: ad.id }, 'telling of a negotiation failed'));
  }

  async function run(request: NegotiationRequest): Promise<{ row: NegotiationRow; orderId: string | null }> {
    const outcome = await withLockedAd(app.db, { slug: request.slug }, async (trx, ad) => {
      const receipt = await trx.selectFrom('command_receipts').select(['command', 'result', 'ad_id']).where('user_id', '=', request.userId).where('idempotency_key', '=', request.idempotencyKey).executeTakeFirst();
      if (receipt) {
        const sameNegotiation = request.negotiationId === undefined || receipt.result === request.negotiationId;
        if (receipt.command !== request.command || receipt.ad_id !== ad?.id || !sameNegotiation) throw new AppError(ERROR_CODES.IDEMPOTENCY_KEY_REUSED);
        const row = await trx.selectFrom('negotiations').selectAll().where('id', '=', receipt.result).executeTakeFirstOrThrow();
        return { ad: ad!, row, orderId: row.order_id, replayed: true };
      }
      const now = app.now();
      assertNegotiable(ad, now);
      const row = await negotiationRowFor(trx, ad, request);
      const buyerId = row?.buyer_id ?? request.userId;
      // The limit and an agreed price hold for the ad, not for one round of it: a relisted ad carries them over.
      const earlier = row ? undefined : await earlierNegotiationOf(trx, ad, buyerId);
      if (earlier?.agreed) throw new AppError(ERROR_CODES.PRICE_ALREADY_NEGOTIATED);
      const snapshot = negotiationSnapshotOf(ad, buyerId, row, now, earlier?.attemptsUsed ?? 0);
      const event = request.event(snapshot.context.at);
      const refusal = negotiationRefusal(snapshot, event);
      if (refusal) throw new AppError(refusal);
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
        orderId = await recordOrder(trx, ad, { kind: 'NEGOTIATED', buyerId, amount: next.context.agreedAmount!, at: now });
        await trx.updateTable('negotiations').set({ order_id: orderId }).where('id', '=', stored.id).execute();
        await trx.updateTable('ads').set({ status: 'ENDED', ended_at: now, updated_at: now }).where('id', '=', ad.id).execute();
        stored = { ...stored, order_id: orderId };
      }
      await trx
        .insertInto('command_receipts')
        .values({ user_id: request.userId, idempotency_key: request.idempotencyKey, command: request.command, ad_id: ad.id, result: stored.id, created_at: now })
        .execute();
      return { ad, row: stored, orderId, replayed: false };
    });
    if (!outcome.replayed) {
      await tell(outcome.ad, outcome.row, request.userId);
      if (outcome.orderId) await app.orders.announcePlaced(outcome.orderId);
    }
    return { row: outcome.row, orderId: outcome.orderId };
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
