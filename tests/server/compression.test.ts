import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from '../../domain/auth';
import { buildTestApp, type TestApp, testDialect } from './helpers/test-app';

/** What the build writes for each large text asset: the file and its brotli and gzip copies (vite.config.ts). */
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, index) => `كلمة-${index}`))};\n`;

describe(`compressed responses on ${testDialect}`, () => {
  let t: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-dist-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><html lang="ar" dir="rtl"><head><!--app-head--></head><body>${'<p>سوق</p>'.repeat(200)}</body></html>`);
    fs.writeFileSync(path.join(dist, 'build.json'), JSON.stringify({ buildId: 'b1', builtAt: '2026-11-21T00:00:00.000Z' }));
    const script = path.join(dist, 'assets', 'page-abc123.js');
    fs.writeFileSync(script, SCRIPT);
    fs.writeFileSync(`${script}.br`, zlib.brotliCompressSync(SCRIPT));
    fs.writeFileSync(`${script}.gz`, zlib.gzipSync(SCRIPT));
    t = await buildTestApp({ env: { CLIENT_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends a built asset as its brotli copy, or its gzip copy, as the browser accepts, still cached for a year', async () => {
    const brotli = await t.app.inject({ method: 'GET', url: '/assets/page-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await t.app.inject({ method: 'GET', url: '/assets/page-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/page-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('compresses a page and the API as they are written, keeping what else the answer varies on', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers.vary).toMatch(/^Cookie, Accept-Language, accept-encoding$/i);
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toContain('<html lang="ar" dir="rtl">');

    const plainCategories = await t.app.inject({ method: 'GET', url: '/api/categories' });
    const categories = await t.app.inject({ method: 'GET', url: '/api/categories', headers: { 'accept-encoding': 'gzip' } });
    expect(categories.headers['content-encoding']).toBe('gzip');
    expect(categories.rawPayload.length).toBeLessThan(plainCategories.rawPayload.length / 3);
    expect(JSON.parse(zlib.gunzipSync(categories.rawPayload).toString())).toEqual(plainCategories.json());
  });

  it('leaves a small answer as it is', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('never inflates a compressed request body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', cookie: `${CSRF_COOKIE}=token`, [CSRF_HEADER]: 'token' },
      payload: zlib.gzipSync(JSON.stringify({ identifier: 'nobody@example.com', password: 'whatever-123' })),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
  });
});
