import type { FastifyInstance } from 'fastify';
import type { Negotiation } from '../../../domain/negotiation-schemas';
import { holderOf, negotiationViewOf } from './negotiation-records';

/** The buyer's negotiation as it stands after a command, read afresh. */
export async function answerWithNegotiation(app: FastifyInstance, slug: string, buyerId: string): Promise<Negotiation> {
  const ad = await app.db.selectFrom('ads').selectAll().where('slug', '=', slug).executeTakeFirstOrThrow();
  const row = await app.db.selectFrom('negotiations').selectAll().where('ad_id', '=', ad.id).where('buyer_id', '=', buyerId).orderBy('round', 'desc').executeTakeFirst();
  const now = app.now();
  return negotiationViewOf(ad, buyerId, row, now, await holderOf(app.db, ad, now));
}
