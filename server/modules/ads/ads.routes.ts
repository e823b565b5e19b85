import fp from 'fastify-plugin';
import createAdRoute from './create-ad.route';
import deleteAdRoute from './delete-ad.route';
import endAdRoute from './end-ad.route';
import getAdRoute from './get-ad.route';
import getOwnedAdRoute from './get-owned-ad.route';
import listAdsRoute from './list-ads.route';
import listMyAdsRoute from './list-my-ads.route';
import repostAdRoute from './repost-ad.route';
import updateAdRoute from './update-ad.route';

/** Ads as buyers find them and sellers keep them, under /api/ads; a seller's own, under /api/my/ads. */
export default fp(
  async (app) => {
    await app.register(
      async (ads) => {
        await ads.register(listAdsRoute);
        await ads.register(getAdRoute);
        await ads.register(createAdRoute);
        await ads.register(updateAdRoute);
        await ads.register(endAdRoute);
        await ads.register(repostAdRoute);
        await ads.register(deleteAdRoute);
      },
      { prefix: '/api/ads' },
    );
    await app.register(
      async (myAds) => {
        await myAds.register(listMyAdsRoute);
        await myAds.register(getOwnedAdRoute);
      },
      { prefix: '/api/my/ads' },
    );
  },
  { name: 'ads-routes', encapsulate: true, dependencies: ['database', 'clock', 'sessions', 'auctions', 'auction-deadlines'] },
);
