import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { COUNTRY_COOKIE, readCookie } from '../../../domain/locale';
import { packagesQuerySchema, subscriptionPackageListSchema } from '../../../domain/subscriptions';
import { currencyOfCountry, offeredPackages } from './subscription-records';

/** The packages on sale in the visitor's country (the query's, else the country they chose), priced in its currency. */
const listPackagesRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get('/packages', { schema: { querystring: packagesQuerySchema, response: { 200: subscriptionPackageListSchema } } }, async (request) => {
    const country = request.query.country ?? readCookie(request.headers.cookie, COUNTRY_COOKIE) ?? '';
    const packages = await offeredPackages(app.db, await currencyOfCountry(app.db, country));
    return packages.map(({ id: _id, ...offered }) => offered);
  });
};
export default listPackagesRoute;
