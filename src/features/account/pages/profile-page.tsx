import { DataList, Stack } from '@chakra-ui/react';
import { UserRoundPen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { PageEmptyState } from '../../../lib/ui/empty-state';
import { PageHeading } from '../../../lib/ui/page-heading';
import { UserText } from '../../../lib/ui/user-text';

export default function ProfilePage() {
  const { t } = useTranslation('account');
  const user = useSession().data;
  return (
    <Stack gap="6" data-page="profile">
      <PageHeading title={t('profile.title')} />
      {user ? (
        <DataList.Root orientation="horizontal" bg="bg" borderWidth="1px" borderRadius="l3" p="5">
          <DataList.Item>
            <DataList.ItemLabel>{t('profile.fullName')}</DataList.ItemLabel>
            <DataList.ItemValue>
              <UserText>{user.fullName}</UserText>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('profile.email')}</DataList.ItemLabel>
            <DataList.ItemValue>
              <UserText>{user.email}</UserText>
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      ) : null}
      <PageEmptyState icon={<UserRoundPen />} title={t('profile.emptyTitle')} description={t('profile.emptyDescription')} />
    </Stack>
  );
}
