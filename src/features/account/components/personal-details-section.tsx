import { Button, DataList, HStack, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type Profile, type UpdateProfileInput, updateProfileSchema } from '../../../../domain/account';
import { useCountries } from '../../../lib/catalog';
import { CountryCityFields } from '../../../lib/ui/country-city-fields';
import { FormError, formRefusalCode, showFieldRefusals } from '../../../lib/ui/form-error';
import { TextField } from '../../../lib/ui/text-field';
import { UserText } from '../../../lib/ui/user-text';
import { useLocale } from '../../../lib/use-locale';
import { useUpdateProfile } from '../api/update-profile';
import { ProfileSection } from './profile-section';
import { SuccessNote } from './success-note';

export function PersonalDetailsSection({ profile }: { profile: Profile }) {
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
        <PersonalDetailsForm
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

function PersonalDetailsForm({ profile, onSaved, onCancel }: { profile: Profile; onSaved: () => void; onCancel: () => void }) {
  const { t } = useTranslation('account');
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
          <TextField label={t('profile.details.firstName')} error={errors.firstName?.message} required>
            <Input autoComplete="given-name" {...form.register('firstName')} />
          </TextField>
          <TextField label={t('profile.details.lastName')} error={errors.lastName?.message} required>
            <Input autoComplete="family-name" {...form.register('lastName')} />
          </TextField>
          <CountryCityFields form={form} labels={{ country: t('profile.details.country'), city: t('profile.details.city'), chooseCity: t('profile.details.chooseCity') }} />
        </SimpleGrid>
        <TextField label={t('profile.details.about')} error={errors.about?.message} helperText={t('profile.details.aboutHelp')}>
          <Textarea rows={4} dir="auto" {...form.register('about')} />
        </TextField>
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
