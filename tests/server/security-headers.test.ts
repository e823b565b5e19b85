import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testDialect } from './helpers/test-app';
import { runtimeConfigOf } from './helpers/page-config';

/** The policy's directives by name, each with its sources. */
function directivesOf(policy: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof policy).toBe('string');
  return new Map(
    String(policy)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe(`security headers on ${testDialect}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives a page a policy that runs scripts from the site only and lets in only the style elements carrying this response’s nonce', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/' });
    const directives = directivesOf(first.headers['content-security-policy']);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('script-src-attr')).toEqual(["'none'"]);
    const nonce = runtimeConfigOf(first.body).styleNonce;
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(directives.get('style-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
    // The server-rendered markup carries the component library's style attributes; they run nothing.
    expect(directives.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.has('upgrade-insecure-requests')).toBe(false);

    const second = await t.app.inject({ method: 'GET', url: '/' });
    expect(runtimeConfigOf(second.body).styleNonce).not.toBe(nonce);
    expect(directivesOf(second.headers['content-security-policy']).get('style-src')).toEqual(["'self'", `'nonce-${runtimeConfigOf(second.body).styleNonce}'`]);
  });

  it('sends the other headers on pages, API answers and refusals alike, and no HSTS outside production', async () => {
    const responses = await Promise.all([
      t.app.inject({ method: 'GET', url: '/ad/no-such-ad' }),
      t.app.inject({ method: 'GET', url: '/api/health' }),
      t.app.inject({ method: 'GET', url: '/api/no-such-route' }),
    ]);
    for (const response of responses) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('same-origin');
      expect(directivesOf(response.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('lets nothing in from an answer that is not a page, with no nonce to make', async () => {
    for (const url of ['/api/health', '/api/ads', '/api/ads/no-such-ad']) {
      const directives = directivesOf((await t.app.inject({ method: 'GET', url })).headers['content-security-policy']);
      expect([...directives.keys()].sort(), url).toEqual(['default-src', 'frame-ancestors']);
      expect(directives.get('default-src')).toEqual(["'none'"]);
    }
  });

  it('lets the page reach an API served from another origin', async () => {
    const elsewhere = await buildTestApp({ env: { PUBLIC_API_BASE_URL: 'https://api.souq.example/v1' } });
    try {
      const page = await elsewhere.app.inject({ method: 'GET', url: '/' });
      expect(directivesOf(page.headers['content-security-policy']).get('connect-src')).toEqual(["'self'", 'https://api.souq.example']);
    } finally {
      await elsewhere.close();
    }
  });

  it('in production, asks browsers to keep to HTTPS for a year and upgrades any plain request', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="ar" dir="rtl"><head><!--app-head--></head><body></body></html>');
    const production = await buildTestApp({ env: { NODE_ENV: 'production', CLIENT_DIST_DIR: dist, SMTP_URL: 'smtp://127.0.0.1:2525', PUBLIC_URL: 'https://souq.example', PAYMENT_PROVIDER: 'sandbox' } });
    try {
      const page = await production.app.inject({ method: 'GET', url: '/' });
      expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(directivesOf(page.headers['content-security-policy']).get('upgrade-insecure-requests')).toEqual([]);
    } finally {
      await production.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
