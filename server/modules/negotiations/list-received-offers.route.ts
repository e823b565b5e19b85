import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '../../../domain/errors';
import { beatsHighestBid } from '../../../domain/negotiation';
import { receivedOfferListSchema } from '../../../domain/negotiation-schemas';
import { slugParamsSchema } from '../../../domain/slug';
import { fullNameOf } from '../../../domain/user';
import { AppError } from '../../errors';
import { requireUser } from '../auth/session.plugin';
import { holderOf, negotiationSnapshotOf, negotiationViewOf } from './negotiation-records';
import { negotiationTermsOf } from './negotiation-service';

/** The offers on the owner's ad this round, open ones first, each with the answers the owner may give now. */
const listReceivedOffersRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get('/offers', { schema: { params: slugParamsSchema, response: { 200: receivedOfferListSchema } } }, async (request) => {
    const user = requireUser(request);
    const ad = await app.db.selectFrom('ads').selectAll().where('slug', '=', request.params.slug).executeTakeFirst();
    if (!ad || ad.status === 'DRAFT') throw new AppError(ERROR_CODES.NOT_FOUND);
    if (ad.owner_id !== user.id) throw new AppError(ERROR_CODES.FORBIDDEN);
    const rows = await app.db
      .selectFrom('negotiations as n')
      .innerJoin('users as b', 'b.id', 'n.buyer_id')
      .selectAll('n')
      .select(['b.slug as buyer_slug', 'b.first_name', 'b.last_name'])
      .where('n.ad_id', '=', ad.id)
      .where('n.round', '=', ad.round)
      .orderBy('n.updated_at', 'desc')
      .execute();
    const now = app.now();
    const holder = await holderOf(app.db, ad, now);
    const { refusal: closed, highestBid } = await negotiationTermsOf(app.db, ad, now);
    const offers = rows.map((row) => {
      const snapshot = negotiationSnapshotOf(ad, row.buyer_id, row, now);
      const at = snapshot.context.at;
      const canAnswer = (type: 'ACCEPT' | 'REJECT') => closed === null && snapshot.can({ type, by: user.id, at });
      const answers = [
        // On the combined type, an offer a bid has reached is no longer one to take.
        ...(canAnswer('ACCEPT') && holder === null && beatsHighestBid(snapshot.context.offer!.amount, highestBid) ? (['accept'] as const) : []),
        ...(canAnswer('REJECT') ? (['reject'] as const) : []),
        ...(canAnswer('REJECT') && snapshot.context.counter === null ? (['counter'] as const) : []),
      ];
      return { ...negotiationViewOf(ad, row.buyer_id, row, now, holder), id: row.id, buyer: { slug: row.buyer_slug, fullName: fullNameOf(row.first_name, row.last_name) }, answers };
    });
    return [...offers.filter((offer) => offer.answers.length > 0), ...offers.filter((offer) => offer.answers.length === 0)];
  });
};
export default listReceivedOffersRoute;
