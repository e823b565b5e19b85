import { Button, Heading, Input, Separator, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { SocialProvider } from '../../../../domain/auth';
import { type SignInInput, signInSchema } from '../../../../domain/auth-schemas';
import { ERROR_CODES } from '../../../../domain/errors';
import { ROUTES, safeRedirectPath, SIGN_IN_ERROR_PARAM, SIGN_IN_REDIRECT_PARAM, VERIFICATION_PARAM } from '../../../../domain/routes';
import { useChosenCountry } from '../../../lib/country';
import { errorCodeOf, retryAfterOf } from '../../../lib/http';
import { runtimeConfig } from '../../../lib/runtime-config';
import { FormError } from '../../../lib/ui/form-error';
import { PhoneField } from '../../../lib/ui/phone-field';
import { AppLink } from '../../../lib/ui/router-link';
import { TextField } from '../../../lib/ui/text-field';
import { useSignIn } from '../api/sign-in';
import { type EmailOrPhone, EmailOrPhoneTabs } from '../components/email-or-phone-tabs';
import { LeaveWhenSignedIn } from '../components/leave-when-signed-in';

type SignInForm = { method: EmailOrPhone; email: string; phone: string; password: string };

/** A full page load, not a client route: the provider's consent screen lies beyond the server's redirect. */
function socialSignInHref(provider: SocialProvider, redirect: string): string {
  return `${runtimeConfig().apiBaseUrl}/auth/oidc/${provider}/start?${new URLSearchParams({ [SIGN_IN_REDIRECT_PARAM]: redirect })}`;
}

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signIn = useSignIn();
  const chosenCountry = useChosenCountry();
  const form = useForm<SignInForm>({
    defaultValues: { method: 'email', email: '', phone: '', password: '' },
    // The form keeps both identifier fields; the schema checks the one the chosen method uses.
    resolver: zodResolver(signInSchema) as unknown as Resolver<SignInForm>,
  });
  const method = useWatch({ control: form.control, name: 'method' });
  const errors = form.formState.errors;
  const redirectParam = params.get(SIGN_IN_REDIRECT_PARAM);
  const socialError = params.get(SIGN_IN_ERROR_PARAM) === ERROR_CODES.SOCIAL_SIGN_IN_FAILED ? ERROR_CODES.SOCIAL_SIGN_IN_FAILED : null;

  // Registering instead of signing in still ends on the page the visitor was sent here from.
  const registerPath = (query: Record<string, string> = {}) => {
    const next = new URLSearchParams(query);
    if (redirectParam) next.set(SIGN_IN_REDIRECT_PARAM, redirectParam);
    const search = next.toString();
    return search ? `${ROUTES.register}?${search}` : ROUTES.register;
  };

  const submit = form.handleSubmit(async (values) => {
    const input: SignInInput =
      values.method === 'email' ? { method: 'email', email: values.email, password: values.password } : { method: 'phone', phone: values.phone, password: values.password };
    try {
      const result = await signIn.mutateAsync(input);
      if ('verification' in result) {
        // The account was never activated: its new code is entered on the registration page.
        await navigate(registerPath({ [VERIFICATION_PARAM]: result.verification.id }));
        return;
      }
      await navigate(safeRedirectPath(redirectParam), { replace: true });
    } catch {
      // The refusal is shown from the mutation's error below; what was typed stays in the form.
    }
  });

  return (
    <Stack gap="6" data-page="login">
      <LeaveWhenSignedIn />
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {t('login.title')}
        </Heading>
        <Text color="fg.muted">{t('login.subtitle')}</Text>
      </Stack>
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <EmailOrPhoneTabs
            value={method}
            onChange={(next) => {
              form.setValue('method', next);
              // A refusal of the email is no answer about the phone, and the other way round.
              signIn.reset();
            }}
            notice={<FormError code={errorCodeOf(signIn.error) ?? socialError} retryAfterMs={retryAfterOf(signIn.error)} />}
            email={
              <TextField label={t('fields.email')} error={errors.email?.message}>
                <Input type="email" autoComplete="email" dir="ltr" {...form.register('email')} />
              </TextField>
            }
            phone={<PhoneField control={form.control} name="phone" label={t('fields.phone')} preferredCountry={chosenCountry} />}
          />
          <TextField label={t('fields.password')} error={errors.password?.message}>
            <Input type="password" autoComplete="current-password" {...form.register('password')} />
          </TextField>
          <Button type="submit" loading={form.formState.isSubmitting} width="full">
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
      {runtimeConfig().socialSignIn.length > 0 ? (
        <Stack gap="3">
          <Separator />
          <Text textAlign="center" fontSize="sm" color="fg.muted">
            {t('login.orWith')}
          </Text>
          {runtimeConfig().socialSignIn.map((provider) => (
            <Button key={provider} asChild variant="outline" width="full">
              <a href={socialSignInHref(provider, safeRedirectPath(redirectParam))} data-provider={provider}>
                {t(`login.social.${provider}`)}
              </a>
            </Button>
          ))}
        </Stack>
      ) : null}
      <Stack gap="2" fontSize="sm" align="center">
        <AppLink to={ROUTES.forgotPassword}>{t('login.forgot')}</AppLink>
        <Text>
          {t('login.noAccount')} <AppLink to={registerPath()}>{t('login.register')}</AppLink>
        </Text>
      </Stack>
    </Stack>
  );
}
