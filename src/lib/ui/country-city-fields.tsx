import { useController, type UseFormReturn } from 'react-hook-form';
import { useCountries } from '../catalog';
import { SelectField } from './select-field';

/** The pair as the selects fill it: a country code and a city id as the select's text. */
type CountryCityText = { country: string; cityId: string };

interface CountryCityFieldsProps<Values extends { country: string; cityId: unknown }, Output> {
  form: UseFormReturn<Values, unknown, Output>;
  labels: {
    country: string;
    city: string;
    chooseCity: string;
    /** Only where the form may start with no country; otherwise the list offers no empty choice. */
    chooseCountry?: string;
  };
}

/** A form's country and city, both required; a city belongs to one country, so a new country asks for its city again. */
export function CountryCityFields<Values extends { country: string; cityId: unknown }, Output>({ form, labels }: CountryCityFieldsProps<Values, Output>) {
  // TypeScript cannot follow field names through a generic form; the constraint above guarantees both fields.
  const { control, setValue } = form as unknown as UseFormReturn<CountryCityText>;
  const countries = useCountries();
  // Each ref is taken out of its field, or the React Compiler lint takes the whole field for a ref.
  const { field: { ref: countryRef, ...countryField }, fieldState: countryState } = useController({ control, name: 'country' });
  const { field: { ref: cityRef, ...cityField }, fieldState: cityState } = useController({ control, name: 'cityId' });
  const cities = countries.data?.find((option) => option.code === countryField.value)?.cities ?? [];

  return (
    <>
      <SelectField
        label={labels.country}
        placeholder={labels.chooseCountry}
        choices={countries.data?.map((option) => ({ id: option.code, name: option.name })) ?? []}
        disabled={!countries.data}
        required
        error={countryState.error?.message}
        field={countryField}
        selectRef={countryRef}
        onChange={(value) => {
          countryField.onChange(value);
          setValue('cityId', '');
        }}
      />
      <SelectField
        label={labels.city}
        placeholder={labels.chooseCity}
        choices={cities}
        disabled={cities.length === 0}
        required
        error={cityState.error?.message}
        field={cityField}
        selectRef={cityRef}
        onChange={cityField.onChange}
      />
    </>
  );
}
