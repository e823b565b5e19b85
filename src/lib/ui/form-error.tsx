import { Alert } from '@chakra-ui/react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES } from '../../../domain/errors';
import { errorCodeOf, HttpError } from '../http';
import { MINUTE_MS } from '../../../domain/timing';

/**
 * A form's refusal from the server, in words: `code` is an error code of the `errors` namespace.
 * Read out as it appears. A rate-limit refusal that says how long to wait names the minutes.
 */
export function FormError({ code, retryAfterMs = null }: { code: string | null; retryAfterMs?: number | null }) {
  const { t } = useTranslation('errors');
  if (!code) return null;
  const text = code === ERROR_CODES.RATE_LIMITED && retryAfterMs ? t('RATE_LIMITED_WAIT', { count: Math.ceil(retryAfterMs / MINUTE_MS) }) : t(code);
  return (
    <Alert.Root status="error" role="alert" data-testid="form-error">
      <Alert.Indicator />
      <Alert.Title>{text}</Alert.Title>
    </Alert.Root>
  );
}

/** Field messages arrive as error codes (from the shared zod schemas or the server); this says them. */
export function useFieldErrorText() {
  const { t } = useTranslation('errors');
  return (code: string | undefined) => (code ? t(code) : null);
}

/**
 * Puts the server's per-field verdicts on the fields they belong to, so everything typed stays beside
 * them, and takes the keyboard to the first of them.
 */
export function showFieldRefusals<Values extends FieldValues>(error: unknown, setError: UseFormSetError<Values>) {
  if (!(error instanceof HttpError)) return;
  Object.entries(error.fields).forEach(([field, code], index) => setError(field as Path<Values>, { message: code }, { shouldFocus: index === 0 }));
}

/** A refusal already said on its fields needs no second banner above the form. */
export function formRefusalCode(error: unknown) {
  if (error instanceof HttpError && Object.keys(error.fields).length > 0) return null;
  return errorCodeOf(error);
}
