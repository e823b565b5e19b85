import { Alert, Button, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { PASSWORD_MIN_LENGTH, PHONE_CHANNELS, recoveryStartSchema, resetPasswordFormSchema } from '../../../../domain/account';
import { ERROR_CODES } from '../../../../domain/errors';
import { ROUTES, VERIFICATION_PARAM } from '../../../../domain/routes';
import { useChosenCountry } from '../../../lib/country';
import { errorCodeOf, retryAfterOf } from '../../../lib/http';
import { CodeChannelPicker } from '../../../lib/ui/code-channel-picker';
import { FormError } from '../../../lib/ui/form-error';
import { OneTimeCodeForm } from '../../../lib/ui/one-time-code-form';
import { PhoneField } from '../../../lib/ui/phone-field';
import { AppLink, ButtonLink } from '../../../lib/ui/router-link';
import { TextField } from '../../../lib/ui/text-field';
import { useResetPassword } from '../api/reset-password';
import { useStartRecovery } from '../api/start-recovery';
import { type EmailOrPhone, EmailOrPhoneTabs } from '../components/email-or-phone-tabs';
import { LeaveWhenSignedIn } from '../components/leave-when-signed-in';

type RecoveryForm = { method: EmailOrPhone; email: string; phone: string; channel: (typeof PHONE_CHANNELS)[number] };

/**
 * Recovery in three steps: where to send a code, the code, a new password. The code step lives in the
 * address so a reload keeps it; the reset token it yields lives only in memory, never in the address.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [params, setParams] = useSearchParams();
  const verificationId = params.get(VERIFICATION_PARAM);
  const [resetToken, setResetToken] = useState<string | null>(null);
  const [passwordChanged, setPasswordChanged] = useState(false);
  const startOver = () => {
    setResetToken(null);
    setParams({}, { replace: true });
  };

  const step = passwordChanged ? 'done' : resetToken ? 'newPassword' : verificationId ? 'code' : 'start';
  return (
    <Stack gap="6" data-page="forgot-password" data-step={step}>
      {/* Only before it starts: recovery itself signs the person in on its last step. */}
      {step === 'start' ? <LeaveWhenSignedIn /> : null}
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {t('forgot.title')}
        </Heading>
        <Text color="fg.muted">{t(`forgot.steps.${step}`)}</Text>
      </Stack>
      {step === 'done' ? (
        <Stack gap="4">
          <Alert.Root status="success" data-testid="password-changed">
            <Alert.Indicator />
            <Alert.Title>{t('forgot.changed')}</Alert.Title>
          </Alert.Root>
          <ButtonLink to={ROUTES.home} width="full">
            {t('forgot.goHome')}
          </ButtonLink>
        </Stack>
      ) : resetToken ? (
        <NewPasswordForm resetToken={resetToken} onChanged={() => setPasswordChanged(true)} onStartOver={startOver} />
      ) : verificationId ? (
        <OneTimeCodeForm
          key={verificationId}
          verificationId={verificationId}
          onVerified={(result) => {
            if (!result.resetToken) return;
            setResetToken(result.resetToken);
            // The code is spent: a reload now starts over rather than showing a dead code screen.
            setParams({}, { replace: true });
          }}
          onStartOver={startOver}
        />
      ) : (
        <RecoveryStartForm onCodeSent={(id) => setParams({ [VERIFICATION_PARAM]: id })} />
      )}
      {step === 'done' ? null : (
        <Text fontSize="sm" textAlign="center">
          <AppLink to={ROUTES.login}>{t('forgot.backToSignIn')}</AppLink>
        </Text>
      )}
    </Stack>
  );
}

function RecoveryStartForm({ onCodeSent }: { onCodeSent: (verificationId: string) => void }) {
  const { t } = useTranslation('auth');
  const chosenCountry = useChosenCountry();
  const recovery = useStartRecovery();
  const form = useForm<RecoveryForm, unknown, z.output<typeof recoveryStartSchema>>({
    defaultValues: { method: 'email', email: '', phone: '', channel: 'sms' },
    // The form keeps both identifier fields; the schema checks the one the chosen method uses.
    resolver: zodResolver(recoveryStartSchema) as unknown as Resolver<RecoveryForm, unknown, z.output<typeof recoveryStartSchema>>,
  });
  const method = useWatch({ control: form.control, name: 'method' });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    try {
      onCodeSent((await recovery.mutateAsync(values)).verification.id);
    } catch {
      // The refusal ('This email not found', 'This user does not exist') shows below; what was typed stays.
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <EmailOrPhoneTabs
          value={method}
          onChange={(next) => {
            form.setValue('method', next);
            // 'This email not found' says nothing about a phone number, and the other way round.
            recovery.reset();
          }}
          notice={<FormError code={errorCodeOf(recovery.error)} retryAfterMs={retryAfterOf(recovery.error)} />}
          email={
            <TextField label={t('fields.email')} error={errors.email?.message}>
              <Input type="email" autoComplete="email" dir="ltr" {...form.register('email')} />
            </TextField>
          }
          phone={
            <>
              <PhoneField control={form.control} name="phone" label={t('fields.phone')} preferredCountry={chosenCountry} />
              <Controller
                control={form.control}
                name="channel"
                render={({ field }) => (
                  <CodeChannelPicker channels={PHONE_CHANNELS} legend={t('forgot.channel')} value={field.value} onChange={field.onChange} onBlur={field.onBlur} name={field.name} />
                )}
              />
            </>
          }
        />
        <Button type="submit" loading={form.formState.isSubmitting} width="full">
          {t('forgot.sendCode')}
        </Button>
      </Stack>
    </form>
  );
}

interface NewPasswordFormProps {
  resetToken: string;
  onChanged: () => void;
  onStartOver: () => void;
}

function NewPasswordForm({ resetToken, onChanged, onStartOver }: NewPasswordFormProps) {
  const { t } = useTranslation('auth');
  const reset = useResetPassword();
  const form = useForm<z.input<typeof resetPasswordFormSchema>, unknown, z.output<typeof resetPasswordFormSchema>>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const errors = form.formState.errors;
  const refusal = errorCodeOf(reset.error);

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await reset.mutateAsync({ resetToken, password });
      onChanged();
    } catch {
      // Shown below; an expired reset offers to start over.
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <FormError code={refusal} />
        {refusal === ERROR_CODES.RESET_EXPIRED ? (
          <Button variant="outline" onClick={onStartOver}>
            {t('common:verification.startOver')}
          </Button>
        ) : null}
        <TextField label={t('fields.newPassword')} error={errors.password?.message} helperText={t('fields.passwordHelp', { min: PASSWORD_MIN_LENGTH })}>
          <Input type="password" autoComplete="new-password" autoFocus {...form.register('password')} />
        </TextField>
        <TextField label={t('fields.confirmPassword')} error={errors.confirmPassword?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
        </TextField>
        <Button type="submit" loading={form.formState.isSubmitting} width="full">
          {t('forgot.savePassword')}
        </Button>
      </Stack>
    </form>
  );
}
