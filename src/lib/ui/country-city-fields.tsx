import { Field, NativeSelect } from '@chakra-ui/react';
import { useController, type UseFormReturn } from 'react-hook-form';
import { useCountries } from '../catalog';
import { useLocale } from '../use-locale';
import { useFieldErrorText } from './form-error';

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
  const locale = useLocale();
  const countries = useCountries();
  const errorText = useFieldErrorText();
  // Controlled: the options arrive after the form starts, and the chosen country and city must still show.
  // Each ref is taken out of its field, or the React Compiler lint takes the whole field for a ref.
  const { field: { ref: countryRef, ...countryField }, fieldState: countryState } = useController({ control, name: 'country' });
  const { field: { ref: cityRef, ...cityField }, fieldState: cityState } = useController({ control, name: 'cityId' });
  const cities = countries.data?.find((option) => option.code === countryField.value)?.cities ?? [];

  return (
    <>
      <Field.Root invalid={!!countryState.error} required>
        <Field.Label>
          {labels.country}
          <Field.RequiredIndicator />
        </Field.Label>
        <NativeSelect.Root disabled={!countries.data}>
          <NativeSelect.Field
            placeholder={labels.chooseCountry}
            ref={countryRef}
            name={countryField.name}
            value={countryField.value}
            onBlur={countryField.onBlur}
            onChange={(event) => {
              countryField.onChange(event.target.value);
              setValue('cityId', '');
            }}
          >
            {countries.data?.map((option) => (
              <option key={option.code} value={option.code}>
                {option.name[locale]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.ErrorText>{errorText(countryState.error?.message)}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={!!cityState.error} required>
        <Field.Label>
          {labels.city}
          <Field.RequiredIndicator />
        </Field.Label>
        <NativeSelect.Root disabled={cities.length === 0}>
          <NativeSelect.Field
            placeholder={labels.chooseCity}
            ref={cityRef}
            name={cityField.name}
            value={cityField.value}
            onBlur={cityField.onBlur}
            onChange={(event) => cityField.onChange(event.target.value)}
          >
            {cities.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name[locale]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.ErrorText>{errorText(cityState.error?.message)}</Field.ErrorText>
      </Field.Root>
    </>
  );
}
