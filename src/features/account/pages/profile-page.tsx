import {
  Alert,
  Avatar,
  Button,
  Card,
  CloseButton,
  DataList,
  Dialog,
  Field,
  Flex,
  Heading,
  HStack,
  Input,
  NativeSelect,
  Portal,
  RadioGroup,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Controller, type FieldValues, type Path, type UseFormSetError, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  type ChangePasswordInput,
  changeContactSchema,
  changePasswordSchema,
  PASSWORD_MIN_LENGTH,
  PHONE_CHANNELS,
  type Profile,
  type UpdateProfileInput,
  updateProfileSchema,
} from '../../../../domain/account';
import { ERROR_CODES } from '../../../../domain/errors';
import { useCountries } from '../../../lib/catalog';
import { formatDate } from '../../../lib/format';
import { errorCodeOf, HttpError } from '../../../lib/http';
import { FormError, useFieldErrorText } from '../../../lib/ui/form-error';
import { OneTimeCodeForm } from '../../../lib/ui/one-time-code-form';
import { PageHeading } from '../../../lib/ui/page-heading';
import { PageLoading } from '../../../lib/ui/page-loading';
import { PhoneInput } from '../../../lib/ui/phone-input';
import { UserText } from '../../../lib/ui/user-text';
import { useLocale } from '../../../lib/use-locale';
import { useChangeContact, useRefreshAfterContactChange } from '../api/change-contact';
import { useChangePassword } from '../api/change-password';
import { useDeleteAccount } from '../api/delete-account';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';

export default function ProfilePage() {
  const { t } = useTranslation('account');
  const profile = useProfile();
  if (profile.isPending) {
    return <PageLoading />;
  }
  if (profile.isError) throw profile.error;
  return (
    <Stack gap="6" data-page="profile">
      <PageHeading title={t('profile.title')} subtitle={t('profile.subtitle')} />
      <ProfileSummary profile={profile.data} />
      <DetailsSection profile={profile.data} />
      <ContactSection profile={profile.data} />
      <PasswordSection />
      <DeleteAccountSection />
    </Stack>
  );
}

/** Puts the server's per-field verdicts on the fields they belong to. */
function showFieldRefusals<Values extends FieldValues>(error: unknown, setError: UseFormSetError<Values>) {
  if (!(error instanceof HttpError)) return;
  for (const [field, code] of Object.entries(error.fields)) setError(field as Path<Values>, { message: code });
}

/** A refusal already said on its fields needs no second banner above the form. */
function formRefusalCode(error: unknown) {
  if (error instanceof HttpError && Object.keys(error.fields).length > 0) return null;
  return errorCodeOf(error);
}

/** Stored as international digits (`966501234567`); read as `+966 50 123 4567`. */
function readablePhone(digits: string) {
  return parsePhoneNumberFromString(`+${digits}`)?.formatInternational() ?? `+${digits}`;
}

function SuccessNote({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Alert.Root status="success" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Title>{children}</Alert.Title>
    </Alert.Root>
  );
}

interface ProfileSectionProps {
  title: string;
  description: string;
  action?: ReactNode;
  danger?: boolean;
  testId: string;
  children: ReactNode;
}

