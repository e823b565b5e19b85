import fp from 'fastify-plugin';
import listCategoriesRoute from './list-categories.route';
import listCountriesRoute from './list-countries.route';

/** The catalogue the forms and filters offer: /api/categories and /api/countries. */
export default fp(
  async (app) => {
    await app.register(
      async (catalog) => {
        await catalog.register(listCategoriesRoute);
        await catalog.register(listCountriesRoute);
      },
      { prefix: '/api' },
    );
  },
  { name: 'catalog-routes', encapsulate: true, dependencies: ['database'] },
);
