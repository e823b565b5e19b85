import { Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../lib/ui/page-heading';
import { PageLoading } from '../../../lib/ui/page-loading';
import { useProfile } from '../api/get-profile';
import { ContactSection } from '../components/contact-section';
import { DeleteAccountSection } from '../components/delete-account-section';
import { PasswordSection } from '../components/password-section';
import { PersonalDetailsSection } from '../components/personal-details-section';
import { ProfileSummary } from '../components/profile-summary';

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
      <PersonalDetailsSection profile={profile.data} />
      <ContactSection profile={profile.data} />
      <PasswordSection />
      <DeleteAccountSection />
    </Stack>
  );
}
