import type { LocalizedName } from '../../../domain/catalog';
import { useCountries } from '../../lib/catalog';
import { useLocale } from '../../lib/use-locale';

/** A country's name in the page's language; its code until the country list arrives. */
export function useCountryName(): (code: string) => string {
  const locale = useLocale();
  const countries = useCountries();
  return (code) => countries.data?.find((country) => country.code === code)?.name[locale] ?? code;
}

/** Where an ad is: its city, or its country's name when it names no city. */
export function usePlaceName(ad: { city: LocalizedName | null; countryCode: string }): string {
  const locale = useLocale();
  const countryName = useCountryName();
  return ad.city ? ad.city[locale] : countryName(ad.countryCode);
}
