import { Button, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../lib/http';
import { runtimeConfig } from '../../../lib/runtime-config';
import { FormError } from '../../../lib/ui/form-error';
import { TRY_FINAL_WINDOW_IN_MS, useEndAuctionSoon } from '../api/end-auction-soon';

/**
 * Outside production only (the server says so in the runtime config): the owner of a running auction
 * ends its round in half a minute, so the final window can be tried on a local marketplace without
 * waiting the hours an auction lasts.
 */
export function AuctionTryFinalWindow({ slug }: { slug: string }) {
  const { t } = useTranslation('auction');
  const endSoon = useEndAuctionSoon(slug);
  if (!runtimeConfig().auctionClockTool) return null;
  return (
    <Stack gap="1.5" borderTopWidth="1px" borderStyle="dashed" pt="3" data-testid="try-final-window">
      <Text fontSize="sm" color="fg.muted">
        {t('tryFinalWindow.explanation', { seconds: TRY_FINAL_WINDOW_IN_MS / 1000 })}
      </Text>
      <Button size="sm" variant="outline" loading={endSoon.isPending} onClick={() => endSoon.mutate()} alignSelf="start">
        {t('tryFinalWindow.action', { seconds: TRY_FINAL_WINDOW_IN_MS / 1000 })}
      </Button>
      <FormError code={errorCodeOf(endSoon.error)} />
    </Stack>
  );
}
