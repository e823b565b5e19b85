import { Alert } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** Said while the device is offline: what the panel shows may be out of date, and bidding waits for the connection. */
export function AuctionOfflineNotice() {
  const { t } = useTranslation('auction');
  return (
    <Alert.Root status="warning" role="status" data-testid="auction-offline">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('offline.title')}</Alert.Title>
        <Alert.Description>{t('offline.description')}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
