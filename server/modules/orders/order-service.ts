import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { transition } from 'xstate';
import { ERROR_CODES, type ErrorCode } from '../../../domain/errors';
import type { Order, OrderActor, OrderStatus } from '../../../domain/orders';
import { SOCKET_EVENTS, userRoom } from '../../../domain/realtime-events';
import type { Locale } from '../../../domain/locale';
import { ORDER_EVENTS, type OrderEvent, orderDeadlineOf, orderMachine, orderStateOf, orderStatusOf, passDeadlines } from '../../../machines/order.machine';
import type { Database, OrderTable } from '../../db/schema';
import { AppError } from '../../errors';
import type { PaymentRow } from '../payments/payment-service';
import { isForeignKeyViolation, withLockedAd } from '../../db/dialect';
import { queueOrderMessages } from './order-messages';
import { hasLiveOrder, lockedOrder, nextBidderOf, orderContextOf, orderHistoryOf, orderRows, orderStateAt, orderSummaryOf, recordOrder } from './order-records';

type Db = Kysely<Database>;
type StoredOrder = Selectable<OrderTable>;

export const ORDER_PURPOSE = 'ORDER';
const NEXT_BIDDER_COMMAND = 'ORDER_OFFER_NEXT_BIDDER';

/** A person's command to an order, keyed so that a retry does it once. */
export interface OrderCommand {
  orderId: string;
  userId: string;
  idempotencyKey: string;
}

interface Move {
  /** The event the command sends at server time `now`; null for the clock alone. */
  event: (row: StoredOrder, now: number) => OrderEvent | null;
  /** The command's name for its idempotency record. */
  command: string;
  /** What else the move writes with the order (a tracking note, a reason, a payment). */
  write?: (trx: Db, row: StoredOrder, now: number) => Promise<Partial<StoredOrder>>;
  /** The note the history shows with the move. */
  note?: string | null;
}

/** Why the machine refuses an event, in the words the person can act on. */
function refusalOf(event: OrderEvent, snapshot: ReturnType<typeof orderStateAt>): ErrorCode {
  const { context } = snapshot;
  const byBuyer = 'by' in event && event.by === context.buyerId;
  const bySeller = 'by' in event && event.by === context.sellerId;
  const beforeShipping = snapshot.matches('placed') || snapshot.matches('awaitingPayment') || snapshot.matches('cashOnDelivery') || snapshot.matches('paid');
  if (event.type === ORDER_EVENTS.CANCEL && bySeller && beforeShipping) return ERROR_CODES.CANCEL_REASON_REQUIRED;
  if (event.type === ORDER_EVENTS.CHOOSE_CASH_ON_DELIVERY && byBuyer && !context.cashOnDeliveryAllowed) return ERROR_CODES.CASH_ON_DELIVERY_NOT_OFFERED;
  return ERROR_CODES.ORDER_ACTION_NOT_ALLOWED;
}

/** One more move in the order's history, after the ones before it. */
async function appendHistory(trx: Db, orderId: string, step: { status: OrderStatus; actor: OrderActor; note: string | null; at: number }) {
  const { last } = await trx.selectFrom('order_events').select((eb) => eb.fn.max('position').as('last')).where('order_id', '=', orderId).executeTakeFirstOrThrow();
  await trx.insertInto('order_events').values({ order_id: orderId, position: Number(last ?? 0) + 1, ...step }).execute();
}


export type OrderService = ReturnType<typeof createOrderService>;

/**
 * Orders as the server keeps them: every move is the order machine's, judged on the stored order
 * moved to the server's time, in a transaction that holds the order's row; a keyed command is done
 * once. The message to the other side is queued in the same transaction; after the commit both
 * people's open pages hear of the move, and the message leaves.
 */
