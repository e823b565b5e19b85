import { Button, Checkbox, Field, Heading, HStack, Input, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { CODE_CHANNELS, PASSWORD_MIN_LENGTH, type RegisterInput, registerSchema, type SocialRegistration } from '../../../../domain/account';
import { ERROR_CODES } from '../../../../domain/errors';
import { ROUTES, safeRedirectPath, SIGN_IN_REDIRECT_PARAM, signInPathFor, SOCIAL_REGISTRATION_PARAM, VERIFICATION_PARAM } from '../../../../domain/routes';
import { useChosenCountry } from '../../../lib/country';
import { errorCodeOf, retryAfterOf } from '../../../lib/http';
import { CodeChannelPicker } from '../../../lib/ui/code-channel-picker';
import { CountryCityFields } from '../../../lib/ui/country-city-fields';
import { FormError, formRefusalCode, showFieldRefusals, useFieldErrorText } from '../../../lib/ui/form-error';
import { OneTimeCodeForm } from '../../../lib/ui/one-time-code-form';
import { PhoneField } from '../../../lib/ui/phone-field';
import { AppLink } from '../../../lib/ui/router-link';
import { TextField } from '../../../lib/ui/text-field';
import { useSocialRegistration } from '../api/get-social-registration';
import { useRegister } from '../api/register';
import { LeaveWhenSignedIn } from '../components/leave-when-signed-in';

/** The form holds what the inputs hold (a city id as the select's text, an unticked box); the schema turns it into RegisterInput. */
type RegisterFormValues = Omit<RegisterInput, 'agreeToTerms' | 'cityId' | 'socialToken'> & { agreeToTerms: boolean; cityId: string };
type PendingSocialSignIn = SocialRegistration & { token: string };

export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const verificationId = params.get(VERIFICATION_PARAM);
  const redirectParam = params.get(SIGN_IN_REDIRECT_PARAM);

  // Only the redirect survives a step change: a used social token or code has no business in the address.
  const withRedirect = (next: Record<string, string>) => (redirectParam ? { ...next, [SIGN_IN_REDIRECT_PARAM]: redirectParam } : next);

  return (
    <Stack gap="6" data-page="register">
      {/* Not on the code step: activating the account is what signs its owner in. */}
      {verificationId ? null : <LeaveWhenSignedIn />}
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {verificationId ? t('register.verifyTitle') : t('register.title')}
        </Heading>
        <Text color="fg.muted">{verificationId ? t('register.verifySubtitle') : t('register.subtitle')}</Text>
      </Stack>
      {verificationId ? (
        <OneTimeCodeForm
          key={verificationId}
          verificationId={verificationId}
          onVerified={() => navigate(safeRedirectPath(redirectParam), { replace: true })}
          onStartOver={() => setParams(withRedirect({}), { replace: true })}
        />
      ) : (
        <RegistrationStep
          socialToken={params.get(SOCIAL_REGISTRATION_PARAM)}
          onRegistered={(id) => setParams(withRedirect({ [VERIFICATION_PARAM]: id }))}
          onSocialExpired={() => setParams(withRedirect({}), { replace: true })}
        />
      )}
      {verificationId ? null : (
        <Text fontSize="sm" textAlign="center">
          {t('register.haveAccount')} <AppLink to={redirectParam ? signInPathFor(redirectParam) : ROUTES.login}>{t('register.signIn')}</AppLink>
        </Text>
      )}
    </Stack>
  );
}

interface RegistrationStepProps {
  socialToken: string | null;
  onRegistered: (verificationId: string) => void;
  /** The pending social sign-in ran out while the form was filled in: go on as a plain registration. */
  onSocialExpired: () => void;
}

function RegistrationStep({ socialToken, onRegistered, onSocialExpired }: RegistrationStepProps) {
  const social = useSocialRegistration(socialToken);
  if (socialToken !== null && social.isPending) return <Spinner alignSelf="center" />;
  // The same form with or without the social sign-in, so dropping it keeps everything typed.
  return (
    <RegisterForm
      social={socialToken !== null && social.data ? { ...social.data, token: socialToken } : null}
      socialFailed={social.isError}
      onRegistered={onRegistered}
      onSocialExpired={onSocialExpired}
    />
  );
}

interface RegisterFormProps {
  social: PendingSocialSignIn | null;
  /** The social sign-in expired or was never there: say so, and let the person register by hand. */
  socialFailed: boolean;
  onRegistered: (verificationId: string) => void;
  onSocialExpired: () => void;
}

