import type { Kysely, Selectable } from 'kysely';
import { NEGOTIATION_ATTEMPT_LIMIT } from '../../../domain/limits';
import type { NegotiationStatus } from '../../../domain/negotiation';
import type { Negotiation } from '../../../domain/negotiation-schemas';
import { NEGOTIATED_ORDER_WINDOW_MS, NEGOTIATION_OFFER_TTL_MS } from '../../../domain/timing';
import { type NegotiationFacts, type NegotiationSnapshot, negotiationDeadlineOf, negotiationStateOf, negotiationStatusOf } from '../../../machines/negotiation.machine';
import type { AdTable, Database, NegotiationTable } from '../../db/schema';
import { factsOf, highestBidOf } from '../auctions/auction-records';

type Db = Kysely<Database>;
export type NegotiationRow = Selectable<NegotiationTable>;
type AdRow = Selectable<AdTable>;

/** The price every offer on the ad must be below: an instant sale's price, the combined type's instant purchase amount. */
export function negotiatedPriceOf(ad: AdRow): number | null {
  if (ad.type === 'INSTANT_SALE') return ad.price;
  return ad.type === 'INSTANT_SALE_AND_AUCTION' ? ad.instant_purchase_amount : null;
}

/** When negotiating on the ad stops by itself: the combined type's auction end, after which nobody buys outright; never for an instant sale. */
export function negotiationClosesAt(ad: AdRow): number | null {
  return ad.type === 'INSTANT_SALE_AND_AUCTION' ? factsOf(ad, null).endsAt : null;
}

/**
 * The machine's facts of `buyerId`'s negotiation on the ad, at server time `now`; a buyer with no offer
 * yet has none made. On the combined type an offer, and a price agreed, last no longer than its auction.
 */
export function negotiationFactsOf(ad: AdRow, buyerId: string, row: NegotiationRow | undefined, now: number, earlierAttempts = 0): NegotiationFacts {
  const closesAt = negotiationClosesAt(ad);
  const untilClose = (ms: number) => (closesAt === null ? ms : Math.max(0, Math.min(ms, closesAt - now)));
  return {
    buyerId,
    ownerId: ad.owner_id,
    price: negotiatedPriceOf(ad) ?? 0,
    attemptLimit: NEGOTIATION_ATTEMPT_LIMIT,
    attemptsUsed: row?.attempts_used ?? earlierAttempts,
    offerTtlMs: untilClose(NEGOTIATION_OFFER_TTL_MS),
    orderWindowMs: untilClose(NEGOTIATED_ORDER_WINDOW_MS),
    offer: row ? { amount: row.offer_amount, at: row.offer_at, expiresAt: row.offer_expires_at } : null,
    counter: row && row.counter_amount !== null ? { amount: row.counter_amount, at: row.counter_at!, expiresAt: row.counter_expires_at! } : null,
    agreedAmount: row?.agreed_amount ?? null,
    orderBy: row?.order_by ?? null,
    at: Math.max(now, row?.updated_at ?? now),
  };
}

export function negotiationSnapshotOf(ad: AdRow, buyerId: string, row: NegotiationRow | undefined, now: number, earlierAttempts = 0): NegotiationSnapshot {
  return negotiationStateOf((row?.status as NegotiationStatus | undefined) ?? null, negotiationFactsOf(ad, buyerId, row, now, earlierAttempts));
}

/** The row's columns from a snapshot the machine moved. */
export function negotiationColumnsOf(snapshot: NegotiationSnapshot) {
  const { context } = snapshot;
  return {
    status: negotiationStatusOf(snapshot)!,
    attempts_used: context.attemptsUsed,
    offer_amount: context.offer!.amount,
    offer_at: context.offer!.at,
    offer_expires_at: context.offer!.expiresAt,
    counter_amount: context.counter?.amount ?? null,
    counter_at: context.counter?.at ?? null,
    counter_expires_at: context.counter?.expiresAt ?? null,
    agreed_amount: context.agreedAmount,
    order_by: context.orderBy,
    next_deadline_at: negotiationDeadlineOf(snapshot),
    updated_at: context.at,
  };
}

/**
 * The buyer whose agreed price holds the ad's current round at `now`, if any. On the combined type a
 * bid at or above the agreed price ends the agreement, and with it the hold.
 */
export async function holderOf(db: Db, ad: AdRow, now: number): Promise<string | null> {
  let query = db
    .selectFrom('negotiations')
    .select('buyer_id')
    .where('ad_id', '=', ad.id)
    .where('round', '=', ad.round)
    .where('status', '=', 'ACCEPTED')
    .where('order_by', '>', now);
  if (ad.type === 'INSTANT_SALE_AND_AUCTION') {
    const highestBid = await highestBidOf(db, ad);
    if (highestBid) query = query.where('agreed_amount', '>', highestBid.amount);
  }
  const held = await query.executeTakeFirst();
  return held?.buyer_id ?? null;
}

export function negotiationViewOf(ad: AdRow, buyerId: string, row: NegotiationRow | undefined, now: number, holder: string | null): Negotiation {
  const snapshot = negotiationSnapshotOf(ad, buyerId, row, now);
  return {
    id: row?.id ?? null,
    status: negotiationStatusOf(snapshot),
    facts: negotiationFactsOf(ad, buyerId, row, now),
    currency: ad.currency,
    orderId: row?.order_id ?? null,
    heldForAnother: holder !== null && holder !== buyerId,
  };
}
