import { NativeSelect } from '@chakra-ui/react';
import type { RefCallback } from 'react';
import type { LocalizedName } from '../../../domain/catalog';
import { useLocale } from '../use-locale';
import { TextField } from './text-field';

interface SelectChoice {
  id: string | number;
  name: LocalizedName;
}

interface SelectFieldProps {
  label: string;
  /** The empty first choice; without it the list offers no empty choice. */
  placeholder?: string;
  choices: readonly SelectChoice[];
  /** Set on the field, not the select: inside a Chakra field the select takes its state from the field. */
  disabled?: boolean;
  required?: boolean;
  /** The field's error code; the field is invalid while there is one. */
  error: string | undefined;
  /** A controlled field (react-hook-form's `useController`), its ref taken out for `selectRef`. */
  field: { name: string; value: string; onBlur: () => void };
  selectRef: RefCallback<HTMLSelectElement>;
  onChange: (value: string) => void;
}

/**
 * A choice from a catalog list (country, city, category) in the page's language. Controlled: the
 * choices arrive after the form starts, and the chosen one must still show.
 */
export function SelectField({ label, placeholder, choices, disabled, required, error, field, selectRef, onChange }: SelectFieldProps) {
  const locale = useLocale();
  return (
    <TextField label={label} error={error} required={required} disabled={disabled}>
      <NativeSelect.Root>
        <NativeSelect.Field placeholder={placeholder} ref={selectRef} name={field.name} value={field.value} onBlur={field.onBlur} onChange={(event) => onChange(event.target.value)}>
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name[locale]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </TextField>
  );
}
