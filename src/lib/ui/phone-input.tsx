import { Box, chakra, Group, HStack, Input, Text } from '@chakra-ui/react';
import { ChevronDown } from 'lucide-react';
import { type Ref, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { internationalPhone } from '../../../domain/phone';
import type { Country } from '../../../domain/catalog';
import { directionOf } from '../../../domain/locale';
import { useCountries } from '../catalog';
import { useLocale } from '../use-locale';

export interface PhoneParts {
  /** The country whose dial code is chosen, or null when none is. */
  country: string | null;
  national: string;
}

/**
 * Splits international digits (`966501234567`) into the country whose dial code starts them and the
 * rest. The longest dial code wins; among countries sharing it, `preferredCountry` does. Digits no
 * dial code starts keep their `+`, so they stay international when sent again.
 */
export function splitInternationalPhone(value: string, countries: readonly Pick<Country, 'code' | 'dialCode'>[], preferredCountry: string | null = null): PhoneParts {
  if (value === '') return { country: null, national: '' };
  const digits = value.replace(/^(\+|00)/, '');
  const matches = countries
    .filter((country) => country.dialCode !== '' && digits.startsWith(country.dialCode))
    .sort((a, b) => b.dialCode.length - a.dialCode.length || Number(b.code === preferredCountry) - Number(a.code === preferredCountry));
  const match = matches[0];
  return match ? { country: match.code, national: digits.slice(match.dialCode.length) } : { country: null, national: `+${digits}` };
}

export interface PhoneInputProps {
  /** International digits, as the forms send them (`966501234567`); empty when nothing is typed. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  /** Whose dial code to offer until one is chosen or typed: the form's country, the visitor's country. */
  preferredCountry?: string | null;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A phone number as a dial code and a national number. Inside a `Field.Root` the field's label
 * names the number; the dial code has its own label. Use it with react-hook-form's `Controller`.
 */
export function PhoneInput({ value, onChange, onBlur, name, preferredCountry = null, disabled, inputRef }: PhoneInputProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const selectId = useId();
  const countries = useCountries().data ?? [];
  // Until the dial codes arrive, a typed (or autofilled) number could only be composed without one.
  const waitingForCountries = countries.length === 0;
  // What was typed, kept as typed (a trunk zero, spaces) as long as it still makes up `value`.
  const [typed, setTyped] = useState<PhoneParts>({ country: null, national: '' });

  const dialCodeOf = (code: string | null) => countries.find((country) => country.code === code)?.dialCode ?? '';
  const fallbackCountry = countries.some((country) => country.code === preferredCountry) ? preferredCountry : (countries[0]?.code ?? null);
  const typedCountry = typed.country ?? fallbackCountry;
  const parts = internationalPhone(dialCodeOf(typedCountry), typed.national) === value ? { country: typedCountry, national: typed.national } : splitInternationalPhone(value, countries, preferredCountry);
  const country = parts.country ?? fallbackCountry;

  const change = (next: PhoneParts) => {
    setTyped(next);
    onChange(internationalPhone(dialCodeOf(next.country), next.national));
  };

  // The number reads left to right in both languages, dial code first. A native select draws its
  // chosen option with the page's direction and ignores bidi isolates, which turns `+966` into
  // `966+` on Arabic pages; so the closed select shows only the dial code, drawn by us, and the
  // transparent native select on top of it keeps the platform's picker and its accessibility. The
  // options leave out the `+` for the same reason.
  const dialCode = dialCodeOf(country);
  return (
    <Group attached width="full" dir="ltr">
      <Box position="relative" flexShrink={0} borderStartRadius="l2" _focusWithin={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', zIndex: 1 }}>
        <HStack aria-hidden h="10" gap="1" ps="3" pe="2" borderWidth="1px" borderEndWidth="0" borderStartRadius="l2" bg="bg" color={disabled || waitingForCountries ? 'fg.muted' : 'fg'} data-testid="dial-code">
          <Text as="span">{dialCode ? `+${dialCode}` : '+'}</Text>
          <ChevronDown size={16} />
        </HStack>
        <chakra.select
          id={selectId}
          aria-label={t('phone.dialCode')}
          dir={directionOf(locale)}
          position="absolute"
          inset="0"
          width="full"
          opacity={0}
          cursor="pointer"
          disabled={disabled || waitingForCountries}
          value={country ?? ''}
          onChange={(event) => change({ country: event.target.value, national: parts.national })}
          onBlur={onBlur}
        >
          {countries.map((option) => (
            <option key={option.code} value={option.code}>
              {`${option.name[locale]} (${option.dialCode})`}
            </option>
          ))}
        </chakra.select>
      </Box>
      <Input
        ref={inputRef}
        name={name}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        dir="ltr"
        flex="1"
        disabled={disabled || waitingForCountries}
        value={parts.national}
        onChange={(event) => change({ country, national: event.target.value })}
        onBlur={onBlur}
      />
    </Group>
  );
}
