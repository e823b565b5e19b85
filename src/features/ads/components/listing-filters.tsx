import { Button, Checkbox, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_CONDITIONS, SHIPPING_TYPES, typesOfKind } from '../../../../domain/ad';
import type { Category } from '../../../../domain/catalog';
import { MAX_AMOUNT_MINOR } from '../../../../domain/money';
import { latinAmountText, minorUnitsOfTypedAmount } from '../../../lib/amount-input';
import { useCategories, useCountries } from '../../../lib/catalog';
import { useLocale } from '../../../lib/use-locale';
import { activeFilterCount, type Listing, type ListingCountry, type ListingParam } from '../listing-query';

export type ListingChange = (changes: Partial<Record<ListingParam, string | null>>) => void;

interface ListingFiltersProps {
  listing: Listing;
  country: ListingCountry | null;
  onChange: ListingChange;
  onClear: () => void;
}

/** The category a slug names, and the subcategory when it names one. */
function placeInTree(categories: Category[] | undefined, slug: string | undefined) {
  for (const category of categories ?? []) {
    if (category.slug === slug) return { category, subcategory: undefined };
    const subcategory = category.children.find((child) => child.slug === slug);
    if (subcategory) return { category, subcategory };
  }
  return { category: undefined, subcategory: undefined };
}

function SelectField({ label, value, onChange, placeholder, disabled, children }: { label: string; value: string; onChange: (value: string) => void; placeholder: string; disabled?: boolean; children: ReactNode }) {
  return (
    <Field.Root disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">{placeholder}</option>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** The narrowing filters of a listing; each choice goes straight into the address. */
export function ListingFilters({ listing, country, onChange, onClear }: ListingFiltersProps) {
  const { t } = useTranslation('ads');
  const locale = useLocale();
  const categories = useCategories();
  const countries = useCountries();
  const { category, subcategory } = placeInTree(categories.data, listing.category);
  const cities = countries.data?.find((option) => option.code === country?.code)?.cities ?? [];
  const types = listing.kind ? typesOfKind(listing.kind) : [];

  return (
    <Stack gap="4" data-testid="listing-filters">
      <SelectField
        label={t('filters.category')}
        placeholder={t('filters.anyCategory')}
        value={category?.slug ?? ''}
        onChange={(slug) => onChange({ category: slug || null })}
        disabled={!categories.data}
      >
        {categories.data?.map((option) => (
          <option key={option.slug} value={option.slug}>
            {option.name[locale]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('filters.subcategory')}
        placeholder={category ? t('filters.anySubcategory') : t('filters.categoryFirst')}
        value={subcategory?.slug ?? ''}
        onChange={(slug) => onChange({ category: slug || category?.slug || null })}
        disabled={!category}
      >
        {category?.children.map((option) => (
          <option key={option.slug} value={option.slug}>
            {option.name[locale]}
          </option>
        ))}
      </SelectField>
      {subcategory && subcategory.brands.length > 0 ? (
        <SelectField label={t('filters.brand')} placeholder={t('filters.anyBrand')} value={listing.brand?.toString() ?? ''} onChange={(brand) => onChange({ brand: brand || null })}>
          {subcategory.brands.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name[locale]}
            </option>
          ))}
        </SelectField>
      ) : null}
      {types.length > 1 ? (
        <SelectField label={t(`filters.typeOf.${listing.kind!}`)} placeholder={t('filters.anyType')} value={listing.type ?? ''} onChange={(type) => onChange({ type: type || null })}>
          {types.map((type) => (
            <option key={type} value={type}>
              {t(`common:saleTypes.${type}.name`)}
            </option>
          ))}
        </SelectField>
      ) : null}
      <SelectField label={t('filters.condition')} placeholder={t('filters.anyCondition')} value={listing.condition ?? ''} onChange={(condition) => onChange({ condition: condition || null })}>
        {PRODUCT_CONDITIONS.map((condition) => (
          <option key={condition} value={condition}>
            {t(`conditions.${condition}`)}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('filters.shipping')} placeholder={t('filters.anyShipping')} value={listing.shipping ?? ''} onChange={(shipping) => onChange({ shipping: shipping || null })}>
        {SHIPPING_TYPES.map((shipping) => (
          <option key={shipping} value={shipping}>
            {t(`filters.shippingTypes.${shipping}`)}
          </option>
        ))}
      </SelectField>
      {country ? (
        <>
          <SelectField label={t('filters.city')} placeholder={t('filters.anyCity')} value={listing.city?.toString() ?? ''} onChange={(city) => onChange({ city: city || null })} disabled={cities.length === 0}>
            {cities.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name[locale]}
              </option>
            ))}
          </SelectField>
          {/* Typed amounts reach the address only when applied, so each keystroke is not a new page in the history. */}
          <PriceRange key={`${listing.minPrice}-${listing.maxPrice}`} listing={listing} currency={country.currency} onChange={onChange} />
        </>
      ) : (
        <Text fontSize="sm" color="fg.muted" data-testid="filters-need-country">
          {t('filters.chooseCountryFirst')}
        </Text>
      )}
      <Checkbox.Root size="sm" checked={listing.running} onCheckedChange={(event) => onChange({ running: event.checked === true ? 'true' : null })}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('filters.runningOnly')}</Checkbox.Label>
      </Checkbox.Root>
      {activeFilterCount(listing) > 0 ? (
        <Button size="sm" variant="outline" onClick={onClear} data-testid="clear-filters">
          {t('filters.clear')}
        </Button>
      ) : null}
    </Stack>
  );
}

