import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testDialect } from './helpers/test-app';

/** A production server over a small client build made here. */
describe(`production serving on ${testDialect}`, () => {
  let t: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-dist-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.mkdirSync(path.join(dist, '_build', 'b1'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="ar" dir="rtl"><head><!--app-head--></head><body></body></html>');
    fs.writeFileSync(path.join(dist, 'build.json'), JSON.stringify({ buildId: 'b1', builtAt: '2026-11-21T00:00:00.000Z' }));
    fs.writeFileSync(path.join(dist, '_build', 'b1', 'manifest.json'), JSON.stringify({ buildId: 'b1', chunks: [] }));
    fs.writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
    t = await buildTestApp({ env: { NODE_ENV: 'production', CLIENT_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('caches hashed assets for a year and everything else only after revalidation', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('serves the build id, its manifest at the per-build path, and never the raw template', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/build/latest?t=1' })).json()).toEqual({ buildId: 'b1', builtAt: '2026-11-21T00:00:00.000Z' });
    expect((await t.app.inject({ method: 'GET', url: '/_build/b1/manifest.json' })).json()).toEqual({ buildId: 'b1', chunks: [] });
    const template = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(template.body).not.toContain('<!--app-head-->');
    const missingAsset = await t.app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(missingAsset.statusCode).toBe(404);
    expect(missingAsset.json().error.code).toBe('ROUTE_NOT_FOUND');
  });

  it('does not expose the dev outbox, nor point the code screen to it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('ROUTE_NOT_FOUND');
    expect((await t.app.inject({ method: 'GET', url: '/' })).body).toContain('"localOutboxChannels":[]');
    expect((await t.app.inject({ method: 'GET', url: '/' })).body).toContain('"auctionClockTool":false');
  });

  it('marks the session and anti-forgery cookies Secure', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.cookies.find((cookie) => cookie.name === 'csrf')).toMatchObject({ secure: true, sameSite: 'Lax' });
  });
});
