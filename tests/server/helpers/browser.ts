import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '../../../domain/auth';
import type { Locale } from '../../../domain/locale';

const randomOctet = () => Math.floor(Math.random() * 254) + 1;

/**
 * One person's browser against an app under `inject`: it keeps the cookies the server sets (the
 * session, the anti-forgery token) and repeats the token on writes, as the real client does.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    options: { locale?: Locale; ip?: string } = {},
  ) {
    this.cookies.set('locale', options.locale ?? 'en');
    this.cookies.set(CSRF_COOKIE, `test-token-${Math.random().toString(36).slice(2)}`);
    // Each browser is its own person on its own address, so per-address limits only meet tests that aim at them.
    this.ip = options.ip ?? `10.${randomOctet()}.${randomOctet()}.${randomOctet()}`;
  }

  private readonly ip: string;

  /** `locale` sends this one request in another language; `contentType` is for a body that is not JSON. */
  async request(
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    options: { csrf?: boolean; locale?: Locale; contentType?: string } = {},
  ): Promise<LightMyRequestResponse> {
    const cookies = options.locale ? new Map([...this.cookies, ['locale', options.locale]]) : this.cookies;
    const headers: Record<string, string> = { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
    if (method !== 'GET' && options.csrf !== false) headers[CSRF_HEADER] = this.cookies.get(CSRF_COOKIE) ?? '';
    if (options.contentType) headers['content-type'] = options.contentType;
    const response = await this.app.inject({ method, url, headers, remoteAddress: this.ip, ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }) });
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const cleared = cookie.value === '' || cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() <= Date.now());
      if (cleared) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, payload?: unknown, options?: { csrf?: boolean }) => this.request('POST', url, payload, options);
  patch = (url: string, payload?: unknown) => this.request('PATCH', url, payload);
  delete = (url: string, payload?: unknown) => this.request('DELETE', url, payload);

  /** Posts one file as a multipart part named `field` (`file` unless told), the way the page's FormData does. */
  upload(url: string, file: { name: string; bytes: Buffer; field?: string; locale?: Locale }): Promise<LightMyRequestResponse> {
    const boundary = `----souq-${randomUUID()}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      file.bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return this.request('POST', url, payload, { locale: file.locale, contentType: `multipart/form-data; boundary=${boundary}` });
  }

  async signIn(email: string, password = 'demo1234'): Promise<LightMyRequestResponse> {
    const response = await this.post('/api/auth/sign-in', { method: 'email', email, password });
    if (response.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${response.body}`);
    return response;
  }
}
