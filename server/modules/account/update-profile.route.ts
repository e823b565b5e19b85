import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { profileSchema, updateProfileSchema } from '../../../domain/account';
import { assertCityInCountry } from '../auth/accounts.repository';
import { requireUser } from '../auth/session.plugin';
import { findProfile } from './profile.repository';

/** Names, place and about-me. Email and phone change through a code (change-contact), never here. */
const updateProfileRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/profile',
    { schema: { body: updateProfileSchema, response: { 200: profileSchema } } },
    async (request) => {
      const user = requireUser(request);
      const body = request.body;
      await assertCityInCountry(app.db, body.country, body.cityId);
      await app.db
        .updateTable('users')
        .set({ first_name: body.firstName, last_name: body.lastName, country_code: body.country, city_id: body.cityId, about: body.about })
        .where('id', '=', user.id)
        .execute();
      return findProfile(app.db, user.id);
    },
  );
};
export default updateProfileRoute;
