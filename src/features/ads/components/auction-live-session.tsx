import { Link, Stack, Text } from '@chakra-ui/react';
import { Radio } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import type { AuctionState } from '../../../../domain/auction';
import { formatDateTime } from '../../../lib/format';
import { useTimeZone } from '../../../lib/hydration';
import { useLocale } from '../../../lib/use-locale';

/** A live auction's stream, opened beside the bidding, and when the whole live session ends. */
export function AuctionLiveSession({ auction }: { auction: AuctionState }) {
  const { t } = useTranslation('auction');
  const locale = useLocale();
  const timeZone = useTimeZone();
  if (auction.liveLink === null) return null;
  return (
    <Stack gap="1.5" borderTopWidth="1px" pt="3" data-testid="live-session">
      <Link href={auction.liveLink} target="_blank" rel="noopener noreferrer nofollow" color="colorPalette.fg" fontWeight="semibold" data-testid="live-link">
        <Radio size={18} aria-hidden />
        {t('live.watch')}
      </Link>
      {auction.liveEndsAt !== null ? (
        <Text fontSize="sm" color="fg.muted" data-testid="live-ends-at">
          <Trans t={t} i18nKey="live.endsAt" values={{ date: formatDateTime(auction.liveEndsAt, locale, timeZone, { withZone: true }) }} components={{ date: <bdi /> }} />
        </Text>
      ) : null}
    </Stack>
  );
}