function ProfileSection({ title, description, action, danger = false, testId, children }: ProfileSectionProps) {
  const headingId = useId();
  return (
    <Card.Root as="section" aria-labelledby={headingId} borderColor={danger ? 'border.error' : undefined} data-testid={testId}>
      <Card.Header>
        <Flex justify="space-between" align="start" gap="4" wrap="wrap">
          <Stack gap="1" flex="1" minW="48">
            <Heading as="h2" size="lg" id={headingId} color={danger ? 'fg.error' : undefined}>
              {title}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {description}
            </Text>
          </Stack>
          {action}
        </Flex>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

function ProfileSummary({ profile }: { profile: Profile }) {
  const { t } = useTranslation('account');
  return (
    <HStack gap="4" bg="bg" borderWidth="1px" borderRadius="l3" p="6" data-testid="profile-summary">
      <Avatar.Root size="2xl" data-user-text="">
        <Avatar.Fallback name={profile.fullName} />
      </Avatar.Root>
      <Stack gap="1" minW="0">
        <Text fontSize="2xl" fontWeight="semibold" data-testid="profile-full-name">
          <UserText>{profile.fullName}</UserText>
        </Text>
        <Text color="fg.muted" fontSize="sm" data-testid="profile-joined">
          {t('profile.joined', { date: formatDate(profile.joinedAt) })}
        </Text>
      </Stack>
    </HStack>
  );
}

function DetailsSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const countries = useCountries();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const country = countries.data?.find((candidate) => candidate.code === profile.country);
  const city = country?.cities.find((candidate) => candidate.id === profile.cityId);
  const notSet = (
    <Text as="span" color="fg.muted">
      {t('profile.notSet')}
    </Text>
  );

  const startEditing = () => {
    setSaved(false);
    setEditing(true);
  };

  return (
    <ProfileSection
      title={t('profile.details.title')}
      description={t('profile.details.description')}
      testId="profile-details"
      action={
        editing ? null : (
          // The form's country and city lists come from the catalogue, so editing waits for it.
          <Button variant="outline" size="sm" onClick={startEditing} disabled={!countries.data} data-testid="profile-edit">
            {t('profile.details.edit')}
          </Button>
        )
      }
    >
      {editing ? (
        <DetailsForm
          profile={profile}
          onSaved={() => {
            setEditing(false);
            setSaved(true);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <Stack gap="4">
          {saved ? <SuccessNote testId="profile-saved">{t('profile.details.saved')}</SuccessNote> : null}
          <DataList.Root orientation="horizontal">
            <DataList.Item>
              <DataList.ItemLabel>{t('profile.details.firstName')}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="profile-first-name">
                <UserText>{profile.firstName}</UserText>
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('profile.details.lastName')}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="profile-last-name">
                <UserText>{profile.lastName}</UserText>
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('profile.details.country')}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="profile-country">{country ? country.name[locale] : notSet}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('profile.details.city')}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="profile-city">{city ? city.name[locale] : notSet}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('profile.details.about')}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="profile-about">
                {profile.about ? (
                  <Text whiteSpace="pre-line" dir="auto">
                    <UserText>{profile.about}</UserText>
                  </Text>
                ) : (
                  <Text color="fg.muted">{t('profile.details.aboutEmpty')}</Text>
                )}
              </DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
        </Stack>
      )}
    </ProfileSection>
  );
}