export function createOrderService(app: FastifyInstance) {
  const { db } = app;

  /** Once a move committed: both people's open pages hear of it, and the message it queued leaves. */
  function announce(row: StoredOrder, status: OrderStatus) {
    app.io.to([userRoom(row.buyer_id), userRoom(row.seller_id)]).emit(SOCKET_EVENTS.ORDER_CHANGED, { orderId: row.id, status });
    app.messages.sendSoon();
  }

  /**
   * Moves the order by the command's event (or by the clock alone), writing each status it passes
   * through in the history. Answers the order as stored after the move.
   */
  async function move(orderId: string, by: { userId: string; idempotencyKey: string } | null, spec: Move): Promise<{ row: StoredOrder; replayed: boolean; changed: boolean }> {
    const outcome = await db.transaction().execute(async (trx) => {
      const row = await lockedOrder(trx, orderId);
      if (!row || (by && row.buyer_id !== by.userId && row.seller_id !== by.userId)) throw new AppError(ERROR_CODES.NOT_FOUND);
      // Read with the order held, so a retry sent at once waits for the first and finds its record.
      if (by) {
        const receipt = await trx.selectFrom('command_receipts').select(['command', 'result']).where('user_id', '=', by.userId).where('idempotency_key', '=', by.idempotencyKey).executeTakeFirst();
        if (receipt) {
          if (receipt.command !== spec.command || receipt.result !== orderId) throw new AppError(ERROR_CODES.IDEMPOTENCY_KEY_REUSED);
          return { row, replayed: true, changed: false };
        }
      }
      const now = Math.max(app.now(), row.updated_at ?? row.created_at);
      // The clock moves the order first, each deadline that passed at its own time (delivery taken as
      // made, then completion), written in the history so; then the command does, at `now`.
      const { snapshot: ticked, steps: byClock } = passDeadlines(orderStateOf(row.status as OrderStatus, orderContextOf(row)), now);
      const steps: { status: OrderStatus; actor: OrderActor; note: string | null; at: number }[] = byClock.map((step) => ({ ...step, actor: 'TIME', note: null }));
      let next = ticked;
      const event = spec.event(row, now);
      if (event) {
        if (!ticked.can(event)) throw new AppError(refusalOf(event, ticked));
        next = transition(orderMachine, ticked, event)[0];
        const actor = by?.userId === row.buyer_id ? 'BUYER' : 'SELLER';
        if (orderStatusOf(next) !== orderStatusOf(ticked)) steps.push({ status: orderStatusOf(next), actor, note: spec.note ?? null, at: now });
      }
      const extra = spec.write ? await spec.write(trx, row, now) : {};
      if (steps.length === 0 && Object.keys(extra).length === 0) return { row, replayed: false, changed: false };
      const changes = {
        ...extra,
        status: orderStatusOf(next),
        shipped_at: next.context.shippedAt,
        delivered_at: next.context.deliveredAt,
        cancelled_by: next.context.cancelledBy,
        next_deadline_at: orderDeadlineOf(next),
        updated_at: now,
      };
      await trx.updateTable('orders').set(changes).where('id', '=', row.id).execute();
      for (const step of steps) await appendHistory(trx, row.id, step);
      // Each step is told: delivered and completed both, when the clock made the two at once.
      for (const step of steps) await queueOrderMessages(trx, row, step.status, step.actor === 'TIME' ? null : (by?.userId ?? null), { publicUrl: app.config.publicUrl, at: now });
      if (changes.status === 'CANCELLED') await relistAd(trx, row);
      if (by) await trx.insertInto('command_receipts').values({ user_id: by.userId, idempotency_key: by.idempotencyKey, command: spec.command, ad_id: row.ad_id, result: row.id, created_at: now }).execute();
      return { row: { ...row, ...changes } as StoredOrder, replayed: false, changed: steps.length > 0 };
    });
    if (outcome.changed) {
      await afterMove(outcome.row);
      announce(outcome.row, outcome.row.status as OrderStatus);
    }
    return outcome;
  }

  /** What a move sets going once committed: a paid cancelled order's refund (retried by the deadline job if the provider fails). */
  async function afterMove(row: StoredOrder) {
    if (row.status === 'CANCELLED') await refundUnwantedPayments(row.id);
  }

  /**
   * An instant sale whose order was cancelled (bought outright or at a negotiated price) goes back on
   * sale, in a new round for its next buyer, in the cancelling transaction. An auction's item stays
   * with its ended auction: the owner offers it to the next bidder or reposts it.
   */
  async function relistAd(trx: Db, row: StoredOrder) {
    if (row.kind !== 'INSTANT_PURCHASE' && row.kind !== 'NEGOTIATED') return;
    await trx
      .updateTable('ads')
      .set((eb) => ({ status: 'PUBLISHED', ended_at: null, round: eb('round', '+', 1), updated_at: app.now() }))
      .where('id', '=', row.ad_id)
      .where('type', '=', 'INSTANT_SALE')
      .where('status', '=', 'ENDED')
      .where('round', '=', row.round)
      .execute();
  }

  /** Refunds an order's successful payments it does not keep: all of a cancelled order's, any but the one a paid order kept. */
  async function refundUnwantedPayments(orderId?: string) {
    let query = db
      .selectFrom('payments as p')
      .innerJoin('orders as o', 'o.id', 'p.subject_id')
      .selectAll('p')
      .where('p.purpose', '=', ORDER_PURPOSE)
      .where('p.status', '=', 'SUCCEEDED')
      .where((eb) => eb.or([eb('o.status', '=', 'CANCELLED'), eb('o.payment_id', 'is', null), eb('o.payment_id', '!=', eb.ref('p.id'))]));
    if (orderId) query = query.where('o.id', '=', orderId);
    for (const payment of (await query.execute()) as PaymentRow[]) {
      await app.payments.refund(payment, `refund-${payment.id}`).catch((error: unknown) => app.log.error({ err: error, paymentId: payment.id }, 'refunding an order payment failed'));
    }
  }

  async function viewOf(orderId: string, userId: string, locale: Locale): Promise<Order> {
    const row = await orderRows(db).where('o.id', '=', orderId).executeTakeFirst();
    if (!row || (row.buyer_id !== userId && row.seller_id !== userId)) throw new AppError(ERROR_CODES.NOT_FOUND);
    const [history, payment, nextBidder] = await Promise.all([
      orderHistoryOf(db, orderId),
      row.payment_id ? db.selectFrom('payments').selectAll().where('id', '=', row.payment_id).executeTakeFirst() : undefined,
      row.seller_id === userId && row.status === 'CANCELLED' && !(await hasLiveOrder(db, row.ad_id, row.round))
        ? nextBidderOf(db, await db.selectFrom('ads').selectAll().where('id', '=', row.ad_id).executeTakeFirstOrThrow(), row)
        : null,
    ]);
    // The buyer's own payment only: the seller learns that it was paid from the status.
    const ownPayment = payment && payment.user_id === userId ? app.payments.viewOf(payment, locale) : null;
    return {
      ...orderSummaryOf(row, userId, app.now()),
      history,
      payment: ownPayment,
      nextBidder: nextBidder && { fullName: nextBidder.fullName, amount: nextBidder.amount },
    };
  }

  /** Tells of a new order, whose message its sale queued. */
  function announceNew(row: StoredOrder | undefined) {
    if (row) announce(row, 'PLACED');
  }

  /**
   * The seller offers the item of a cancelled auction order to the next highest bidder at their bid:
   * a new order of the same round, which that bidder pays in the usual time or cancels. Made with the
   * ad held and in its turn among the ad's commands, so it cannot cross a repost; a retry answers the same order.
   */
  async function offerToNextBidder(command: OrderCommand): Promise<{ orderId: string; replayed: boolean }> {
    const stored = await db.selectFrom('orders').select(['ad_id', 'seller_id']).where('id', '=', command.orderId).executeTakeFirst();
    if (!stored || stored.seller_id !== command.userId) throw new AppError(ERROR_CODES.NOT_FOUND);
    // A deadline that passed is written first: the order reads as cancelled by time only once stored so.
    await move(command.orderId, null, { command: 'TICK', event: () => null });
    const outcome = await app.auctions.inTurn({ id: stored.ad_id }, () =>
      withLockedAd(db, { id: stored.ad_id }, async (trx, ad) => {
        const receipt = await trx.selectFrom('command_receipts').select(['command', 'result', 'ad_id']).where('user_id', '=', command.userId).where('idempotency_key', '=', command.idempotencyKey).executeTakeFirst();
        if (receipt) {
          // The receipt keeps the order offered from and the order made.
          const [offeredFrom, made] = receipt.result.split(' ');
          if (receipt.command !== NEXT_BIDDER_COMMAND || offeredFrom !== command.orderId || !made) throw new AppError(ERROR_CODES.IDEMPOTENCY_KEY_REUSED);
          return { orderId: made, replayed: true };
        }
        // Cancelled is final: the order needs no lock of its own, and taking one after the ad's would cross a cancel's order of locks.
        const row = await trx.selectFrom('orders').selectAll().where('id', '=', command.orderId).executeTakeFirstOrThrow();
        if (!ad || row.status !== 'CANCELLED' || ad.round !== row.round || (await hasLiveOrder(trx, ad.id, row.round))) throw new AppError(ERROR_CODES.ORDER_ACTION_NOT_ALLOWED);
        const next = await nextBidderOf(trx, ad, row);
        if (!next) throw new AppError(ERROR_CODES.NO_NEXT_BIDDER);
        const now = app.now();
        const orderId = await recordOrder(trx, ad, { kind: 'NEXT_BIDDER', buyerId: next.userId, amount: next.amount, at: now }, app.config.publicUrl).catch((error: unknown) => {
          // The bidder's account deleted meanwhile: asked again, the offer goes to the one after.
          throw isForeignKeyViolation(error) ? new AppError(ERROR_CODES.NO_NEXT_BIDDER) : error;
        });
        await trx.updateTable('offers').set({ awarded_at: now }).where('id', '=', next.offerId).execute();
        await trx
          .insertInto('command_receipts')
          .values({ user_id: command.userId, idempotency_key: command.idempotencyKey, command: NEXT_BIDDER_COMMAND, ad_id: ad.id, result: `${row.id} ${orderId}`, created_at: now })
          .execute();
        return { orderId, replayed: false };
      }),
    );
    if (!outcome.replayed) announceNew(await db.selectFrom('orders').selectAll().where('id', '=', outcome.orderId).executeTakeFirst());
    return outcome;
  }

  return {
    move,
    viewOf,
    offerToNextBidder,

    async announcePlaced(orderId: string) {
      announceNew(await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst());
    },

    /** An auction round's sale (a finalised winner, a buy-now), once its command committed. */
    async announceSaleOfRound(adId: string, round: number) {
      announceNew(await db.selectFrom('orders').selectAll().where('ad_id', '=', adId).where('round', '=', round).executeTakeFirst());
    },

    /** The payment purpose: a success pays the order, once; one the order cannot take is refunded. */
    async paymentSucceeded(trx: Db, payment: PaymentRow, at: number) {
      const row = await lockedOrder(trx, payment.subject_id);
      if (!row) return;
      // Judged at the payment's time: past the time to pay, the order reads as cancelled whether or
      // not the deadline job has written it yet, and the payment is refunded.
      const stored = orderStateAt(row, at);
      const event = { type: ORDER_EVENTS.PAYMENT_SUCCEEDED, at } as const;
      if (row.status !== 'AWAITING_PAYMENT' || row.payment_id !== payment.id || !stored.can(event)) return;
      const next = transition(orderMachine, stored, event)[0];
      await trx
        .updateTable('orders')
        .set({ status: orderStatusOf(next), payment_mode: 'ONLINE', next_deadline_at: orderDeadlineOf(next), updated_at: at })
        .where('id', '=', row.id)
        .execute();
      await appendHistory(trx, row.id, { status: 'PAID', actor: 'PAYMENT', note: null, at });
      await queueOrderMessages(trx, row, 'PAID', row.buyer_id, { publicUrl: app.config.publicUrl, at });
    },

    /** Whether the order still waits for this payment: not paid by another, not cancelled, not past its time. */
    async awaitsPayment(payment: PaymentRow): Promise<boolean> {
      const row = await db.selectFrom('orders').selectAll().where('id', '=', payment.subject_id).executeTakeFirst();
      return row !== undefined && row.payment_id === payment.id && orderStateAt(row, app.now()).matches('awaitingPayment');
    },

    async afterPaymentSucceeded(payment: PaymentRow) {
      const row = await db.selectFrom('orders').selectAll().where('id', '=', payment.subject_id).executeTakeFirst();
      if (!row) return;
      if (row.status === 'PAID' && row.payment_id === payment.id) announce(row, 'PAID');
      else await refundUnwantedPayments(row.id);
    },

    /** Moves every order whose deadline passed, and refunds payments left unwanted; answers how many orders moved. */
    async applyDeadlines(): Promise<number> {
      const due = await db.selectFrom('orders').select('id').where('next_deadline_at', '<=', app.now()).orderBy('next_deadline_at').execute();
      let moved = 0;
      for (const { id } of due) {
        const outcome = await move(id, null, { command: 'TICK', event: () => null });
        if (outcome.changed) moved += 1;
      }
      await refundUnwantedPayments();
      return moved;
    },
  };
}
