import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useFieldErrorText } from './form-error';

interface TextFieldProps {
  label: string;
  /** The field's error code (react-hook-form's `errors.<name>?.message`); the field is invalid while there is one. */
  error: string | undefined;
  required?: boolean;
  readOnly?: boolean;
  disabled?: boolean;
  helperText?: ReactNode;
  /** The Input, Textarea or select itself, with its own props and `form.register(...)` spread on it. */
  children: ReactNode;
}

/** A form field: its label (marked when required), the input, a hint, and its error in words. */
export function TextField({ label, error, required = false, readOnly, disabled, helperText, children }: TextFieldProps) {
  const errorText = useFieldErrorText();
  return (
    <Field.Root invalid={!!error} required={required} readOnly={readOnly} disabled={disabled}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {children}
      {helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      <Field.ErrorText>{errorText(error)}</Field.ErrorText>
    </Field.Root>
  );
}
