import { useCountries } from '../../lib/catalog';
import { useChosenCountry } from '../../lib/country';
import { runtimeConfig } from '../../lib/runtime-config';
import type { ListingCountry } from './listing-query';

/**
 * The visitor's chosen country as a listing needs it (its currency for prices, its cities).
 * Not ready while the country list is on its way, so a listing is not asked for twice.
 */
export function useListingCountry(): { ready: boolean; country: ListingCountry | null } {
  const code = useChosenCountry();
  const countries = useCountries();
  if (code === null) return { ready: true, country: null };
  if (countries.isPending) return { ready: false, country: null };
  const found = countries.data?.find((country) => country.code === code);
  return { ready: true, country: { code, currency: found?.currency ?? runtimeConfig().currency, cityIds: found?.cities.map((city) => city.id) ?? [] } };
}