function DetailsForm({ profile, onSaved, onCancel }: { profile: Profile; onSaved: () => void; onCancel: () => void }) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const countries = useCountries();
  const update = useUpdateProfile();
  const form = useForm<UpdateProfileInput, unknown, z.output<typeof updateProfileSchema>>({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      country: profile.country,
      cityId: profile.cityId === null ? '' : String(profile.cityId),
      about: profile.about,
    },
  });
  const errors = form.formState.errors;
  const errorText = useFieldErrorText();
  const chosenCountry = useWatch({ control: form.control, name: 'country' });
  const cities = countries.data?.find((country) => country.code === chosenCountry)?.cities ?? [];

  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      onSaved();
    } catch (error) {
      // What was typed stays; the server's verdicts land on their fields.
      showFieldRefusals(error, form.setError);
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="profile-form">
      <Stack gap="4">
        <FormError code={formRefusalCode(update.error)} />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root invalid={!!errors.firstName} required>
            <Field.Label>
              {t('profile.details.firstName')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input autoComplete="given-name" {...form.register('firstName')} />
            <Field.ErrorText>{errorText(errors.firstName?.message)}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.lastName} required>
            <Field.Label>
              {t('profile.details.lastName')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input autoComplete="family-name" {...form.register('lastName')} />
            <Field.ErrorText>{errorText(errors.lastName?.message)}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.country} required>
            <Field.Label>
              {t('profile.details.country')}
              <Field.RequiredIndicator />
            </Field.Label>
            <NativeSelect.Root>
              {/* A city belongs to one country: a new country asks for its city again. */}
              <NativeSelect.Field {...form.register('country', { onChange: () => form.setValue('cityId', '') })}>
                {countries.data?.map((country) => (
                  <option key={country.code} value={country.code}>
                    {country.name[locale]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{errorText(errors.country?.message)}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.cityId} required>
            <Field.Label>
              {t('profile.details.city')}
              <Field.RequiredIndicator />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field placeholder={t('profile.details.chooseCity')} {...form.register('cityId')}>
                {cities.map((city) => (
                  <option key={city.id} value={city.id}>
                    {city.name[locale]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{errorText(errors.cityId?.message)}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <Field.Root invalid={!!errors.about}>
          <Field.Label>{t('profile.details.about')}</Field.Label>
          <Textarea rows={4} dir="auto" {...form.register('about')} />
          <Field.HelperText>{t('profile.details.aboutHelp')}</Field.HelperText>
          <Field.ErrorText>{errorText(errors.about?.message)}</Field.ErrorText>
        </Field.Root>
        <HStack gap="3">
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('profile.details.save')}
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            {t('profile.details.cancel')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

type ContactKind = 'email' | 'phone';

function ContactSection({ profile }: { profile: Profile }) {
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
        {changed === 'email' ? <SuccessNote testId="contact-changed">{t('profile.contact.emailChanged')}</SuccessNote> : null}
        {changed === 'phone' ? <SuccessNote testId="contact-changed">{t('profile.contact.phoneChanged')}</SuccessNote> : null}
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
  const change = useChangeContact();
  const form = useForm<z.input<typeof emailChangeSchema>, unknown, z.output<typeof emailChangeSchema>>({
    resolver: zodResolver(emailChangeSchema),
    defaultValues: { kind: 'email', email: '' },
  });
  const errors = form.formState.errors;
  const errorText = useFieldErrorText();

  const submit = form.handleSubmit(async (values) => {
    try {
      onCodeSent((await change.mutateAsync(values)).verification.id);
    } catch (error) {
      showFieldRefusals(error, form.setError);
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="email-change-form">
      <Stack gap="4">
        <FormError code={formRefusalCode(change.error)} />
        <Field.Root invalid={!!errors.email} required>
          <Field.Label>
            {t('profile.contact.newEmail')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input type="email" autoComplete="email" dir="ltr" {...form.register('email')} />
          <Field.ErrorText>{errorText(errors.email?.message)}</Field.ErrorText>
        </Field.Root>
        <HStack gap="3">
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('profile.contact.sendCode')}
          </Button>
          {cancel}
        </HStack>
      </Stack>
    </form>
  );
}

function PhoneChangeForm({ country, onCodeSent, cancel }: ChangeFormProps & { country: string }) {
  const { t } = useTranslation('account');
  const change = useChangeContact();
  const form = useForm<z.input<typeof phoneChangeSchema>, unknown, z.output<typeof phoneChangeSchema>>({
    resolver: zodResolver(phoneChangeSchema),
    defaultValues: { kind: 'phone', phone: '', channel: 'sms' },
  });
  const errors = form.formState.errors;
  const errorText = useFieldErrorText();

  const submit = form.handleSubmit(async (values) => {
    try {
      onCodeSent((await change.mutateAsync(values)).verification.id);
    } catch (error) {
      showFieldRefusals(error, form.setError);
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="phone-change-form">
      <Stack gap="4">
        <FormError code={formRefusalCode(change.error)} />
        <Field.Root invalid={!!errors.phone} required>
          <Field.Label>
            {t('profile.contact.newPhone')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Controller
            control={form.control}
            name="phone"
            render={({ field }) => (
              <PhoneInput value={field.value} onChange={field.onChange} onBlur={field.onBlur} name={field.name} inputRef={field.ref} preferredCountry={country} />
            )}
          />
          <Field.ErrorText>{errorText(errors.phone?.message)}</Field.ErrorText>
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('profile.contact.channel')}</Field.Label>
          <Controller
            control={form.control}
            name="channel"
            render={({ field }) => (
              <RadioGroup.Root name={field.name} value={field.value} onValueChange={(event) => field.onChange(event.value)}>
                <HStack gap="6">
                  {PHONE_CHANNELS.map((channel) => (
                    <RadioGroup.Item key={channel} value={channel}>
                      <RadioGroup.ItemHiddenInput />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText>{t(`profile.contact.channels.${channel}`)}</RadioGroup.ItemText>
                    </RadioGroup.Item>
                  ))}
                </HStack>
              </RadioGroup.Root>
            )}
          />
        </Field.Root>
        <HStack gap="3">
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('profile.contact.sendCode')}
          </Button>
          {cancel}
        </HStack>
      </Stack>
    </form>
  );
}

function PasswordSection() {
  const { t } = useTranslation('account');
  const change = useChangePassword();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const errors = form.formState.errors;
  const errorText = useFieldErrorText();

  const submit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      form.reset();
    } catch (error) {
      showFieldRefusals(error, form.setError);
    }
  });

  return (
    <ProfileSection title={t('profile.password.title')} description={t('profile.password.description')} testId="profile-password">
      <form onSubmit={submit} noValidate data-testid="password-form">
        <Stack gap="4">
          {change.isSuccess ? <SuccessNote testId="password-changed">{t('profile.password.changed')}</SuccessNote> : null}
          <FormError code={formRefusalCode(change.error)} />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Field.Root invalid={!!errors.currentPassword} required>
              <Field.Label>
                {t('profile.password.current')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
              <Field.ErrorText>{errorText(errors.currentPassword?.message)}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={!!errors.newPassword} required>
              <Field.Label>
                {t('profile.password.new')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
              <Field.HelperText>{t('profile.password.newHelp', { min: PASSWORD_MIN_LENGTH })}</Field.HelperText>
              <Field.ErrorText>{errorText(errors.newPassword?.message)}</Field.ErrorText>
            </Field.Root>
          </SimpleGrid>
          <Button type="submit" loading={form.formState.isSubmitting} alignSelf="start">
            {t('profile.password.submit')}
          </Button>
        </Stack>
      </form>
    </ProfileSection>
  );
}

function DeleteAccountSection() {
  const { t } = useTranslation('account');
  const errorText = useFieldErrorText();
  const [open, setOpen] = useState(false);
  const deletion = useDeleteAccount();
  const keepButton = useRef<HTMLButtonElement>(null);
  const refusal = errorCodeOf(deletion.error);
  const refusedForOngoingSale = refusal === ERROR_CODES.ACCOUNT_CANNOT_BE_DELETED;

  // The refusal disables the delete button, which drops the focus: it goes where the person can act next.
  useEffect(() => {
    if (refusedForOngoingSale) keepButton.current?.focus();
  }, [refusedForOngoingSale]);

  return (
    <ProfileSection title={t('profile.delete.title')} description={t('profile.delete.description')} danger testId="profile-delete">
      <Dialog.Root
        role="alertdialog"
        placement="center"
        open={open}
        onOpenChange={(event) => {
          setOpen(event.open);
          if (!event.open) deletion.reset();
        }}
        // The harmless choice takes the focus, so a stray Enter does not delete the account.
        initialFocusEl={() => keepButton.current}
      >
        <Dialog.Trigger asChild>
          <Button colorPalette="red" alignSelf="start" data-testid="delete-account">
            {t('profile.delete.open')}
          </Button>
        </Dialog.Trigger>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="delete-account-dialog">
              <Dialog.Header>
                <Dialog.Title>{t('profile.delete.confirmTitle')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Dialog.Description>{t('profile.delete.confirmText')}</Dialog.Description>
                  {refusedForOngoingSale ? (
                    <Alert.Root status="error" data-testid="form-error">
                      <Alert.Indicator />
                      <Alert.Content>
                        <Alert.Title>{errorText(refusal)}</Alert.Title>
                        <Alert.Description>{t('profile.delete.refusedWhy')}</Alert.Description>
                      </Alert.Content>
                    </Alert.Root>
                  ) : (
                    <FormError code={refusal} />
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline" ref={keepButton}>
                    {t('profile.delete.cancel')}
                  </Button>
                </Dialog.ActionTrigger>
                <Button
                  colorPalette="red"
                  onClick={() => deletion.mutate()}
                  // After success the page is already on its way home.
                  loading={deletion.isPending || deletion.isSuccess}
                  disabled={refusedForOngoingSale}
                  data-testid="confirm-delete-account"
                >
                  {t('profile.delete.confirm')}
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('common:actions.close')} />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </ProfileSection>
  );
}
