import { ERROR_STATUS, type ErrorCode } from '../domain/errors';

/** A refusal the client is meant to see: its code travels in the body, its status is the code's. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    readonly fields?: Record<string, ErrorCode>,
    /** Headers the refusal travels with, such as Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(code);
    this.statusCode = ERROR_STATUS[code];
  }
}
