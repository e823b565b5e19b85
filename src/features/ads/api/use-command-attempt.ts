import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import type { AuctionChange } from '../../../../domain/auction';
import { CLIENT_ERROR_CODES } from '../../../../domain/errors';
import { AUCTION_WATCH_EVENTS } from '../../../../machines/auction-watch.machine';
import { HttpError } from '../../../lib/http';
import { serverNow } from '../../../lib/realtime/server-clock';
import { useLiveAuction } from '../live-auction';

/**
 * No answer came (the network failed) or the server failed: the command may or may not have been
 * committed. One refused offline was never sent.
 */
function outcomeIsUnknown(error: unknown): boolean {
  if (!(error instanceof HttpError)) return true;
  return (error.status === 0 && error.code !== CLIENT_ERROR_CODES.OFFLINE) || error.status >= 500;
}

/**
 * Idempotency keys for one kind of auction command (DESIGN.md section 4): a fresh key for each
 * attempt, and the same key again when the person retries the same input after an attempt whose
 * outcome never arrived, so the server answers with the first result instead of acting twice.
 */
function useCommandAttempt<Input>() {
  const unsettled = useRef<{ input: string; idempotencyKey: string } | null>(null);
  return {
    keyFor(input: Input): string {
      const fingerprint = JSON.stringify(input);
      if (unsettled.current?.input !== fingerprint) unsettled.current = { input: fingerprint, idempotencyKey: crypto.randomUUID() };
      return unsettled.current.idempotencyKey;
    },
    settle(error: unknown) {
      if (error === null || !outcomeIsUnknown(error)) unsettled.current = null;
    },
  };
}

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
