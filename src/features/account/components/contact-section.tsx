import { Button, Flex, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { Controller, type FieldValues, useForm, useFormState, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type ChangeContactInput, changeContactSchema, PHONE_CHANNELS, type Profile, readablePhone } from '../../../../domain/account';
import { CodeChannelPicker } from '../../../lib/ui/code-channel-picker';
import { retryAfterOf } from '../../../lib/http';
import { FormError, formRefusalCode, showFieldRefusals } from '../../../lib/ui/form-error';
import { OneTimeCodeForm } from '../../../lib/ui/one-time-code-form';
import { PhoneField } from '../../../lib/ui/phone-field';
import { TextField } from '../../../lib/ui/text-field';
import { UserText } from '../../../lib/ui/user-text';
import { useChangeContact, useRefreshAfterContactChange } from '../api/change-contact';
import { ProfileSection } from './profile-section';
import { SuccessNote } from './success-note';

type ContactKind = 'email' | 'phone';

export function ContactSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation('account');
  const [changing, setChanging] = useState<ContactKind | null>(null);
  const [changed, setChanged] = useState<ContactKind | null>(null);

  const begin = (kind: ContactKind) => {
    setChanged(null);
    setChanging(kind);
  };
  const finish = (kind: ContactKind) => {
    setChanging(null);
    setChanged(kind);
  };

  const rows: { kind: ContactKind; label: string; value: string; change: string }[] = [
    { kind: 'email', label: t('profile.contact.email'), value: profile.email, change: t('profile.contact.changeEmail') },
    { kind: 'phone', label: t('profile.contact.phone'), value: readablePhone(profile.phone), change: t('profile.contact.changePhone') },
  ];

  return (
    <ProfileSection title={t('profile.contact.title')} description={t('profile.contact.description')} testId="profile-contact">
      <Stack gap="4">
        {changed ? <SuccessNote testId="contact-changed">{t(changed === 'email' ? 'profile.contact.emailChanged' : 'profile.contact.phoneChanged')}</SuccessNote> : null}
        {rows.map((row) => (
          <Stack key={row.kind} gap="3" data-testid={`contact-${row.kind}`}>
            <Flex justify="space-between" align="center" gap="3" wrap="wrap">
              <Stack gap="0.5" minW="0">
                <Text fontSize="sm" color="fg.muted">
                  {row.label}
                </Text>
                <Text fontWeight="medium" data-testid={`profile-${row.kind}`}>
                  <UserText>{row.value}</UserText>
                </Text>
              </Stack>
              {changing === row.kind ? null : (
                <Button variant="outline" size="sm" onClick={() => begin(row.kind)} data-testid={`change-${row.kind}`}>
                  {row.change}
                </Button>
              )}
            </Flex>
            {changing === row.kind ? (
              <ContactChange kind={row.kind} country={profile.country} onChanged={() => finish(row.kind)} onCancel={() => setChanging(null)} />
            ) : null}
          </Stack>
        ))}
      </Stack>
    </ProfileSection>
  );
}

/** The new address first, then the code sent to it; the address changes only when that code is right. */
interface ContactChangeProps {
  kind: ContactKind;
  /** The person's country, whose dial code a new phone number starts with. */
  country: string;
  onChanged: () => void;
  onCancel: () => void;
}

function ContactChange({ kind, country, onChanged, onCancel }: ContactChangeProps) {
  const { t } = useTranslation('account');
  const [verificationId, setVerificationId] = useState<string | null>(null);
  const refresh = useRefreshAfterContactChange();

  const cancel = (
    <Button variant="ghost" onClick={onCancel}>
      {t('profile.contact.cancel')}
    </Button>
  );

  return (
    <Stack gap="4" borderWidth="1px" borderRadius="l2" p="4" bg="bg.subtle" data-testid="contact-change">
      {verificationId ? (
        <>
          <OneTimeCodeForm
            verificationId={verificationId}
            onVerified={async () => {
              await refresh();
              onChanged();
            }}
            onStartOver={() => setVerificationId(null)}
          />
          <HStack>{cancel}</HStack>
        </>
      ) : kind === 'email' ? (
        <EmailChangeForm onCodeSent={setVerificationId} cancel={cancel} />
      ) : (
        <PhoneChangeForm country={country} onCodeSent={setVerificationId} cancel={cancel} />
      )}
    </Stack>
  );
}

// Each form checks its own branch of the shared rule; the order is the schema's (email, then phone).
const [emailChangeSchema, phoneChangeSchema] = changeContactSchema.options;

interface ChangeFormProps {
  onCodeSent: (verificationId: string) => void;
  cancel: ReactNode;
}

function EmailChangeForm({ onCodeSent, cancel }: ChangeFormProps) {
  const { t } = useTranslation('account');
  const form = useForm<z.input<typeof emailChangeSchema>, unknown, z.output<typeof emailChangeSchema>>({
    resolver: zodResolver(emailChangeSchema),
    defaultValues: { kind: 'email', email: '' },
  });

  return (
    <SendCodeForm form={form} testId="email-change-form" onCodeSent={onCodeSent} cancel={cancel}>
      <TextField label={t('profile.contact.newEmail')} error={form.formState.errors.email?.message} required>
        <Input type="email" autoComplete="email" dir="ltr" {...form.register('email')} />
      </TextField>
    </SendCodeForm>
  );
}

function PhoneChangeForm({ country, onCodeSent, cancel }: ChangeFormProps & { country: string }) {
  const { t } = useTranslation('account');
  const form = useForm<z.input<typeof phoneChangeSchema>, unknown, z.output<typeof phoneChangeSchema>>({
    resolver: zodResolver(phoneChangeSchema),
    defaultValues: { kind: 'phone', phone: '', channel: 'sms' },
  });

  return (
    <SendCodeForm form={form} testId="phone-change-form" onCodeSent={onCodeSent} cancel={cancel}>
      <PhoneField control={form.control} name="phone" label={t('profile.contact.newPhone')} preferredCountry={country} required />
      <Controller
        control={form.control}
        name="channel"
        render={({ field }) => (
          <CodeChannelPicker channels={PHONE_CHANNELS} legend={t('profile.contact.channel')} value={field.value} onChange={field.onChange} onBlur={field.onBlur} name={field.name} />
        )}
      />
    </SendCodeForm>
  );
}

interface SendCodeFormProps<Values extends FieldValues, Output extends ChangeContactInput> extends ChangeFormProps {
  form: UseFormReturn<Values, unknown, Output>;
  testId: string;
  /** The fields for the new address. */
  children: ReactNode;
}

/** Either form's frame: sends the code to the new address, or puts the server's refusals on their fields. */
function SendCodeForm<Values extends FieldValues, Output extends ChangeContactInput>({ form, testId, onCodeSent, cancel, children }: SendCodeFormProps<Values, Output>) {
  const { t } = useTranslation('account');
  const change = useChangeContact();
  // Subscribed here: the form's state object belongs to the component that made the form.
  const { isSubmitting } = useFormState({ control: form.control });

  const submit = form.handleSubmit(async (values) => {
    try {
      onCodeSent((await change.mutateAsync(values)).verification.id);
    } catch (error) {
      showFieldRefusals(error, form.setError);
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid={testId}>
      <Stack gap="4">
        <FormError code={formRefusalCode(change.error)} retryAfterMs={retryAfterOf(change.error)} />
        {children}
        <HStack gap="3">
          <Button type="submit" loading={isSubmitting}>
            {t('profile.contact.sendCode')}
          </Button>
          {cancel}
        </HStack>
      </Stack>
    </form>
  );
}
