import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connectSocket } from 'socket.io-client';
import { SOCKET_EVENTS } from '../../domain/realtime-events';
import { type Kysely, sql } from 'kysely';
import { createDatabase } from '../../server/db/database';
import * as initialMigration from '../../server/db/migrations/0001-initial';
import * as accountsMigration from '../../server/db/migrations/0002-accounts';
import { buildTestApp, type TestApp, testDialect } from './helpers/test-app';
import { runtimeConfigOf } from './helpers/page-config';

const FIXED_NOW = Date.UTC(2026, 10, 21, 12, 0, 0);

describe(`foundation on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ now: () => FIXED_NOW });
  });
  afterAll(async () => t.close());

  it('answers the health check with the database it runs on and the server time', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: testDialect, buildId: 'dev', serverTime: FIXED_NOW });
  });

  it('migrates an empty database and seeds categories, places and demo data once', async () => {
    const categories = await t.app.inject({ method: 'GET', url: '/api/categories' });
    const tree = categories.json() as Array<{ slug: string; name: { ar: string; en: string }; children: Array<{ brands: unknown[] }> }>;
    expect(tree.length).toBeGreaterThanOrEqual(8);
    expect(tree.every((category) => category.children.length > 0 && category.name.ar && category.name.en)).toBe(true);
    expect(tree.flatMap((category) => category.children).some((child) => child.brands.length > 0)).toBe(true);

    const countries = (await t.app.inject({ method: 'GET', url: '/api/countries' })).json() as Array<{ code: string; name: { ar: string; en: string }; cities: unknown[] }>;
    expect(countries.map((country) => country.code).sort()).toEqual(['AE', 'BH', 'EG', 'JO', 'KW', 'OM', 'QA', 'SA']);
    expect(countries.find((country) => country.code === 'SA')?.name).toEqual({ ar: 'السعودية', en: 'Saudi Arabia' });
    expect(countries.every((country) => country.cities.length >= 5)).toBe(true);

    const ads = (await t.app.inject({ method: 'GET', url: '/api/ads?pageSize=48' })).json() as { items: Array<{ type: string }> };
    expect(new Set(ads.items.map((ad) => ad.type)).size).toBe(7);

    // Every demo account has the free package a registration would have given it.
    const subscriptions = await t.app.db
      .selectFrom('users')
      .leftJoin('subscriptions', 'subscriptions.user_id', 'users.id')
      .leftJoin('subscription_packages', 'subscription_packages.id', 'subscriptions.package_id')
      .select(['users.email', 'subscriptions.status', 'subscription_packages.is_free'])
      .execute();
    expect(subscriptions).toHaveLength(4);
    expect(subscriptions.every((row) => row.status === 'ACTIVE' && row.is_free === 1)).toBe(true);
  });

  it.runIf(testDialect === 'postgres')('survives PostgreSQL dropping its idle connections, and keeps answering', async () => {
    // Open a few pooled connections, then have the server end every other one, as a restart would.
    await Promise.all(Array.from({ length: 4 }, () => sql`SELECT pg_sleep(0.05)`.execute(t.app.db)));
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`.execute(t.app.db);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });

  it('gives accounts made before the accounts migration their free package', async () => {
    // Brought up to the first migration only, as a database from before accounts existed would be.
    const db = createDatabase({ dialect: 'sqlite', file: ':memory:' });
    try {
      // Migrations take the untyped database they were written against.
      const untyped = db as unknown as Kysely<unknown>;
      await initialMigration.up(untyped);
      await db.insertInto('countries').values({ code: 'SA', dial_code: '966', currency: 'SAR', sort_order: 0 }).execute();
      await db
        .insertInto('users')
        .values({ id: 'early', slug: 'early', first_name: 'A', last_name: 'B', email: 'early@example.com', phone: '966500000001', country_code: 'SA', city_id: null, password_hash: 'x', about: '', created_at: 5, verified_at: 5 })
        .execute();
      await accountsMigration.up(untyped);
      expect(await db.selectFrom('subscriptions').select(['user_id', 'package_id', 'status', 'ad_credits_remaining', 'starts_at']).execute()).toEqual([
        { user_id: 'early', package_id: accountsMigration.FREE_PACKAGE.id, status: 'ACTIVE', ad_credits_remaining: accountsMigration.FREE_PACKAGE.adCredits, starts_at: 5 },
      ]);
    } finally {
      await db.destroy();
    }
  });

  it('sends every API error in one shape, in the visitor language', async () => {
    const missingRoute = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(missingRoute.statusCode).toBe(404);
    expect(missingRoute.json()).toEqual({ error: { code: 'ROUTE_NOT_FOUND', message: 'هذا العنوان غير موجود' } });

    const missingAd = await t.app.inject({ method: 'GET', url: '/api/ads/no-such-ad', headers: { cookie: 'locale=en' } });
    expect(missingAd.statusCode).toBe(404);
    expect(missingAd.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'We could not find what you are looking for' } });

    const invalid = await t.app.inject({ method: 'POST', url: '/api/contact', headers: { cookie: 'locale=en; csrf=token', 'x-csrf-token': 'token' }, payload: { name: ' ', email: 'not-an-email', topic: 'GENERAL', message: 'hello' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'There are some errors, please try again', fields: { name: 'REQUIRED', email: 'INVALID_EMAIL' } },
    });

    const malformed = await t.app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json', cookie: 'csrf=token', 'x-csrf-token': 'token' }, payload: '{"name":' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('refuses a NUL character in a path, a query or a body as invalid, and serves an ad page addressed with one', async () => {
    const write = { cookie: 'locale=en; csrf=token', 'x-csrf-token': 'token' };
    const refusals = [
      await t.app.inject({ method: 'GET', url: '/api/ads/a%00b' }),
      await t.app.inject({ method: 'GET', url: '/api/users/%00' }),
      await t.app.inject({ method: 'GET', url: '/api/ads?category=%00' }),
      await t.app.inject({ method: 'POST', url: '/api/contact', headers: write, payload: { name: 'Omar', email: 'omar@example.com', topic: 'GENERAL', message: 'hello\u0000there' } }),
    ];
    expect(refusals.map((response) => [response.statusCode, response.json().error.code, response.json().error.fields])).toEqual([
      [400, 'VALIDATION_FAILED', { slug: 'VALIDATION_FAILED' }],
      [400, 'VALIDATION_FAILED', { slug: 'VALIDATION_FAILED' }],
      [400, 'VALIDATION_FAILED', { category: 'VALIDATION_FAILED' }],
      [400, 'VALIDATION_FAILED', { message: 'VALIDATION_FAILED' }],
    ]);
    const page = await t.app.inject({ method: 'GET', url: '/ad/%00' });
    expect(page.statusCode).toBeLessThan(500);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('serves pages with lang and dir from the first byte and the runtime configuration injected', async () => {
    const arabic = await t.app.inject({ method: 'GET', url: '/' });
    expect(arabic.statusCode).toBe(200);
    expect(arabic.headers['content-type']).toContain('text/html');
    expect(arabic.body).toMatch(/^<!doctype html>\s*<html lang="ar" dir="rtl">/i);
    const config = runtimeConfigOf(arabic.body);
    expect(config).toMatchObject({ apiBaseUrl: '/api', locale: 'ar', defaultLocale: 'ar', currency: 'SAR', buildId: 'dev', country: null, socialSignIn: [], localOutboxChannels: ['email', 'sms', 'whatsapp'], auctionClockTool: true });
    expect(config.uploadLimits).toEqual({ imageBytes: 10 * 1024 * 1024, videoBytes: 100 * 1024 * 1024, documentBytes: 50 * 1024 * 1024 });

    const english = await t.app.inject({ method: 'GET', url: '/product_list', headers: { cookie: 'locale=en; country=JO' } });
    expect(english.body).toMatch(/<html lang="en" dir="ltr">/);
    expect(english.body).toContain('"country":"JO"');
    expect(english.body).toContain('<title>Souq | Classified ads, auctions and tenders</title>');

    const unknown = await t.app.inject({ method: 'GET', url: '/definitely/not/a/page' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toMatch(/<html lang="ar" dir="rtl">/);
  });

  it('serves the dev tools, and points pages to them, only on the machine the server runs on', async () => {
    const outboxFrom = (remoteAddress: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress, headers });
    for (const local of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect((await outboxFrom(local)).statusCode).toBe(200);
    const remote = await outboxFrom('192.168.1.20', { cookie: 'locale=en' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toEqual({ error: { code: 'DEV_TOOLS_LOCAL_ONLY', message: 'Developer tools answer only on the machine the server runs on' } });
    expect((await outboxFrom('192.168.1.20', { cookie: 'locale=ar' })).json().error.message).toBe('أدوات المطوّر تعمل فقط على الجهاز الذي يعمل عليه الخادم');
    // Nobody can claim to be local, and a proxy on this machine the server does not trust relays others.
    expect((await outboxFrom('192.168.1.20', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(403);
    expect((await outboxFrom('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(403);

    const endSoon = await t.app.inject({
      method: 'POST',
      url: '/api/dev/auctions/any-auction/end-soon',
      remoteAddress: '192.168.1.20',
      headers: { cookie: 'csrf=token', 'x-csrf-token': 'token' },
      payload: { inMs: 5_000 },
    });
    expect(endSoon.statusCode).toBe(403);
    expect(endSoon.json().error.code).toBe('DEV_TOOLS_LOCAL_ONLY');

    const remotePage = await t.app.inject({ method: 'GET', url: '/', remoteAddress: '192.168.1.20' });
    expect(remotePage.body).toContain('"localOutboxChannels":[]');
    expect(remotePage.body).toContain('"auctionClockTool":false');
  });

  it('tells which build is latest, uncached', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/build/latest?t=123' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({ buildId: 'dev' });
  });

  it('answers clock-sync pings over socket.io with the server time', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = connectSocket(address, { transports: ['websocket'] });
    try {
      const reply = await new Promise<{ serverTime: number }>((resolve, reject) => {
        socket.on('connect_error', reject);
        socket.emit(SOCKET_EVENTS.CLOCK_PING, resolve);
      });
      expect(reply).toEqual({ serverTime: FIXED_NOW });
    } finally {
      socket.disconnect();
    }
  });
});
