import { CSRF_HEADER } from '../../domain/auth';
import { CLIENT_ERROR_CODES, type ClientErrorCode, ERROR_CODES, type ErrorCode, isErrorCode } from '../../domain/errors';

/** Statuses worth another try: the server or a proxy says "not now", not "no" (SPEC.md section 7). */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
export const DEFAULT_TIMEOUT_MS = 15_000;
const RETRY_BASE_DELAY_MS = 300;
const RETRY_MAX_DELAY_MS = 5_000;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | ClientErrorCode,
    readonly fields: Record<string, string> = {},
    /** From a refusal's Retry-After: how long the server asks the person to wait. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(code);
    this.name = 'HttpError';
  }
}

/** How long a refusal asks the person to wait, when it says so. */
export function retryAfterOf(error: unknown): number | null {
  return error instanceof HttpError ? error.retryAfterMs : null;
}

/** The code to show for a failed call: the server's, or INTERNAL for anything that is not an HTTP error. */
export function errorCodeOf(error: unknown): ErrorCode | ClientErrorCode | null {
  if (!error) return null;
  return error instanceof HttpError ? error.code : ERROR_CODES.INTERNAL;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** How many times to try again after the first attempt. Writes without an idempotency key never retry. */
  retries?: number;
  /** Makes a write safe to repeat: the server returns the first result for a repeated key. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface HttpClientOptions {
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** The anti-forgery token every write repeats in a header (read from its cookie in the browser). */
  csrfToken?: () => string | undefined;
  /** Whether the device says it is online; while it is not, nothing is sent or retried. */
  isOnline?: () => boolean;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function retryDelayMs(attempt: number, response?: Response): number {
  const retryAfter = Number(response?.headers.get('Retry-After'));
  if (Number.isFinite(retryAfter) && retryAfter > 0) return Math.min(retryAfter * 1000, RETRY_MAX_DELAY_MS);
  return Math.min(RETRY_BASE_DELAY_MS * 2 ** attempt, RETRY_MAX_DELAY_MS);
}

/**
 * The refusal a response's body names (`bodyText` as received), or, for a body that is no refusal of
 * the API (a proxy's HTML error page), a code from the status alone.
 */
export function refusalOf(status: number, bodyText: string, retryAfterMs: number | null = null): HttpError {
  try {
    const body = JSON.parse(bodyText) as { error?: { code?: unknown; fields?: Record<string, string> } } | null;
    if (isErrorCode(body?.error?.code)) return new HttpError(status, body.error.code, body.error.fields, retryAfterMs);
  } catch {
    // Not JSON: the status says enough.
  }
  if (status === 413) return new HttpError(status, ERROR_CODES.PAYLOAD_TOO_LARGE);
  return new HttpError(status, status >= 500 ? ERROR_CODES.INTERNAL : ERROR_CODES.VALIDATION_FAILED);
}

async function errorFromResponse(response: Response): Promise<HttpError> {
  const retryAfterS = Number(response.headers.get('Retry-After'));
  const retryAfterMs = Number.isFinite(retryAfterS) && retryAfterS > 0 ? retryAfterS * 1000 : null;
  return refusalOf(response.status, await response.text().catch(() => ''), retryAfterMs);
}

export function createHttpClient({
  baseUrl,
  fetch: fetchImpl = globalThis.fetch.bind(globalThis),
  timeoutMs = DEFAULT_TIMEOUT_MS,
  sleep = defaultSleep,
  csrfToken = () => undefined,
  isOnline = () => true,
}: HttpClientOptions) {
  async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
    const isWrite = method !== 'GET';
    const retries = isWrite && !options.idempotencyKey ? 0 : (options.retries ?? 1);

    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
    }
    const url = `${baseUrl}${path}${query.size > 0 ? `?${query}` : ''}`;
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;

    let csrfRetried = false;
    for (let attempt = 0; ; attempt++) {
      // Refused here rather than left to fail or wait: a request held until the connection returns
      // would place a bid or a purchase the person no longer expects.
      if (!isOnline()) throw new HttpError(0, CLIENT_ERROR_CODES.OFFLINE);
      const token = isWrite ? csrfToken() : undefined;
      if (token) headers[CSRF_HEADER] = token;
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, options.timeoutMs ?? timeoutMs);
      const abortFromCaller = () => controller.abort();
      options.signal?.addEventListener('abort', abortFromCaller);

      let response: Response;
      try {
        response = await fetchImpl(url, {
          method,
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          credentials: 'same-origin',
          signal: controller.signal,
        });
      } catch (error) {
        if (options.signal?.aborted) throw error;
        if (attempt < retries) {
          await sleep(retryDelayMs(attempt));
          continue;
        }
        throw new HttpError(0, timedOut ? CLIENT_ERROR_CODES.TIMEOUT : CLIENT_ERROR_CODES.NETWORK);
      } finally {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', abortFromCaller);
      }

      if (response.ok) {
        if (response.status === 204) return undefined as T;
        return (await response.json()) as T;
      }
      // A visitor whose token cookie was missing gets one with the refusal: one more try carries it.
      const refusal = response.status === 403 && isWrite ? await errorFromResponse(response.clone()) : null;
      if (refusal?.code === ERROR_CODES.CSRF_REJECTED && !csrfRetried && csrfToken() !== token) {
        csrfRetried = true;
        attempt--;
        continue;
      }
      if (RETRYABLE_STATUSES.has(response.status) && attempt < retries) {
        await sleep(retryDelayMs(attempt, response));
        continue;
      }
      throw await errorFromResponse(response);
    }
  }

  return {
    get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
    post: <T>(path: string, options?: RequestOptions) => request<T>('POST', path, options),
    put: <T>(path: string, options?: RequestOptions) => request<T>('PUT', path, options),
    patch: <T>(path: string, options?: RequestOptions) => request<T>('PATCH', path, options),
    delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
