import type { Kysely, Selectable } from 'kysely';
import { AUCTION_ORDER_KINDS, type OrderKind, type OrderStatus } from '../../../domain/orders';
import type { Database, OrderTable } from '../../db/schema';
import { queueMessageTo } from '../delivery/pending-messages';

type Db = Kysely<Database>;

/** The moves worth a message to the other side; starting a payment is not. */
const MESSAGED_STATUSES = new Set<OrderStatus>(['PLACED', 'CASH_ON_DELIVERY', 'PAID', 'SHIPPED', 'DELIVERED', 'COMPLETED', 'CANCELLED']);

/** Who placed an order: the buyer, except for the orders an auction closes into, which the seller's finalising or offer placed. */
export function placedByOf(order: Pick<Selectable<OrderTable>, 'kind' | 'buyer_id' | 'seller_id'>): string {
  return AUCTION_ORDER_KINDS.includes(order.kind as OrderKind) ? order.seller_id : order.buyer_id;
}

/**
 * Queues, in the transaction that moved the order to `status`, a message to each side but the one who
 * moved it (both, when the clock did), in the language they read the site in, with a link to the order.
 */
export async function queueOrderMessages(
  db: Db,
  order: Pick<Selectable<OrderTable>, 'id' | 'ad_id' | 'kind' | 'buyer_id' | 'seller_id'>,
  status: OrderStatus,
  movedBy: string | null,
  links: { publicUrl: string; at: number },
): Promise<void> {
  if (!MESSAGED_STATUSES.has(status)) return;
  const recipients = [order.buyer_id, order.seller_id].filter((id) => id !== movedBy);
  const people = await db.selectFrom('users').select(['email', 'phone', 'locale']).where('id', 'in', recipients).execute();
  const ad = await db.selectFrom('ads').select('title').where('id', '=', order.ad_id).executeTakeFirst();
  const key = status === 'PLACED' && order.kind === 'NEXT_BIDDER' ? 'orderOfferedToNextBidder' : `order${status}`;
  for (const person of people) await queueMessageTo(db, person, key, { title: ad?.title ?? '', link: `${links.publicUrl}/orders/${order.id}` }, links.at);
}
