import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE } from '../../domain/auth';
import { loadConfig } from '../../server/config';
import { sweepExpiredRecords } from '../../server/jobs/housekeeping';
import { SIGN_IN_FAILURES_PER_ACCOUNT, SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS, SIGN_IN_FAILURES_PER_ADDRESS } from '../../server/modules/auth/account-rate-limits';
import { TestBrowser } from './helpers/browser';
import { buildTestApp, type TestApp, testDialect } from './helpers/test-app';

const MINUTE_MS = 60_000;

describe(`sign-in, sessions, CSRF and rate limits on ${testDialect}`, () => {
  let t: TestApp;
  const clock = { now: Date.UTC(2026, 10, 21, 9, 0, 0) };
  beforeAll(async () => {
    t = await buildTestApp({ now: () => clock.now });
  });
  afterAll(async () => t.close());

  it('signs a demo user in by email and keeps the session on the server', async () => {
    const browser = new TestBrowser(t.app);
    const signIn = await browser.post('/api/auth/sign-in', { method: 'email', email: 'Ahmed@Example.com', password: 'demo1234' });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user).toMatchObject({ email: 'ahmed@example.com', fullName: 'أحمد العتيبي' });
    const setCookie = String(signIn.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    const sessionToken = browser.cookies.get('sid');

    expect((await browser.get('/api/auth/session')).json().user).toMatchObject({ email: 'ahmed@example.com' });
    expect((await browser.post('/api/auth/sign-out')).statusCode).toBe(204);
    expect(browser.cookies.has('sid')).toBe(false);

    // The same cookie, replayed after sign-out, opens nothing: the session ended on the server.
    browser.cookies.set('sid', sessionToken!);
    expect((await browser.get('/api/auth/session')).json()).toEqual({ user: null });
  });

  it('signs in by phone typed in Arabic-Indic digits', async () => {
    const response = await new TestBrowser(t.app).post('/api/auth/sign-in', { method: 'phone', phone: '٩٦٦٥٠١٢٣٤٥٦٧', password: 'demo1234' });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a wrong pair with the message of its method', async () => {
    const browser = new TestBrowser(t.app);
    const byEmail = await browser.post('/api/auth/sign-in', { method: 'email', email: 'sara@example.com', password: 'wrong-password' });
    expect(byEmail.statusCode).toBe(401);
    expect(byEmail.json()).toEqual({ error: { code: 'INCORRECT_EMAIL_OR_PASSWORD', message: 'Incorrect password or email' } });
    const byPhone = await browser.post('/api/auth/sign-in', { method: 'phone', phone: '966500000000', password: 'demo1234' });
    expect(byPhone.json()).toEqual({ error: { code: 'INCORRECT_PHONE_OR_PASSWORD', message: 'Incorrect password or phone' } });
    expect(browser.cookies.has('sid')).toBe(false);
    const arabic = await new TestBrowser(t.app, { locale: 'ar' }).post('/api/auth/sign-in', { method: 'email', email: 'nobody@example.com', password: 'whatever' });
    expect(arabic.json().error.message).toBe('كلمة المرور أو البريد الإلكتروني غير صحيح');
  });

  it('refuses every state-changing call that does not repeat the anti-forgery token', async () => {
    const credentials = { method: 'email', email: 'ahmed@example.com', password: 'demo1234' };
    const withoutHeader = await new TestBrowser(t.app).post('/api/auth/sign-in', credentials, { csrf: false });
    expect(withoutHeader.statusCode).toBe(403);
    expect(withoutHeader.json()).toEqual({ error: { code: 'CSRF_REJECTED', message: 'This page has expired, reload it and try again' } });
    expect(withoutHeader.headers['set-cookie']).toBeUndefined();

    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { cookie: `${CSRF_COOKIE}=the-real-token`, 'x-csrf-token': 'a-guessed-token' },
      payload: credentials,
    });
    expect(forged.statusCode).toBe(403);

    // A browser that lost its token cookie gets a new one with the refusal, and the next try passes.
    const fresh = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: credentials });
    expect(fresh.statusCode).toBe(403);
    const issued = fresh.cookies.find((cookie) => cookie.name === CSRF_COOKIE);
    expect(issued?.value).toMatch(/^[\w-]{40,}$/);
    expect(issued?.httpOnly).toBeFalsy();
    const retried = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { cookie: `${CSRF_COOKIE}=${issued!.value}`, 'x-csrf-token': issued!.value },
      payload: credentials,
    });
    expect(retried.statusCode).toBe(200);

    // Reading needs no token.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session' })).statusCode).toBe(200);
  });

  it('locks one account from the address that guessed wrong five times, never its owner elsewhere, until the window passes', async () => {
    const wrong = { method: 'email', email: 'mona@example.com', password: 'not-her-password' };
    const stranger = new TestBrowser(t.app, { ip: '10.0.0.66' });
    for (let attempt = 0; attempt < SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS.limit; attempt++) expect((await stranger.post('/api/auth/sign-in', wrong)).statusCode).toBe(401);
    const locked = await stranger.post('/api/auth/sign-in', { ...wrong, password: 'demo1234' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ error: { code: 'RATE_LIMITED', message: 'Too many attempts, wait a moment and try again' } });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The same account by its phone shares the count.
    expect((await stranger.post('/api/auth/sign-in', { method: 'phone', phone: '201001234567', password: 'demo1234' })).statusCode).toBe(429);
    // The owner, from anywhere else, still signs in; another account from the stranger's address too.
    expect((await new TestBrowser(t.app, { ip: '10.0.1.1' }).post('/api/auth/sign-in', { ...wrong, password: 'demo1234' })).statusCode).toBe(200);
    expect((await new TestBrowser(t.app, { ip: '10.0.0.66' }).post('/api/auth/sign-in', { method: 'email', email: 'omar@example.com', password: 'demo1234' })).statusCode).toBe(200);

    clock.now += SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS.windowMs;
    expect((await stranger.post('/api/auth/sign-in', { ...wrong, password: 'demo1234' })).statusCode).toBe(200);
  });

  it('slows guessing one account from many addresses with a higher account-wide limit', async () => {
    const wrong = { method: 'email', email: 'ahmed@example.com', password: 'not-his-password' };
    // Each address stays under its own limit; together they reach the account's.
    const addresses = Array.from({ length: SIGN_IN_FAILURES_PER_ACCOUNT.limit }, (_, index) => `172.16.${Math.floor(index / 4)}.${(index % 4) + 1}`);
    for (const [index, ip] of addresses.entries()) {
      const response = await new TestBrowser(t.app, { ip }).post('/api/auth/sign-in', wrong);
      expect(response.statusCode, `guess ${index + 1}`).toBe(401);
      // The owner's right password meanwhile is given back, so it never counts against the account.
      if (index === addresses.length / 2) expect((await new TestBrowser(t.app, { ip: '172.30.0.1' }).post('/api/auth/sign-in', { ...wrong, password: 'demo1234' })).statusCode).toBe(200);
    }
    const refused = await new TestBrowser(t.app, { ip: '172.31.0.1' }).post('/api/auth/sign-in', { ...wrong, password: 'demo1234' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    clock.now += SIGN_IN_FAILURES_PER_ACCOUNT.windowMs;
    expect((await new TestBrowser(t.app, { ip: '172.31.0.1' }).post('/api/auth/sign-in', { ...wrong, password: 'demo1234' })).statusCode).toBe(200);
  });

  it('limits wrong passwords from one address across accounts, never right ones', async () => {
    const sprayer = new TestBrowser(t.app, { ip: '192.0.2.7' });
    const neighbour = new TestBrowser(t.app, { ip: '192.0.2.7' });
    for (let attempt = 0; attempt < SIGN_IN_FAILURES_PER_ADDRESS.limit; attempt++) {
      const response = await sprayer.post('/api/auth/sign-in', { method: 'email', email: `person${attempt}@example.com`, password: 'password1' });
      expect(response.statusCode).toBe(401);
      // Successful sign-ins behind the same address (a carrier's NAT) are not counted.
      if (attempt % 10 === 0) expect((await neighbour.post('/api/auth/sign-in', { method: 'email', email: 'omar@example.com', password: 'demo1234' })).statusCode).toBe(200);
    }
    expect((await sprayer.post('/api/auth/sign-in', { method: 'email', email: 'sara@example.com', password: 'demo1234' })).statusCode).toBe(429);
    expect((await new TestBrowser(t.app, { ip: '192.0.2.8' }).post('/api/auth/sign-in', { method: 'email', email: 'sara@example.com', password: 'demo1234' })).statusCode).toBe(200);
    clock.now += SIGN_IN_FAILURES_PER_ADDRESS.windowMs;
    expect((await sprayer.post('/api/auth/sign-in', { method: 'email', email: 'sara@example.com', password: 'demo1234' })).statusCode).toBe(200);
  });

  it('lets only the owner open an ad for managing', async () => {
    const ad = await t.app.db.selectFrom('ads').innerJoin('users', 'users.id', 'ads.owner_id').select(['ads.slug', 'users.email']).where('users.email', '=', 'ahmed@example.com').executeTakeFirstOrThrow();
    const url = `/api/my/ads/${encodeURIComponent(ad.slug)}`;

    expect((await new TestBrowser(t.app).get(url)).json().error.code).toBe('UNAUTHENTICATED');

    const sara = new TestBrowser(t.app);
    await sara.signIn('sara@example.com');
    const refused = await sara.get(url);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'You do not have permission to access this page' } });

    const ahmed = new TestBrowser(t.app);
    await ahmed.signIn('ahmed@example.com');
    const owned = await ahmed.get(url);
    expect(owned.statusCode).toBe(200);
    expect(owned.json().slug).toBe(ad.slug);
  });

  it('sweeps expired sessions and spent rate-limit windows, keeping live ones', async () => {
    const browser = new TestBrowser(t.app);
    await browser.signIn('omar@example.com');
    const user = await t.app.db.selectFrom('users').select('id').where('email', '=', 'omar@example.com').executeTakeFirstOrThrow();
    await t.app.db.insertInto('sessions').values({ id: 'expired-session', user_id: user.id, created_at: 0, expires_at: clock.now - 1 }).execute();
    await t.app.db.insertInto('rate_limits').values([{ key: 'old-window', window_started_at: clock.now - 25 * 60 * MINUTE_MS, hits: 3 }, { key: 'live-window', window_started_at: clock.now, hits: 1 }]).execute();

    await sweepExpiredRecords(t.app.db, clock.now);
    expect(await t.app.db.selectFrom('sessions').select('id').where('id', '=', 'expired-session').execute()).toEqual([]);
    expect((await browser.get('/api/auth/session')).json().user.email).toBe('omar@example.com');
    expect((await t.app.db.selectFrom('rate_limits').select('key').where('key', 'in', ['old-window', 'live-window']).execute()).map((row) => row.key)).toEqual(['live-window']);
  });

  it('counts parallel wrong passwords before checking them, so a burst meets the lock too', async () => {
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, index) => new TestBrowser(t.app, { ip: '10.9.0.1' }).post('/api/auth/sign-in', { method: 'email', email: 'mona@example.com', password: `guess-${index}` })),
    );
    const statuses = burst.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(7);
    clock.now += SIGN_IN_FAILURES_PER_ACCOUNT_AND_ADDRESS.windowMs;
  });

  it('compares the password as typed, spaces included', async () => {
    const browser = new TestBrowser(t.app);
    await browser.signIn('omar@example.com');
    expect((await browser.post('/api/me/password', { currentPassword: 'demo1234', newPassword: ' spaced pass ' })).statusCode).toBe(204);
    expect((await new TestBrowser(t.app).post('/api/auth/sign-in', { method: 'email', email: 'omar@example.com', password: ' spaced pass ' })).statusCode).toBe(200);
    expect((await new TestBrowser(t.app).post('/api/auth/sign-in', { method: 'email', email: 'omar@example.com', password: 'spaced pass' })).statusCode).toBe(401);
    expect((await browser.post('/api/me/password', { currentPassword: ' spaced pass ', newPassword: 'demo1234' })).statusCode).toBe(204);
  });

  it('refuses a write without the token whatever spelling its address takes', async () => {
    const encoded = await t.app.inject({ method: 'POST', url: '/%61pi/auth/sign-in', headers: { cookie: `${CSRF_COOKIE}=token` }, payload: { method: 'email', email: 'ahmed@example.com', password: 'demo1234' } });
    expect(encoded.statusCode).toBe(403);
    expect(encoded.json().error.code).toBe('CSRF_REJECTED');
  });

  it('ignores a client-made X-Forwarded-For unless a proxy is configured as trusted', async () => {
    const attempt = (forwardedFor: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        remoteAddress: '203.0.113.50',
        headers: { cookie: `${CSRF_COOKIE}=token`, 'x-csrf-token': 'token', 'x-forwarded-for': forwardedFor },
        payload: { method: 'email', email: `nobody-${forwardedFor}@example.com`, password: 'wrong-one' },
      });
    for (let index = 0; index < SIGN_IN_FAILURES_PER_ADDRESS.limit; index++) expect((await attempt(`198.18.0.${index}`)).statusCode).toBe(401);
    expect((await attempt('198.18.1.1')).statusCode).toBe(429);
    clock.now += SIGN_IN_FAILURES_PER_ADDRESS.windowMs;
  });

  it('reads the trusted proxies from TRUST_PROXY', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    const oneHop = loadConfig({ TRUST_PROXY: '1' }).trustProxy as (address: string, hop: number) => boolean;
    expect([oneHop('10.0.0.1', 0), oneHop('10.0.0.1', 1)]).toEqual([true, false]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.0/8']);
  });
});
