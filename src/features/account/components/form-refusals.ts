import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorCodeOf, HttpError } from '../../../lib/http';

/** Puts the server's per-field verdicts on the fields they belong to. */
export function showFieldRefusals<Values extends FieldValues>(error: unknown, setError: UseFormSetError<Values>) {
  if (!(error instanceof HttpError)) return;
  for (const [field, code] of Object.entries(error.fields)) setError(field as Path<Values>, { message: code });
}

/** A refusal already said on its fields needs no second banner above the form. */
export function formRefusalCode(error: unknown) {
  if (error instanceof HttpError && Object.keys(error.fields).length > 0) return null;
  return errorCodeOf(error);
}
