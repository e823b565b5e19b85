import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { myAdsSchema } from '../../../domain/ad-form';
import { requireUser } from '../auth/session.plugin';
import { adCreditsOf, loadAds, myAdOf } from './ad-records';

/** Every ad of the signed-in seller but the deleted ones, most recently changed first, with what each allows and the offers waiting on it. */
const listMyAdsRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get('', { schema: { response: { 200: myAdsSchema } } }, async (request) => {
    const user = requireUser(request);
    const now = app.now();
    const rows = await app.db.selectFrom('ads').selectAll().where('owner_id', '=', user.id).where('status', '!=', 'DELETED').orderBy('updated_at', 'desc').execute();
    const adCredits = await adCreditsOf(app.db, user.id, now);
    // Offers in this round still waiting for the owner, before they expire.
    const waiting = await app.db
      .selectFrom('negotiations as n')
      .innerJoin('ads as a', (join) => join.onRef('a.id', '=', 'n.ad_id').onRef('a.round', '=', 'n.round'))
      .select(['n.ad_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('a.owner_id', '=', user.id)
      .where('n.status', '=', 'OFFERED')
      .where('n.offer_expires_at', '>', now)
      .groupBy('n.ad_id')
      .execute();
    const openOffers = new Map(waiting.map((row) => [row.ad_id, Number(row.count)]));
    const items = (await loadAds(app.db, rows, now, adCredits)).map((loaded) => myAdOf(loaded, openOffers.get(loaded.row.id) ?? 0));
    return { items, adCredits };
  });
};
export default listMyAdsRoute;
