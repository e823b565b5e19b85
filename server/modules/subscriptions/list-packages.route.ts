import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { packagesQuerySchema, subscriptionPackageListSchema } from '../../../domain/subscriptions';
import { buyerCountryOf, offeredPackages } from './subscription-records';

/** The packages on sale in the buyer's country, priced in its currency. */
const listPackagesRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get('/packages', { schema: { querystring: packagesQuerySchema, response: { 200: subscriptionPackageListSchema } } }, async (request) => {
    const country = await buyerCountryOf(app.db, request, request.query.country);
    const packages = await offeredPackages(app.db, country);
    return packages.map(({ id: _id, ...offered }) => offered);
  });
};
export default listPackagesRoute;
