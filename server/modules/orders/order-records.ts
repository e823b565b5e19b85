import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { AUCTION_ORDER_KINDS, ORDER_ACTIONS, type OrderActor, type OrderEvent, type OrderKind, type OrderPaymentMode, type OrderStatus, type OrderSummary } from '../../../domain/orders';
import { ORDER_COMPLETION_MS, ORDER_DELIVERY_CONFIRMATION_MS, ORDER_PAYMENT_WINDOW_MS } from '../../../domain/timing';
import { fullNameOf } from '../../../domain/user';
import { transition } from 'xstate';
import { ORDER_EVENTS, type OrderContext, orderActionsOf, orderDeadlineOf, orderMachine, orderStateOf, orderStatusOf } from '../../../machines/order.machine';
import { dialectOf } from '../../db/dialect';
import { placedByOf, queueOrderMessages } from './order-messages';
import type { AdTable, Database } from '../../db/schema';

type Db = Kysely<Database>;

/**
 * A sale of the ad's current round, fixed at its price, shipping and currency, with the message that
 * tells the other side queued in the same transaction; answers the order's id.
 */
export async function recordOrder(db: Db, ad: Selectable<AdTable>, sale: { kind: OrderKind; buyerId: string; amount: number; at: number }, publicUrl: string): Promise<string> {
  const id = randomUUID();
  const payBy = sale.at + ORDER_PAYMENT_WINDOW_MS;
  await db
    .insertInto('orders')
    .values({
      id,
      ad_id: ad.id,
      round: ad.round,
      buyer_id: sale.buyerId,
      seller_id: ad.owner_id,
      kind: sale.kind,
      amount: sale.amount,
      shipping_fee: ad.shipping_type === 'PAID' ? (ad.shipping_fee ?? 0) : 0,
      currency: ad.currency,
      cash_on_delivery_allowed: ad.cash_on_delivery,
      status: 'PLACED',
      pay_by: payBy,
      next_deadline_at: payBy,
      created_at: sale.at,
      updated_at: sale.at,
    })
    .execute();
  const order = { id, ad_id: ad.id, kind: sale.kind, buyer_id: sale.buyerId, seller_id: ad.owner_id };
  const placedBy = placedByOf(order);
  await db.insertInto('order_events').values({ order_id: id, position: 1, status: 'PLACED', actor: placedBy === ad.owner_id ? 'SELLER' : 'BUYER', note: null, at: sale.at }).execute();
  await queueOrderMessages(db, order, 'PLACED', placedBy, { publicUrl, at: sale.at });
  return id;
}

/** Orders with what a list shows of their ad and their two people. */
export function orderRows(db: Db) {
  return db
    .selectFrom('orders as o')
    .innerJoin('ads as a', 'a.id', 'o.ad_id')
    .innerJoin('users as b', 'b.id', 'o.buyer_id')
    .innerJoin('users as s', 's.id', 'o.seller_id')
    .selectAll('o')
    .select(['a.slug as ad_slug', 'a.title as ad_title', 'a.main_image_id as ad_main_image_id'])
    .select(['b.slug as buyer_slug', 'b.first_name as buyer_first_name', 'b.last_name as buyer_last_name'])
    .select(['s.slug as seller_slug', 's.first_name as seller_first_name', 's.last_name as seller_last_name']);
}
export type OrderRow = Awaited<ReturnType<ReturnType<typeof orderRows>['executeTakeFirstOrThrow']>>;

