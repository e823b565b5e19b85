import { Field } from '@chakra-ui/react';
import { type Control, type FieldPathByValue, type FieldValues, useController } from 'react-hook-form';
import { useFieldErrorText } from './form-error';
import { PhoneInput } from './phone-input';

interface PhoneFieldProps<Values extends FieldValues, Output> {
  control: Control<Values, unknown, Output>;
  /** A field holding the number as international digits. */
  name: FieldPathByValue<Values, string>;
  label: string;
  /** Whose dial code to offer until one is chosen or typed. */
  preferredCountry: string | null;
  required?: boolean;
}

/** A form's phone number with its label and its error in words, wired to react-hook-form. */
export function PhoneField<Values extends FieldValues, Output>({ control, name, label, preferredCountry, required = false }: PhoneFieldProps<Values, Output>) {
  const errorText = useFieldErrorText();
  const { field, fieldState } = useController({ control, name });
  return (
    <Field.Root invalid={!!fieldState.error} required={required}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <PhoneInput value={field.value} onChange={field.onChange} onBlur={field.onBlur} name={field.name} inputRef={field.ref} preferredCountry={preferredCountry} />
      <Field.ErrorText>{errorText(fieldState.error?.message)}</Field.ErrorText>
    </Field.Root>
  );
}
