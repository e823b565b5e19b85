import { describe, expect, it, vi } from 'vitest';
import { createHttpClient, HttpError, RETRYABLE_STATUSES } from '../../src/lib/http';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

function client(responses: Array<Response | Error>, timeoutMs = 1000, csrfToken?: () => string | undefined) {
  const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    if (next instanceof Error) throw next;
    void init;
    return next;
  });
  const sleep = vi.fn(async () => {});
  return { http: createHttpClient({ baseUrl: '/api', fetch: fetch as unknown as typeof globalThis.fetch, sleep, timeoutMs, csrfToken }), fetch, sleep };
}

describe('http client', () => {
  it('repeats the anti-forgery token on writes only', async () => {
    const { http, fetch } = client([json(200, {}), json(200, {})], 1000, () => 'token-1');
    await http.get('/things');
    await http.post('/things', { body: {} });
    const headersOf = (call: number) => (fetch.mock.calls[call]![1] as RequestInit).headers as Record<string, string>;
    expect(headersOf(0)['x-csrf-token']).toBeUndefined();
    expect(headersOf(1)['x-csrf-token']).toBe('token-1');
  });

  it('tries a write once more when the refusal brought the token cookie it lacked', async () => {
    let cookie: string | undefined;
    const refusal = json(403, { error: { code: 'CSRF_REJECTED' } });
    const fetchThenSetCookie = [refusal, json(201, { id: 'x' })];
    const { http, fetch } = client(fetchThenSetCookie, 1000, () => cookie);
    fetch.mockImplementationOnce(async () => {
      cookie = 'fresh-token';
      return fetchThenSetCookie.shift() as Response;
    });
    await expect(http.post('/things', { body: {} })).resolves.toEqual({ id: 'x' });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(((fetch.mock.calls[1]![1] as RequestInit).headers as Record<string, string>)['x-csrf-token']).toBe('fresh-token');
  });

  it('keeps how long a refusal asks to wait', async () => {
    const { http } = client([json(429, { error: { code: 'RATE_LIMITED' } }, { 'Retry-After': '840' })]);
    await expect(http.post('/auth/sign-in', { body: {} })).rejects.toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfterMs: 840_000 });
  });

  it('does not loop on a refusal when the token did not change', async () => {
    const { http, fetch } = client([json(403, { error: { code: 'CSRF_REJECTED' } }), json(201, {})], 1000, () => 'stale');
    await expect(http.post('/things', { body: {} })).rejects.toMatchObject({ status: 403, code: 'CSRF_REJECTED' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('retries exactly the statuses of SPEC.md section 7', () => {
    expect([...RETRYABLE_STATUSES].sort()).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
  });

  it.each([...RETRYABLE_STATUSES])('retries a GET once by default after %i', async (status) => {
    const { http, fetch } = client([json(status, {}), json(200, { ok: true })]);
    await expect(http.get('/things')).resolves.toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('gives up on a GET after the one default retry', async () => {
    const { http, fetch } = client([json(503, {}), json(503, {}), json(200, {})]);
    await expect(http.get('/things')).rejects.toMatchObject({ status: 503, code: 'INTERNAL' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('honours a larger retry count for a GET', async () => {
    const { http, fetch } = client([json(502, {}), json(502, {}), json(200, { ok: 1 })]);
    await expect(http.get('/things', { retries: 2 })).resolves.toEqual({ ok: 1 });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('does not retry a status outside the list', async () => {
    const { http, fetch } = client([json(400, { error: { code: 'VALIDATION_FAILED', fields: { email: 'INVALID_EMAIL' } } })]);
    const error = await http.get('/things').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', fields: { email: 'INVALID_EMAIL' } });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('never retries a %s without an idempotency key, even when asked', async (method) => {
    const { http, fetch } = client([json(503, {}), json(200, {})]);
    const call = { POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete }[method];
    await expect(call('/things', { body: { a: 1 }, retries: 3 })).rejects.toMatchObject({ status: 503 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('retries a keyed write once and sends the key', async () => {
    const { http, fetch } = client([json(503, {}), json(201, { id: 'x' })]);
    await expect(http.post('/bids', { body: { amount: 5 }, idempotencyKey: 'key-1' })).resolves.toEqual({ id: 'x' });
    expect(fetch).toHaveBeenCalledTimes(2);
    const init = fetch.mock.calls[1]![1]!;
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toBe('key-1');
  });

  it('sends nothing while the device is offline, and does not send it later', async () => {
    let online = false;
    const fetch = vi.fn(async () => json(201, { id: 'x' }));
    const sleep = vi.fn(async () => {});
    const http = createHttpClient({ baseUrl: '/api', fetch: fetch as unknown as typeof globalThis.fetch, sleep, isOnline: () => online });
    await expect(http.post('/bids', { body: { amount: 5 }, idempotencyKey: 'key-1', retries: 3 })).rejects.toMatchObject({ status: 0, code: 'OFFLINE' });
    online = true;
    await Promise.resolve();
    expect(fetch).not.toHaveBeenCalled();
    expect(sleep).not.toHaveBeenCalled();
  });

  it('does not retry a keyed write once the device has gone offline', async () => {
    let online = true;
    const fetch = vi.fn(async () => {
      online = false;
      throw new TypeError('Failed to fetch');
    });
    const http = createHttpClient({ baseUrl: '/api', fetch: fetch as unknown as typeof globalThis.fetch, sleep: async () => {}, isOnline: () => online });
    await expect(http.post('/bids', { body: { amount: 5 }, idempotencyKey: 'key-1' })).rejects.toMatchObject({ status: 0, code: 'OFFLINE' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('sends a JSON body for %s', async (method) => {
    const { http, fetch } = client([json(200, {})]);
    const call = { POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete }[method];
    await call('/things', { body: { name: 'سيارة' } });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/things');
    expect(init!.method).toBe(method);
    expect(init!.body).toBe('{"name":"سيارة"}');
    expect((init!.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('builds the query string and leaves out empty values', async () => {
    const { http, fetch } = client([json(200, {})]);
    await http.get('/ads', { query: { q: 'سيارة', page: 2, country: null, type: undefined, empty: '' } });
    expect(fetch.mock.calls[0]![0]).toBe('/api/ads?q=%D8%B3%D9%8A%D8%A7%D8%B1%D8%A9&page=2');
  });

  it('times out a slow request and reports it as a timeout', async () => {
    const fetch = vi.fn((_url: string, init?: RequestInit) => new Promise<Response>((_, reject) => init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))));
    const http = createHttpClient({ baseUrl: '', fetch: fetch as unknown as typeof globalThis.fetch, sleep: async () => {}, timeoutMs: 20 });
    await expect(http.get('/slow', { retries: 0 })).rejects.toMatchObject({ status: 0, code: 'TIMEOUT' });
  });

  it('retries a GET after a network failure, then reports it', async () => {
    const { http, fetch } = client([new TypeError('Failed to fetch'), new TypeError('Failed to fetch')]);
    await expect(http.get('/things')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('waits as long as Retry-After says before retrying', async () => {
    const { http, sleep } = client([json(429, {}, { 'Retry-After': '2' }), json(200, {})]);
    await http.get('/things');
    expect(sleep).toHaveBeenCalledWith(2000);
  });

  it('returns nothing for 204', async () => {
    const { http } = client([json(204, null)]);
    await expect(http.post('/auth/sign-out')).resolves.toBeUndefined();
  });
});
