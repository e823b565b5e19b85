import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageEmptyState } from '../../../lib/ui/empty-state';
import { PageHeading } from '../../../lib/ui/page-heading';

type PermissionState = NotificationPermission | 'unsupported';

const readPermission = (): PermissionState => ('Notification' in window ? Notification.permission : 'unsupported');

/** Lets this browser receive notifications: outbid alerts and messages will use it. */
export default function PushTokenPage() {
  const { t } = useTranslation('pages');
  const [permission, setPermission] = useState<PermissionState>(readPermission);
  const ask = async () => setPermission(await Notification.requestPermission());
  return (
    <Stack gap="4" data-page="push-token">
      <PageHeading title={t('push.title')} subtitle={t('push.subtitle')} />
      <Alert.Root status={permission === 'granted' ? 'success' : permission === 'denied' ? 'warning' : 'info'} data-testid="push-permission">
        <Alert.Indicator />
        <Alert.Title>{t(`push.permission.${permission}`)}</Alert.Title>
      </Alert.Root>
      {permission === 'default' ? (
        <Button alignSelf="start" onClick={() => void ask()}>
          {t('push.allow')}
        </Button>
      ) : null}
      <PageEmptyState icon={<BellRing />} title={t('push.emptyTitle')} description={t('push.emptyDescription')} />
      <Text fontSize="sm" color="fg.muted">
        {t('push.privacy')}
      </Text>
    </Stack>
  );
}