function RegisterForm({ social, socialFailed, onRegistered, onSocialExpired }: RegisterFormProps) {
  const { t } = useTranslation('auth');
  const errorText = useFieldErrorText();
  const termsErrorId = useId();
  const chosenCountry = useChosenCountry();
  const registration = useRegister();
  const form = useForm<RegisterFormValues, unknown, z.output<typeof registerSchema>>({
    // The inputs hold text and an unticked box; the shared schema coerces and checks them like the server.
    resolver: zodResolver(registerSchema) as unknown as Resolver<RegisterFormValues, unknown, z.output<typeof registerSchema>>,
    defaultValues: {
      firstName: social?.firstName ?? '',
      lastName: social?.lastName ?? '',
      email: social?.email ?? '',
      phone: '',
      country: chosenCountry ?? '',
      cityId: '',
      password: '',
      agreeToTerms: false,
      channel: 'email',
    },
  });
  const country = useWatch({ control: form.control, name: 'country' });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    try {
      const { verification } = await registration.mutateAsync({ ...values, socialToken: social?.token });
      onRegistered(verification.id);
    } catch (error) {
      // The banner says the social sign-in failed; the email becomes editable and the next try registers by hand.
      if (social && errorCodeOf(error) === ERROR_CODES.SOCIAL_SIGN_IN_FAILED) onSocialExpired();
      showFieldRefusals(error, form.setError);
    }
  });

  // A long form: when a submit finds faults, the top of the form says so too (SPEC.md section 8), and
  // each field says what is wrong with it.
  const hasFieldFaults = form.formState.submitCount > 0 && Object.keys(errors).length > 0;
  const refusal = formRefusalCode(registration.error) ?? (hasFieldFaults ? ERROR_CODES.VALIDATION_FAILED : null);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <FormError code={refusal ?? (socialFailed ? ERROR_CODES.SOCIAL_SIGN_IN_FAILED : null)} retryAfterMs={retryAfterOf(registration.error)} />
        {social ? (
          <Text fontSize="sm" color="fg.muted" data-testid="social-registration">
            {t(`register.socialNotice.${social.provider}`)}
          </Text>
        ) : null}
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <TextField label={t('fields.firstName')} error={errors.firstName?.message} required>
            <Input autoComplete="given-name" {...form.register('firstName')} />
          </TextField>
          <TextField label={t('fields.lastName')} error={errors.lastName?.message} required>
            <Input autoComplete="family-name" {...form.register('lastName')} />
          </TextField>
        </SimpleGrid>
        <TextField label={t('fields.email')} error={errors.email?.message} required readOnly={social !== null}>
          <Input type="email" autoComplete="email" dir="ltr" {...form.register('email')} />
        </TextField>
        <PhoneField control={form.control} name="phone" label={t('fields.phone')} preferredCountry={country || chosenCountry} required />
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <CountryCityFields
            form={form}
            labels={{ country: t('fields.country'), city: t('fields.city'), chooseCountry: t('fields.chooseCountry'), chooseCity: t('fields.chooseCity') }}
          />
        </SimpleGrid>
        <TextField label={t('fields.password')} error={errors.password?.message} required helperText={t('fields.passwordHelp', { min: PASSWORD_MIN_LENGTH })}>
          <Input type="password" autoComplete="new-password" {...form.register('password')} />
        </TextField>
        <Controller
          control={form.control}
          name="channel"
          render={({ field }) => (
            <CodeChannelPicker channels={CODE_CHANNELS} legend={t('register.channel')} value={field.value} onChange={field.onChange} onBlur={field.onBlur} name={field.name} />
          )}
        />
        <Controller
          control={form.control}
          name="agreeToTerms"
          render={({ field }) => (
            <Field.Root invalid={!!errors.agreeToTerms} ids={{ errorText: termsErrorId }}>
              <Checkbox.Root checked={field.value} onCheckedChange={(event) => field.onChange(event.checked === true)} alignItems="flex-start">
                {/* The box's own parts do not point at the field's error; said here so it is read with the box. */}
                <Checkbox.HiddenInput ref={field.ref} name={field.name} onBlur={field.onBlur} aria-describedby={errors.agreeToTerms ? termsErrorId : undefined} />
                <Checkbox.Control />
                <Checkbox.Label>{t('register.agree')}</Checkbox.Label>
              </Checkbox.Root>
              {/* Outside the label: a click on its words ticks the box, a click on a link opens the document (in a new tab, keeping what was typed). */}
              <HStack columnGap="4" rowGap="1" wrap="wrap" fontSize="sm" paddingInlineStart="7" data-testid="terms-links">
                <AppLink to={ROUTES.terms} target="_blank" rel="noopener">
                  {t('register.termsLink')}
                </AppLink>
                <AppLink to={ROUTES.privacyPolicy} target="_blank" rel="noopener">
                  {t('register.privacyLink')}
                </AppLink>
              </HStack>
              <Field.ErrorText>{errorText(errors.agreeToTerms?.message)}</Field.ErrorText>
            </Field.Root>
          )}
        />
        <Button type="submit" loading={form.formState.isSubmitting} width="full">
          {t('register.submit')}
        </Button>
      </Stack>
    </form>
  );
}
