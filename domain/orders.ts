import { z } from 'zod';
import { idempotencyKeySchema } from './auction';
import { PAYMENT_METHODS, paymentSchema } from './payments';

/** How a sale closed into an order (SPEC.md section 6, DESIGN.md section 8). */
/** `NEXT_BIDDER`: an auction's item offered to the next highest bidder after the winner's order was cancelled unpaid. */
export const ORDER_KINDS = ['INSTANT_PURCHASE', 'BUY_NOW', 'AUCTION_WIN', 'NEGOTIATED', 'NEXT_BIDDER'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/**
 * The orders an auction round closes into: the winner's, then, each time one is cancelled unpaid, the
 * next bidder's. The seller places them (by finalising, by offering), not the buyer.
 */
export const AUCTION_ORDER_KINDS: readonly OrderKind[] = ['AUCTION_WIN', 'NEXT_BIDDER'];

/** An order's states, as `machines/order.machine.ts` moves them and the database stores them. */
export const ORDER_STATUSES = ['PLACED', 'AWAITING_PAYMENT', 'CASH_ON_DELIVERY', 'PAID', 'SHIPPED', 'DELIVERED', 'COMPLETED', 'CANCELLED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Online through the payment layer, or cash handed over on delivery where the seller takes it. */
export const ORDER_PAYMENT_MODES = ['ONLINE', 'CASH_ON_DELIVERY'] as const;
export type OrderPaymentMode = (typeof ORDER_PAYMENT_MODES)[number];

/** Who moved an order: one of its two people, the clock (a deadline), or the payment provider. */
export const ORDER_ACTORS = ['BUYER', 'SELLER', 'TIME', 'PAYMENT'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/** Which side of their orders a person looks at. */
export const ORDER_SIDES = ['bought', 'sold'] as const;
export type OrderSide = (typeof ORDER_SIDES)[number];

/** The commands a person may send an order; which are open to whom, and when, is the machine's. */
export const ORDER_ACTIONS = ['PAY', 'CHOOSE_CASH_ON_DELIVERY', 'SHIP', 'CONFIRM_DELIVERY', 'CANCEL'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

export const MAX_TRACKING_NOTE_LENGTH = 300;
export const MAX_CANCEL_REASON_LENGTH = 500;

const partySchema = z.object({ slug: z.string(), fullName: z.string() });

export const orderEventSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  by: z.enum(ORDER_ACTORS),
  note: z.string().nullable(),
  at: z.number(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const orderSchema = z.object({
  id: z.string(),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  /** Which side of the order the person asking is on. */
  side: z.enum(ORDER_SIDES),
  ad: z.object({ slug: z.string(), title: z.string(), mainImageId: z.string().nullable() }),
  buyer: partySchema,
  seller: partySchema,
  /** Minor units of `currency`, all fixed when the order was made. */
  amount: z.number().int(),
  shippingFee: z.number().int(),
  total: z.number().int(),
  currency: z.string().length(3),
  paymentMode: z.enum(ORDER_PAYMENT_MODES).nullable(),
  cashOnDeliveryAllowed: z.boolean(),
  /** Until when the buyer may pay (or choose cash on delivery); past it an unpaid order is cancelled. */
  payBy: z.number(),
  trackingNote: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** When the order moves by itself next (payment time out, delivery taken as confirmed, completion). */
  nextDeadlineAt: z.number().nullable(),
  /** What the person asking may do now. */
  actions: z.array(z.enum(ORDER_ACTIONS)),
  /** The online payment, once one was started. */
  payment: paymentSchema.nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  history: z.array(orderEventSchema),
  /** For the seller of a cancelled auction order: the next highest bidder, to whom the item may be offered at their bid. */
  nextBidder: z.object({ fullName: z.string(), amount: z.number().int() }).nullable(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderListSchema = z.array(orderSchema.omit({ history: true, payment: true, nextBidder: true }));
export type OrderSummary = z.infer<typeof orderListSchema>[number];

export const orderListQuerySchema = z.object({ side: z.enum(ORDER_SIDES).default('bought') });
export const orderParamsSchema = z.object({ orderId: z.string().min(1).max(100) });

/** Buying an instant sale outright, at its price. */
export const buyAdSchema = z.object({ adSlug: z.string().min(1).max(200), idempotencyKey: idempotencyKeySchema });
export const orderCommandSchema = z.object({ idempotencyKey: idempotencyKeySchema });
export const payOrderSchema = orderCommandSchema.extend({ method: z.enum(PAYMENT_METHODS) });
export const shipOrderSchema = orderCommandSchema.extend({ trackingNote: z.string().trim().max(MAX_TRACKING_NOTE_LENGTH).optional() });
/** The seller says why; the buyer may. */
export const cancelOrderSchema = orderCommandSchema.extend({ reason: z.string().trim().max(MAX_CANCEL_REASON_LENGTH).optional() });

/** An order's online payment started: the order and the payment the checkout carries on with. */
export const orderPaymentResultSchema = z.object({ order: orderSchema, payment: paymentSchema });
