import { Alert } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** A form's refusal from the server, in words: `code` is an error code of the `errors` namespace. */
export function FormError({ code }: { code: string | null }) {
  const { t } = useTranslation('errors');
  if (!code) return null;
  return (
    <Alert.Root status="error" data-testid="form-error">
      <Alert.Indicator />
      <Alert.Title>{t(code)}</Alert.Title>
    </Alert.Root>
  );
}

/** Field messages arrive as error codes (from the shared zod schemas or the server); this says them. */
export function useFieldErrorText() {
  const { t } = useTranslation('errors');
  return (code: string | undefined) => (code ? t(code) : null);
}
