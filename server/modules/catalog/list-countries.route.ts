import countries from 'i18n-iso-countries';
import arabicNames from 'i18n-iso-countries/langs/ar.json' with { type: 'json' };
import englishNames from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { countryListSchema } from '../../../domain/catalog';
import { nameOf } from '../../db/localized-name';

// Oman carries its vowel mark: bare, عمان is also how Amman, Jordan's capital, is written.
countries.registerLocale({ ...arabicNames, countries: { ...arabicNames.countries, OM: 'عُمان' } });
countries.registerLocale(englishNames);

/** Countries the marketplace serves, named by i18n-iso-countries in both languages, with their cities. */
const listCountriesRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get('/countries', { schema: { response: { 200: countryListSchema } } }, async (_request, reply) => {
    const [rows, cities] = await Promise.all([
      app.db.selectFrom('countries').selectAll().orderBy('sort_order').execute(),
      app.db.selectFrom('cities').selectAll().orderBy('id').execute(),
    ]);
    reply.header('Cache-Control', 'public, max-age=300');
    return rows.map((row) => ({
      code: row.code,
      name: { ar: countries.getName(row.code, 'ar') ?? row.code, en: countries.getName(row.code, 'en') ?? row.code },
      dialCode: row.dial_code,
      currency: row.currency,
      cities: cities.filter((city) => city.country_code === row.code).map((city) => ({ id: city.id, name: nameOf(city) })),
    }));
  });
};
export default listCountriesRoute;
