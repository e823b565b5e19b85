import type { LocalizedName } from '../../../domain/catalog';
import { useCountries } from '../../lib/catalog';
import { useLocale } from '../../lib/use-locale';

/** Where an ad is: its city, or its country's name when it names no city. */
export function usePlaceName(ad: { city: LocalizedName | null; countryCode: string }): string {
  const locale = useLocale();
  const countries = useCountries();
  if (ad.city) return ad.city[locale];
  return countries.data?.find((country) => country.code === ad.countryCode)?.name[locale] ?? ad.countryCode;
}
