import { useMutation } from '@tanstack/react-query';
import type { AuctionChange } from '../../../../domain/auction';
import { AUCTION_WATCH_EVENTS } from '../../../../machines/auction-watch.machine';
import { useCommandAttempt } from '../../../lib/command-attempt';
import { serverNow } from '../../../lib/realtime/server-clock';
import { useLiveAuction } from '../live-auction';

/**
 * One auction command as a mutation: keyed per attempt (`useCommandAttempt`), and its committed
 * answer put on the page at once, unless the room's broadcast of the same change came first.
 */
export function useAuctionCommand<Input>(send: (input: Input, idempotencyKey: string) => Promise<AuctionChange>) {
  const liveAuction = useLiveAuction();
  const attempt = useCommandAttempt<Input>();
  return useMutation({
    mutationFn: (input: Input) => send(input, attempt.keyFor(input)),
    onSuccess: (change) => liveAuction.send({ type: AUCTION_WATCH_EVENTS.ANSWER, change, at: serverNow() }),
    onSettled: (_result, error) => attempt.settle(error),
  });
}
