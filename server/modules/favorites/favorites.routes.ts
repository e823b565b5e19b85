import fp from 'fastify-plugin';
import favoriteAdRoute from './favorite-ad.route';
import listFavoriteSlugsRoute from './list-favorite-slugs.route';
import listFavoritesRoute from './list-favorites.route';
import unfavoriteAdRoute from './unfavorite-ad.route';

/** A buyer's favourite ads, under /api/favorites. */
export default fp(
  async (app) => {
    await app.register(
      async (favorites) => {
        await favorites.register(favoriteAdRoute);
        await favorites.register(unfavoriteAdRoute);
        await favorites.register(listFavoritesRoute);
        await favorites.register(listFavoriteSlugsRoute);
      },
      { prefix: '/api/favorites' },
    );
  },
  { name: 'favorites-routes', encapsulate: true, dependencies: ['database', 'clock', 'sessions'] },
);
