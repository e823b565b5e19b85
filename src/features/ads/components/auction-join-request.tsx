import { Alert, Button, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ViewerRole } from '../../../../domain/auction';
import { errorCodeOf } from '../../../lib/http';
import { FormError } from '../../../lib/ui/form-error';
import { useRequestToJoin } from '../api/request-to-join';

/**
 * A private auction seen from outside: bidding is not open to the viewer, who may ask the owner to
 * join, then waits for the answer. The viewer's standing is the server's (`viewer.role`).
 */
export function AuctionJoinRequest({ slug, role }: { slug: string; role: Extract<ViewerRole, 'OUTSIDER' | 'REQUESTED' | 'REJECTED'> }) {
  const { t } = useTranslation('auction');
  const requestToJoin = useRequestToJoin(slug);

  if (role === 'REQUESTED') {
    return (
      <Alert.Root status="info" data-testid="join-request-state" data-state={role}>
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('join.requestedTitle')}</Alert.Title>
          <Alert.Description>{t('join.requested')}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (role === 'REJECTED') {
    return (
      <Alert.Root status="error" data-testid="join-request-state" data-state={role}>
        <Alert.Indicator />
        <Alert.Title>{t('join.rejected')}</Alert.Title>
      </Alert.Root>
    );
  }
  return (
    <Stack gap="3" data-testid="join-request-state" data-state={role}>
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('errors:OFFER_SUBMISSION_NOT_AVAILABLE')}</Alert.Title>
          <Alert.Description>{t('join.explanation')}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Button colorPalette="orange" loading={requestToJoin.isPending} onClick={() => requestToJoin.mutate()} data-testid="join-request">
        {t('join.request')}
      </Button>
      <FormError code={errorCodeOf(requestToJoin.error)} />
    </Stack>
  );
}