/** The price range in the currency of the visitor's country, typed in whole riyals (or pounds, dinars…). */
function PriceRange({ listing, currency, onChange }: { listing: Listing; currency: string; onChange: ListingChange }) {
  const { t } = useTranslation('ads');
  const locale = useLocale();
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  const currencyName = new Intl.DisplayNames(locale, { type: 'currency' }).of(currency) ?? currency;

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const [minText, maxText] = [String(form.get('minPrice') ?? ''), String(form.get('maxPrice') ?? '')];
    const [min, max] = [minorUnitsOfTypedAmount(minText, currency), minorUnitsOfTypedAmount(maxText, currency)];
    if (Number.isNaN(min) || Number.isNaN(max)) return setError(t('filters.priceNotNumber'));
    if ((min ?? 0) > MAX_AMOUNT_MINOR || (max ?? 0) > MAX_AMOUNT_MINOR) return setError(t('errors:AMOUNT_TOO_LARGE'));
    if (min !== null && max !== null && min > max) return setError(t('filters.priceMinAboveMax'));
    setError(null);
    onChange({ minPrice: min === null ? null : latinAmountText(minText), maxPrice: max === null ? null : latinAmountText(maxText) });
  };

  return (
    <form onSubmit={apply} noValidate aria-describedby={error ? errorId : undefined}>
      <Field.Root invalid={error !== null} gap="1.5">
        <Field.Label as="span">{t('filters.price', { currency: currencyName })}</Field.Label>
        <HStack gap="2" w="full">
          <Input size="sm" name="minPrice" inputMode="decimal" autoComplete="off" defaultValue={listing.minPrice ?? ''} placeholder={t('filters.priceMin')} aria-label={t('filters.priceMinLabel')} />
          <Input size="sm" name="maxPrice" inputMode="decimal" autoComplete="off" defaultValue={listing.maxPrice ?? ''} placeholder={t('filters.priceMax')} aria-label={t('filters.priceMaxLabel')} />
          <Button size="sm" type="submit" variant="subtle" flexShrink={0}>
            {t('filters.apply')}
          </Button>
        </HStack>
        {error ? (
          <Field.ErrorText id={errorId} role="alert">
            {error}
          </Field.ErrorText>
        ) : null}
      </Field.Root>
    </form>
  );
}