/** The order's row held for a move: PostgreSQL locks it; SQLite runs the transaction alone. */
export function lockedOrder(trx: Db, orderId: string) {
  const query = trx.selectFrom('orders').selectAll().where('id', '=', orderId);
  return (dialectOf(trx) === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** The machine's facts from a stored order, as of its last move. */
export function orderContextOf(row: Selectable<Database['orders']>): OrderContext {
  return {
    buyerId: row.buyer_id,
    sellerId: row.seller_id,
    cashOnDeliveryAllowed: row.cash_on_delivery_allowed === 1,
    payBy: row.pay_by ?? row.created_at + ORDER_PAYMENT_WINDOW_MS,
    shippedAt: row.shipped_at,
    deliveredAt: row.delivered_at,
    deliveryConfirmationMs: ORDER_DELIVERY_CONFIRMATION_MS,
    completionMs: ORDER_COMPLETION_MS,
    cancelledBy: row.cancelled_by as OrderActor | null,
    at: row.updated_at ?? row.created_at,
  };
}

/** The stored order's snapshot moved to `now`: deadlines that passed have moved it, even before the deadline job wrote it. */
export function orderStateAt(row: Selectable<Database['orders']>, now: number) {
  const stored = orderStateOf(row.status as OrderStatus, orderContextOf(row));
  return transition(orderMachine, stored, { type: ORDER_EVENTS.TICK, at: Math.max(now, stored.context.at) })[0];
}

export function orderSummaryOf(row: OrderRow, userId: string, now: number): OrderSummary {
  const state = orderStateAt(row, now);
  return {
    id: row.id,
    kind: row.kind as OrderKind,
    status: orderStatusOf(state),
    side: row.buyer_id === userId ? 'bought' : 'sold',
    ad: { slug: row.ad_slug, title: row.ad_title, mainImageId: row.ad_main_image_id },
    buyer: { slug: row.buyer_slug, fullName: fullNameOf(row.buyer_first_name, row.buyer_last_name) },
    seller: { slug: row.seller_slug, fullName: fullNameOf(row.seller_first_name, row.seller_last_name) },
    amount: row.amount,
    shippingFee: row.shipping_fee,
    total: row.amount + row.shipping_fee,
    currency: row.currency,
    paymentMode: row.payment_mode as OrderPaymentMode | null,
    cashOnDeliveryAllowed: row.cash_on_delivery_allowed === 1,
    payBy: state.context.payBy,
    trackingNote: row.tracking_note,
    cancelReason: row.cancel_reason,
    nextDeadlineAt: orderDeadlineOf(state),
    actions: orderActionsOf(state, userId, ORDER_ACTIONS),
    createdAt: row.created_at,
    updatedAt: row.updated_at ?? row.created_at,
  };
}

/**
 * Whether an order of the ad's round is live as stored: not cancelled, so it sold the item or is
 * selling it (the database's own rule: one such order per round).
 */
export async function hasLiveOrder(db: Db, adId: string, round: number): Promise<boolean> {
  const live = await db.selectFrom('orders').select('id').where('ad_id', '=', adId).where('round', '=', round).where('status', '!=', 'CANCELLED').executeTakeFirst();
  return live !== undefined;
}

/**
 * The bidder the item of a cancelled auction order may be offered to next: the highest bid of the
 * round by someone with no order of it yet, while the round is the ad's last. Null when there is
 * none, or the order is not one to follow so. Whether another order of the round is live is `hasLiveOrder`'s.
 */
export async function nextBidderOf(db: Db, ad: Selectable<AdTable>, order: Selectable<Database['orders']>) {
  if (order.status !== 'CANCELLED' || !AUCTION_ORDER_KINDS.includes(order.kind as OrderKind) || ad.status === 'DELETED' || ad.round !== order.round) return null;
  const offered = db.selectFrom('orders').select('buyer_id').where('ad_id', '=', ad.id).where('round', '=', order.round);
  const next = await db
    .selectFrom('offers as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['o.id as offerId', 'o.user_id as userId', 'o.amount', 'u.first_name', 'u.last_name'])
    .where('o.ad_id', '=', ad.id)
    .where('o.round', '=', order.round)
    .where('o.user_id', 'not in', offered)
    .orderBy('o.amount', 'desc')
    .orderBy('o.created_at')
    .limit(1)
    .executeTakeFirst();
  return next ? { offerId: next.offerId, userId: next.userId, amount: next.amount, fullName: fullNameOf(next.first_name, next.last_name) } : null;
}

export async function orderHistoryOf(db: Db, orderId: string): Promise<OrderEvent[]> {
  const rows = await db.selectFrom('order_events').selectAll().where('order_id', '=', orderId).orderBy('position').execute();
  return rows.map((row) => ({ status: row.status as OrderStatus, by: row.actor as OrderActor, note: row.note, at: row.at }));
}
