import { Badge, Heading, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuctionPhase, AuctionState } from '../../../../domain/auction';
import { formatCountdown } from '../../../lib/countdown';
import { useServerTimeLeft } from '../../../lib/realtime/server-clock';
import type { AuctionView } from '../../../../machines/auction-view';
import { SECOND_MS, MINUTE_MS, HOUR_MS, DAY_MS } from '../../../../domain/timing';

/** Screen readers hear the countdown as it passes these, not every second. */
const ANNOUNCED_REMAINING_MS = [5 * MINUTE_MS, MINUTE_MS, 30 * SECOND_MS, 10 * SECOND_MS];

const PHASE_PALETTES: Record<AuctionPhase, string> = {
  scheduled: 'gray',
  active: 'green',
  finalWindow: 'orange',
  awaitingFinalisation: 'orange',
  finalised: 'blue',
  ended: 'gray',
  boughtOutright: 'blue',
  endedWithoutBids: 'gray',
};

/** `m:ss` under an hour, `h:mm:ss` under a day, and the days in words before that beyond. */
function useRemainingText() {
  const { t } = useTranslation('auction');
  return (ms: number) => {
    if (ms < HOUR_MS) return formatCountdown(ms);
    const totalSeconds = Math.ceil(ms / SECOND_MS);
    const days = Math.floor(totalSeconds / (DAY_MS / SECOND_MS));
    const hours = Math.floor((totalSeconds % (DAY_MS / SECOND_MS)) / (HOUR_MS / SECOND_MS));
    const clock = `${hours}:${formatCountdown((totalSeconds % (HOUR_MS / SECOND_MS)) * SECOND_MS).padStart(5, '0')}`;
    return days > 0 ? t('countdown.daysAndClock', { count: days, clock }) : clock;
  };
}

/**
 * What a screen reader is told, politely: each threshold of the countdown as it is passed, and each
 * change of phase. Nothing on first showing, so opening the page does not read out old news.
 */
function useCountdownAnnouncement(phase: AuctionPhase, remaining: number | null): string {
  const { t } = useTranslation('auction');
  const passed = remaining === null ? 0 : ANNOUNCED_REMAINING_MS.filter((threshold) => remaining <= threshold).length;
  const [heard, setHeard] = useState({ phase, passed });
  const [announcement, setAnnouncement] = useState('');
  if (phase !== heard.phase) {
    setHeard({ phase, passed });
    setAnnouncement(t(`announce.phase.${phase}`));
  } else if (passed !== heard.passed) {
    setHeard({ phase, passed });
    if (passed > heard.passed) {
      const threshold = ANNOUNCED_REMAINING_MS[passed - 1]!;
      const time = threshold >= MINUTE_MS ? t('duration.minutes', { count: threshold / MINUTE_MS }) : t('duration.seconds', { count: threshold / SECOND_MS });
      setAnnouncement(t(`announce.remaining.${phase}`, { time }));
    }
  }
  return announcement;
}

/**
 * The auction's heading, its phase as the machine places it, and the countdown to the phase's
 * deadline in server time, when the viewer has one to watch (`countdownTo`).
 */
interface AuctionStatusProps {
  auction: AuctionState;
  view: AuctionView;
  /** The heading's id, which names the auction panel. */
  headingId: string;
}

export function AuctionStatus({ auction, view, headingId }: AuctionStatusProps) {
  const { t } = useTranslation('auction');
  // Only the digits tick; the phase and the deadline change when the live actor says so.
  const timeLeft = useServerTimeLeft(view.countdownTo ?? view.now, view.now);
  const remaining = view.countdownTo === null ? null : timeLeft;
  const remainingText = useRemainingText();
  const announcement = useCountdownAnnouncement(view.phase, remaining);

  return (
    <Stack gap="3">
      <HStack justify="space-between" gap="2" wrap="wrap">
        <Heading as="h2" size="md" id={headingId}>
          {auction.type === 'LIVE_AUCTION' ? t('heading.subAuction', { round: auction.round }) : t('heading.auction')}
        </Heading>
        <Badge colorPalette={PHASE_PALETTES[view.phase]} variant="subtle" size="md" data-testid="auction-phase" data-phase={view.phase}>
          {t(`phase.${view.phase}`)}
        </Badge>
      </HStack>
      {remaining !== null ? (
        <Stack gap="0" data-testid="auction-countdown" data-phase={view.phase}>
          <Text fontSize="sm" color="fg.muted">
            {t(`countdown.${view.phase}`)}
          </Text>
          <Text role="timer" fontSize="2xl" fontWeight="bold" fontVariantNumeric="tabular-nums" color={view.phase === 'finalWindow' ? 'orange.fg' : undefined}>
            <bdi>{remainingText(remaining)}</bdi>
          </Text>
        </Stack>
      ) : null}
      <VisuallyHidden aria-live="polite" aria-atomic="true" data-testid="auction-announcer">
        {announcement}
      </VisuallyHidden>
    </Stack>
  );
}
