import { Avatar, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../../../domain/account';
import { formatDate } from '../../../lib/format';
import { useTimeZone } from '../../../lib/hydration';
import { UserText } from '../../../lib/ui/user-text';

export function ProfileSummary({ profile }: { profile: Profile }) {
  const { t } = useTranslation('account');
  const timeZone = useTimeZone();
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
          {t('profile.joined', { date: formatDate(profile.joinedAt, timeZone) })}
        </Text>
      </Stack>
    </HStack>
  );
}
