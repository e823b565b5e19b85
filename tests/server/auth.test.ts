import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../domain/auth';
import { buildTestApp, type TestApp, testDialect } from './helpers/test-app';

function sessionCookie(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie.join(';') : (setCookie ?? '');
  const token = header.match(new RegExp(`${SESSION_COOKIE}=([^;]+)`))?.[1];
  if (!token) throw new Error('no session cookie set');
  return `${SESSION_COOKIE}=${token}`;
}

describe(`sign-in and sessions on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('signs a demo user in by email and keeps the session on the server', async () => {
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { method: 'email', email: 'Ahmed@Example.com', password: 'demo1234' } });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ email: 'ahmed@example.com', fullName: 'أحمد العتيبي' });
    const setCookie = String(signIn.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    const cookie = sessionCookie(signIn.headers['set-cookie']);

    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json().user).toMatchObject({ email: 'ahmed@example.com' });

    const signOut = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie } });
    expect(signOut.statusCode).toBe(204);
    // The same cookie, replayed after sign-out, opens nothing: the session ended on the server.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json()).toEqual({ user: null });
  });

  it('signs in by phone typed in Arabic-Indic digits', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { method: 'phone', phone: '٩٦٦٥٠١٢٣٤٥٦٧', password: 'demo1234' } });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a wrong pair with the message of its method', async () => {
    const byEmail = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: { cookie: 'locale=en' }, payload: { method: 'email', email: 'ahmed@example.com', password: 'wrong-password' } });
    expect(byEmail.statusCode).toBe(401);
    expect(byEmail.json()).toEqual({ error: { code: 'INCORRECT_EMAIL_OR_PASSWORD', message: 'Incorrect password or email' } });
    const byPhone = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', headers: { cookie: 'locale=en' }, payload: { method: 'phone', phone: '966500000000', password: 'demo1234' } });
    expect(byPhone.json()).toEqual({ error: { code: 'INCORRECT_PHONE_OR_PASSWORD', message: 'Incorrect password or phone' } });
    expect(byPhone.headers['set-cookie']).toBeUndefined();
  });

  it('lets only the owner open an ad for managing', async () => {
    const ad = await t.app.db.selectFrom('ads').innerJoin('users', 'users.id', 'ads.owner_id').select(['ads.slug', 'users.email']).where('users.email', '=', 'ahmed@example.com').executeTakeFirstOrThrow();
    const url = `/api/my/ads/${encodeURIComponent(ad.slug)}`;

    expect((await t.app.inject({ method: 'GET', url })).json().error.code).toBe('UNAUTHENTICATED');

    const sara = sessionCookie((await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { method: 'email', email: 'sara@example.com', password: 'demo1234' } })).headers['set-cookie']);
    const refused = await t.app.inject({ method: 'GET', url, headers: { cookie: `${sara}; locale=en` } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'You do not have permission to access this page' } });

    const ahmed = sessionCookie((await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { method: 'email', email: 'ahmed@example.com', password: 'demo1234' } })).headers['set-cookie']);
    const owned = await t.app.inject({ method: 'GET', url, headers: { cookie: ahmed } });
    expect(owned.statusCode).toBe(200);
    expect(owned.json().slug).toBe(ad.slug);
  });
});
