import { CLIENT_ERROR_CODES } from '../../domain/errors';
import { useRef } from 'react';
import { HttpError } from './http';

/**
 * No answer came (the network failed) or the server failed: the command may or may not have been
 * committed. One refused offline was never sent.
 */
function outcomeIsUnknown(error: unknown): boolean {
  if (!(error instanceof HttpError)) return true;
  return (error.status === 0 && error.code !== CLIENT_ERROR_CODES.OFFLINE) || error.status >= 500;
}

/**
 * Idempotency keys for one kind of command (DESIGN.md section 4): a fresh key for each
 * attempt, and the same key again when the person retries the same input after an attempt whose
 * outcome never arrived, so the server answers with the first result instead of acting twice.
 */
export function useCommandAttempt<Input>() {
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
