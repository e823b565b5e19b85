import { Badge, Box, Checkbox, Fieldset, SimpleGrid, Stack } from '@chakra-ui/react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCountries } from '../../../lib/catalog';
import { useFieldErrorText } from '../../../lib/ui/form-error';
import { SelectField } from '../../../lib/ui/select-field';
import { useLocale } from '../../../lib/use-locale';
import type { AdFormApi } from '../utils/ad-form-values';
import { RequiredMark } from './ad-form-fields';

/**
 * The countries the ad is offered in, in the order chosen: the first one's currency prices the ad
 * and its city is where the item is, so a new first country asks for the city again.
 */
export function CountriesField({ form }: { form: AdFormApi }) {
  const { t } = useTranslation('sell');
  const locale = useLocale();
  const errorText = useFieldErrorText();
  const countries = useCountries();
  const { control, setValue } = form;
  const { field: { ref: countriesRef, ...countriesField }, fieldState: countriesState } = useController({ control, name: 'countryCodes' });
  const { field: { ref: cityRef, ...cityField }, fieldState: cityState } = useController({ control, name: 'cityId' });
  const chosen = countriesField.value;
  const first = countries.data?.find((country) => country.code === chosen[0]);

  const toggle = (code: string, checked: boolean) => {
    const next = checked ? [...chosen.filter((candidate) => candidate !== code), code] : chosen.filter((candidate) => candidate !== code);
    if (next[0] !== chosen[0]) setValue('cityId', '');
    countriesField.onChange(next);
  };

  return (
    <Stack gap="5">
      <Fieldset.Root invalid={!!countriesState.error}>
        <Fieldset.Legend>
          {t('fields.countryCodes')}
          <RequiredMark />
        </Fieldset.Legend>
        <Fieldset.HelperText>{t('help.countryCodes')}</Fieldset.HelperText>
        <SimpleGrid columns={{ base: 2, sm: 3, md: 4 }} gap="3" role="group" aria-label={t('fields.countryCodes')}>
          {countries.data?.map((country, index) => (
            <Checkbox.Root key={country.code} checked={chosen.includes(country.code)} onCheckedChange={(event) => toggle(country.code, event.checked === true)} name="countryCodes" value={country.code} gap="2">
              <Checkbox.HiddenInput ref={index === 0 ? countriesRef : undefined} onBlur={countriesField.onBlur} />
              <Checkbox.Control />
              <Checkbox.Label>
                {country.name[locale]}
                {country.code === chosen[0] && chosen.length > 1 ? (
                  <Badge size="xs" ms="1.5" variant="subtle">
                    {t('countries.first')}
                  </Badge>
                ) : null}
              </Checkbox.Label>
            </Checkbox.Root>
          ))}
        </SimpleGrid>
        <Fieldset.ErrorText>{errorText(countriesState.error?.message)}</Fieldset.ErrorText>
      </Fieldset.Root>
      <Box maxW={{ md: 'sm' }}>
        <SelectField
          label={first ? t('fields.cityIn', { country: first.name[locale] }) : t('fields.cityId')}
          placeholder={first ? t('choose.city') : t('choose.countryFirst')}
          choices={first?.cities ?? []}
          disabled={!first}
          error={cityState.error?.message}
          field={cityField}
          selectRef={cityRef}
          onChange={cityField.onChange}
        />
      </Box>
    </Stack>
  );
}
