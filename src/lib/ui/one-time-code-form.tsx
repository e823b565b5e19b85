import { Alert, Button, chakra, Field, Input, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CODE_LENGTH, verifyCodeSchema, type VerifyCodeResult } from '../../../domain/account';
import { ERROR_CODES } from '../../../domain/errors';
import { DEV_OUTBOX_PATH } from '../../../domain/runtime-config';
import { formatCountdown, remainingMs, useNow } from '../countdown';
import { errorCodeOf, HttpError } from '../http';
import { runtimeConfig } from '../runtime-config';
import { useVerification } from '../api/verification/get-verification';
import { useResendCode } from '../api/verification/resend-code';
import type { ReceivedVerification } from '../api/verification/verification-cache';
import { useVerifyCode } from '../api/verification/verify-code';
import { FormError, useFieldErrorText } from './form-error';

const COUNTDOWN_TICK_MS = 1000;

interface OneTimeCodeFormProps {
  verificationId: string;
  /** Awaited, so the submit button stays busy while the page acts on the result. */
  onVerified: (result: VerifyCodeResult) => void | Promise<void>;
  /** Back to the first step: offered below the code, and in its place once the code can no longer be used at all. */
  onStartOver?: () => void;
}

/** The code-entry screen shared by registration, password recovery and contact changes. */
export function OneTimeCodeForm({ verificationId, onVerified, onStartOver }: OneTimeCodeFormProps) {
  const { t } = useTranslation();
  const verification = useVerification(verificationId);

  if (verification.isPending) return <Spinner alignSelf="center" />;
  if (verification.isError) {
    const gone = verification.error instanceof HttpError && verification.error.status === 404;
    return (
      <Stack gap="4" data-testid="verification-gone">
        {gone ? (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Title>{t('verification.gone')}</Alert.Title>
          </Alert.Root>
        ) : (
          <FormError code={errorCodeOf(verification.error)} />
        )}
        {onStartOver ? <Button onClick={onStartOver}>{t('verification.startOver')}</Button> : null}
      </Stack>
    );
  }
  return <CodeEntry verification={verification.data} onVerified={onVerified} onStartOver={onStartOver} />;
}

type CodeFormValues = z.input<typeof verifyCodeSchema>;

interface CodeEntryProps extends Omit<OneTimeCodeFormProps, 'verificationId'> {
  verification: ReceivedVerification;
}

function CodeEntry({ verification, onVerified, onStartOver }: CodeEntryProps) {
  const { t } = useTranslation();
  const errorText = useFieldErrorText();
  const verify = useVerifyCode(verification.id);
  const resend = useResendCode(verification.id);
  const form = useForm<CodeFormValues, unknown, z.output<typeof verifyCodeSchema>>({ resolver: zodResolver(verifyCodeSchema), defaultValues: { code: '' } });
  // The ticking clock may predate the latest answer by up to a tick; never count from before it arrived.
  const now = Math.max(useNow(COUNTDOWN_TICK_MS), verification.receivedAt);

  // How far the server clock ran ahead of this one when the answer arrived.
  const clockOffsetMs = verification.serverNow - verification.receivedAt;
  const expiresInMs = remainingMs(verification.expiresAt, clockOffsetMs, now);
  const resendInMs = remainingMs(verification.resendAvailableAt, clockOffsetMs, now);
  const verifyError = errorCodeOf(verify.error);
  const exhausted = verification.attemptsLeft === 0 || verifyError === ERROR_CODES.CODE_ATTEMPTS_EXCEEDED;
  const expired = expiresInMs === 0 || verifyError === ERROR_CODES.CODE_EXPIRED;
  const refusal = exhausted ? ERROR_CODES.CODE_ATTEMPTS_EXCEEDED : expired ? ERROR_CODES.CODE_EXPIRED : verifyError;
  const codeRefused = verifyError === ERROR_CODES.INCORRECT_CODE;

  const submit = form.handleSubmit(async ({ code }) => {
    let result: VerifyCodeResult;
    try {
      result = await verify.mutateAsync(code);
    } catch (error) {
      // The refusal shows from the mutation's error; a wrong code stays typed, selected, to be corrected.
      if (errorCodeOf(error) === ERROR_CODES.INCORRECT_CODE) form.setFocus('code', { shouldSelect: true });
      return;
    }
    await onVerified(result);
  });

  const sendNewCode = async () => {
    try {
      await resend.mutateAsync();
    } catch {
      // Shown from the mutation's error below the button.
      return;
    }
    verify.reset();
    form.reset();
    // The new code is typed next. A code field hidden by an expired code comes back focused by itself.
    form.setFocus('code');
  };

  const errors = form.formState.errors;
  return (
    <Stack gap="4" data-testid="one-time-code">
      <Text>
        <Trans
          t={t}
          i18nKey={`verification.sentTo.${verification.channel}`}
          values={{ length: CODE_LENGTH, destination: verification.destination }}
          components={{ destination: <chakra.bdi dir="ltr" translate="no" data-user-text="" fontWeight="semibold" data-testid="verification-destination" /> }}
        />
      </Text>
      {runtimeConfig().localOutboxChannels.includes(verification.channel) ? (
        <Alert.Root status="info" data-testid="local-outbox-hint">
          <Alert.Indicator />
          <Alert.Description>
            <Trans t={t} i18nKey="verification.localOutbox" components={{ outbox: <Link href={DEV_OUTBOX_PATH} target="_blank" rel="noreferrer" fontWeight="semibold" /> }} />
          </Alert.Description>
        </Alert.Root>
      ) : null}
      <FormError code={refusal} />
      {exhausted || expired ? null : (
        <form onSubmit={submit} noValidate>
          <Stack gap="4">
            <Field.Root invalid={!!errors.code || codeRefused}>
              <Field.Label>{t('verification.codeLabel')}</Field.Label>
              <Input
                inputMode="numeric"
                autoComplete="one-time-code"
                dir="ltr"
                textAlign="center"
                letterSpacing="0.5em"
                fontSize="xl"
                autoFocus
                {...form.register('code')}
              />
              <Field.HelperText>
                <span data-testid="code-expires-in">{t('verification.expiresIn', { time: formatCountdown(expiresInMs) })}</span>
                {t('separators.list')}
                <span data-testid="attempts-left">{t('verification.attemptsLeft', { count: verification.attemptsLeft })}</span>
              </Field.HelperText>
              {/* A refused code is said in the banner above, read out as it appears. */}
              {errors.code ? <Field.ErrorText>{errorText(errors.code.message)}</Field.ErrorText> : null}
            </Field.Root>
            <Button type="submit" loading={form.formState.isSubmitting} width="full">
              {t('verification.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Stack gap="2">
        <Button variant="outline" width="full" disabled={resendInMs > 0} loading={resend.isPending} onClick={sendNewCode} data-testid="resend-code">
          {resendInMs > 0 ? t('verification.resendIn', { time: formatCountdown(resendInMs) }) : t('verification.resend')}
        </Button>
        {resend.isSuccess && refusal === null ? (
          <Text fontSize="sm" color="fg.success" role="status">
            {t('verification.resent')}
          </Text>
        ) : null}
        <FormError code={errorCodeOf(resend.error)} />
        {onStartOver ? (
          <Button variant="plain" size="sm" alignSelf="center" textDecoration="underline" onClick={onStartOver}>
            {t('verification.startOver')}
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
