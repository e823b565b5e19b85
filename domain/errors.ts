/**
 * Every error code the server can answer with, and the HTTP status each one travels with.
 * The client turns a code into a message through the `errors` locale namespace, so codes are
 * the only contract between the two.
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  REQUIRED: 'REQUIRED',
  INVALID_EMAIL: 'INVALID_EMAIL',
  NOT_FOUND: 'NOT_FOUND',
  ROUTE_NOT_FOUND: 'ROUTE_NOT_FOUND',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  INCORRECT_EMAIL_OR_PASSWORD: 'INCORRECT_EMAIL_OR_PASSWORD',
  INCORRECT_PHONE_OR_PASSWORD: 'INCORRECT_PHONE_OR_PASSWORD',
  PRODUCT_UNAVAILABLE: 'PRODUCT_UNAVAILABLE',
  RATE_LIMITED: 'RATE_LIMITED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  INTERNAL: 'INTERNAL',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  REQUIRED: 400,
  INVALID_EMAIL: 400,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  INCORRECT_EMAIL_OR_PASSWORD: 401,
  INCORRECT_PHONE_OR_PASSWORD: 401,
  PRODUCT_UNAVAILABLE: 410,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  INTERNAL: 500,
};

/** The one shape of every error body the API sends. */
export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    /** Per-field codes for form errors, keyed by the field's path. */
    fields?: Record<string, ErrorCode>;
  };
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

/** Failures the client meets before any server answers; they share the `errors` namespace. */
export const CLIENT_ERROR_CODES = {
  NETWORK: 'NETWORK',
  TIMEOUT: 'TIMEOUT',
} as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[keyof typeof CLIENT_ERROR_CODES];
