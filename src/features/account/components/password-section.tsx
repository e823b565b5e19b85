import { Button, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type ChangePasswordInput, changePasswordSchema, PASSWORD_MIN_LENGTH } from '../../../../domain/account';
import { retryAfterOf } from '../../../lib/http';
import { FormError, formRefusalCode, showFieldRefusals } from '../../../lib/ui/form-error';
import { TextField } from '../../../lib/ui/text-field';
import { useChangePassword } from '../api/change-password';
import { ProfileSection } from './profile-section';
import { SuccessNote } from './success-note';

export function PasswordSection() {
  const { t } = useTranslation('account');
  const change = useChangePassword();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const errors = form.formState.errors;

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
          <FormError code={formRefusalCode(change.error)} retryAfterMs={retryAfterOf(change.error)} />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <TextField label={t('profile.password.current')} error={errors.currentPassword?.message} required>
              <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
            </TextField>
            <TextField label={t('profile.password.new')} error={errors.newPassword?.message} required helperText={t('profile.password.newHelp', { min: PASSWORD_MIN_LENGTH })}>
              <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
            </TextField>
          </SimpleGrid>
          <Button type="submit" loading={form.formState.isSubmitting} alignSelf="start">
            {t('profile.password.submit')}
          </Button>
        </Stack>
      </form>
    </ProfileSection>
  );
}
