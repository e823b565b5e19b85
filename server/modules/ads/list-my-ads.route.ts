import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { myAdsSchema } from '../../../domain/ad-form';
import { requireUser } from '../auth/session.plugin';
import { adCreditsOf, loadAds, myAdOf } from './ad-records';

/** Every ad of the signed-in seller but the deleted ones, most recently changed first, with what each allows. */
const listMyAdsRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get('', { schema: { response: { 200: myAdsSchema } } }, async (request) => {
    const user = requireUser(request);
    const now = app.now();
    const rows = await app.db.selectFrom('ads').selectAll().where('owner_id', '=', user.id).where('status', '!=', 'DELETED').orderBy('updated_at', 'desc').execute();
    const adCredits = await adCreditsOf(app.db, user.id, now);
    const items = (await loadAds(app.db, rows, now, adCredits)).map(myAdOf);
    return { items, adCredits };
  });
};
export default listMyAdsRoute;
