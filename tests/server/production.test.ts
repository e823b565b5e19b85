import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_FILES_ELEMENT_ID } from '../../domain/app-files';
import { loadConfig } from '../../server/config';
import { TestBrowser } from './helpers/browser';
import { runtimeConfigOf } from './helpers/page-config';
import { buildTestApp, type TestApp, testDialect } from './helpers/test-app';

const PRODUCTION_SETTINGS = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.souq.example:587', PUBLIC_URL: 'https://souq.example', PAYMENT_PROVIDER: 'sandbox' };

describe('the settings a server starts with', () => {
  it('listens only on this machine outside production unless HOST says otherwise, and on every interface in production', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test', HOST: '' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig(PRODUCTION_SETTINGS).host).toBe('0.0.0.0');
    expect(loadConfig({ ...PRODUCTION_SETTINGS, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('refuses to start in production without a mail provider or the public address, saying what to set', () => {
    expect(() => loadConfig({ ...PRODUCTION_SETTINGS, SMTP_URL: '' })).toThrow(/^NODE_ENV=production needs SMTP_URL \(the mail provider/);
    expect(() => loadConfig({ ...PRODUCTION_SETTINGS, PUBLIC_URL: undefined })).toThrow(/^NODE_ENV=production needs PUBLIC_URL \(the address people reach the site at/);
    expect(() => loadConfig({ ...PRODUCTION_SETTINGS, PAYMENT_PROVIDER: undefined })).toThrow(/^NODE_ENV=production needs PAYMENT_PROVIDER \(sandbox, for a deployment that takes no real money\)/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/needs SMTP_URL .* and PUBLIC_URL .*\. Set what is missing in the environment or in \.env/);
    expect(() => loadConfig({})).not.toThrow();
  });

  it('takes the public address as an origin, and nothing else', () => {
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
    expect(loadConfig({ PUBLIC_URL: 'https://souq.example/' }).publicUrl).toBe('https://souq.example');
    expect(() => loadConfig({ PUBLIC_URL: 'https://souq.example/shop' })).toThrow(/scheme and host/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://souq.example' })).toThrow();
  });
});

/** The chunks of a small build: an entry and two pages, which share one chunk and each import one the entry imports too, and three translation namespaces in two languages. */
const MANIFEST = {
  buildId: 'b1',
  chunks: [
    { file: 'assets/main-abc123.js', entry: true, dynamicEntry: false, imports: ['assets/react-1.js'] },
    { file: 'assets/react-1.js', entry: false, dynamicEntry: false, imports: [] },
    { file: 'assets/home-page-2.js', entry: false, dynamicEntry: true, imports: ['assets/react-1.js', 'assets/cards-3.js'], module: 'src/features/ads/pages/home-page.tsx' },
    { file: 'assets/ad-page-4.js', entry: false, dynamicEntry: true, imports: ['assets/cards-3.js', 'assets/auction-5.js'], module: 'src/features/ads/pages/ad-page.tsx' },
    { file: 'assets/cards-3.js', entry: false, dynamicEntry: false, imports: ['assets/react-1.js'] },
    { file: 'assets/auction-5.js', entry: false, dynamicEntry: false, imports: [] },
    { file: 'assets/ads-ar-6.js', entry: false, dynamicEntry: true, imports: [], module: 'locales/ar/ads.json' },
    { file: 'assets/common-ar-7.js', entry: false, dynamicEntry: true, imports: [], module: 'locales/ar/common.json' },
    { file: 'assets/errors-ar-8.js', entry: false, dynamicEntry: true, imports: [], module: 'locales/ar/errors.json' },
    { file: 'assets/ads-en-9.js', entry: false, dynamicEntry: true, imports: [], module: 'locales/en/ads.json' },
    { file: 'assets/common-en-10.js', entry: false, dynamicEntry: true, imports: [], module: 'locales/en/common.json' },
    { file: 'assets/errors-en-11.js', entry: false, dynamicEntry: true, imports: [], module: 'locales/en/errors.json' },
  ],
};

/**
 * The build's server copy of the client, standing in for src/entry-server.tsx: it asks the API as the
 * real one does (the session) and reads its request's configuration after that answer, so two pages
 * rendered at once would show it if one read the other's. The FAQ page fails to render.
 */
const SERVER_ENTRY = `
let answer;
let readConfig;
export const answerApiRequestsWith = (fn) => { answer = fn; };
export const readRuntimeConfigWith = (fn) => { readConfig = fn; };
export async function renderPage(url, config) {
  if (url === '/frequently_asked_questions') throw new Error('this page cannot render');
  const { user } = await (await answer('/auth/session')).json();
  return {
    html: '<main data-page="stub">' + [url, config.locale, readConfig().locale, user ? user.email : 'visitor'].join(' ') + '</main>',
    styles: '<style data-emotion="css stub">.css-stub{}</style>',
    state: { queries: { queries: [] }, namespaces: ['ads'] },
  };
}
`;

/** A production server over a small client build made here. */
describe(`production serving on ${testDialect}`, () => {
  let t: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-dist-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.mkdirSync(path.join(dist, '_build', 'b1'), { recursive: true });
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="ar" dir="rtl"><head><!--app-head--><link rel="stylesheet" crossorigin href="/assets/index-9.css"></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'index-9.css'), '@font-face{font-family:Plex;src:url(/assets/plex.woff2)}');
    fs.mkdirSync(path.join(dist, 'server'));
    fs.writeFileSync(path.join(dist, 'server', 'entry-server.js'), SERVER_ENTRY);
    fs.writeFileSync(path.join(dist, 'build.json'), JSON.stringify({ buildId: 'b1', builtAt: '2026-11-21T00:00:00.000Z' }));
    fs.writeFileSync(path.join(dist, '_build', 'b1', 'manifest.json'), JSON.stringify(MANIFEST));
    fs.writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
    t = await buildTestApp({ env: { ...PRODUCTION_SETTINGS, CLIENT_DIST_DIR: dist } });
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
    expect((await t.app.inject({ method: 'GET', url: '/_build/b1/manifest.json' })).json()).toEqual(MANIFEST);
    const template = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(template.body).not.toContain('<!--app-head-->');
    const missingAsset = await t.app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(missingAsset.statusCode).toBe(404);
    expect(missingAsset.json().error.code).toBe('ROUTE_NOT_FOUND');
  });

  it('names in the HTML the files of the page a path renders that the entry does not import, and its words, for after the first paint', async () => {
    const preloaded = async (url: string, locale = 'ar') => {
      const { body } = await t.app.inject({ method: 'GET', url, cookies: { locale } });
      // Inside the inert template only: a link in the head itself would start its download before the first paint.
      const [template, ...others] = [...body.matchAll(new RegExp(`<template id="${APP_FILES_ELEMENT_ID}">(.*?)</template>`, 'g'))].map((match) => match[1]!);
      expect(others).toEqual([]);
      expect(body.replace(template!, '')).not.toContain('modulepreload');
      return [...template!.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" \/>/g)].map((match) => match[1]);
    };
    const startingWords = (locale: string) => [`/assets/common-${locale}-${locale === 'ar' ? 7 : 10}.js`, `/assets/errors-${locale}-${locale === 'ar' ? 8 : 11}.js`];
    // The home page is rendered on the server, and its first view used the `ads` words.
    expect(await preloaded('/')).toEqual(['/assets/home-page-2.js', '/assets/cards-3.js', ...startingWords('ar'), '/assets/ads-ar-6.js']);
    expect(await preloaded('/', 'en')).toEqual(['/assets/home-page-2.js', '/assets/cards-3.js', ...startingWords('en'), '/assets/ads-en-9.js']);
    // An ad that does not exist is not rendered: the browser shows its not-found view.
    expect(await preloaded('/ad/some-ad?from=search')).toEqual(['/assets/ad-page-4.js', '/assets/cards-3.js', '/assets/auction-5.js', ...startingWords('ar')]);
    // A route whose page the build lacks, and a path of no route.
    expect(await preloaded('/product_list')).toEqual([...startingWords('ar'), '/assets/ads-ar-6.js']);
    expect(await preloaded('/no/such/page', 'en')).toEqual(startingWords('en'));
  });

  it("writes the build's stylesheet into the page, under the response's nonce, and a rendered page's styles into its head", async () => {
    for (const url of ['/', '/login']) {
      const page = await t.app.inject({ method: 'GET', url });
      const nonce = /'nonce-([^']+)'/.exec(page.headers['content-security-policy'] as string)![1];
      expect(page.body).toContain(`<style nonce="${nonce}">@font-face{font-family:Plex;src:url(/assets/plex.woff2)}</style>`);
      expect(page.body).not.toContain('rel="stylesheet"');
    }
    const home = (await t.app.inject({ method: 'GET', url: '/' })).body;
    expect(home.slice(0, home.indexOf('</head>'))).toContain('<style data-emotion="css stub">.css-stub{}</style>');
  });

  it('does not expose the dev outbox, nor point the code screen to it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('ROUTE_NOT_FOUND');
    expect((await t.app.inject({ method: 'GET', url: '/' })).body).toContain('"localOutboxChannels":[]');
    expect((await t.app.inject({ method: 'GET', url: '/' })).body).toContain('"auctionClockTool":false');
  });

  it('links shared ads to the configured public address, whatever Host the request names', async () => {
    const ad = await t.app.db.selectFrom('ads').select('slug').where('status', '=', 'PUBLISHED').where('type', '=', 'INSTANT_SALE').orderBy('published_at', 'desc').executeTakeFirstOrThrow();
    await t.app.db.updateTable('ads').set({ main_image_id: 'picture-1' }).where('slug', '=', ad.slug).execute();
    const adPath = `/ad/${encodeURIComponent(ad.slug)}`;
    const page = await t.app.inject({ method: 'GET', url: adPath, headers: { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' } });
    expect(page.body).toContain(`<meta property="og:url" content="https://souq.example${adPath}" />`);
    expect(page.body).toContain('<meta property="og:image" content="https://souq.example/media/picture-1/large" />');
    expect(page.body).toContain(`<link rel="canonical" href="https://souq.example${adPath}" />`);
    expect(page.body).not.toMatch(/attacker\.example|localhost/);
  });

  it('marks the session and anti-forgery cookies Secure', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.cookies.find((cookie) => cookie.name === 'csrf')).toMatchObject({ secure: true, sameSite: 'Lax' });
  });

  it("renders a public page's first view with the visitor's own answers and configuration, each request its own", async () => {
    const visitor = new TestBrowser(t.app, { locale: 'ar' });
    const member = new TestBrowser(t.app, { locale: 'en' });
    expect((await member.post('/api/auth/sign-in', { method: 'email', email: 'ahmed@example.com', password: 'demo1234' })).statusCode).toBe(200);
    const [visitorPage, memberPage] = await Promise.all([visitor.get('/'), member.get('/product_list?q=x')]);
    expect(visitorPage.body).toContain('<div id="root"><main data-page="stub">/ ar ar visitor</main></div>');
    expect(memberPage.body).toContain('<div id="root"><main data-page="stub">/product_list?q=x en en ahmed@example.com</main></div>');
    expect(visitorPage.body).toContain('<script type="application/json" id="app-first-view">{"queries":{"queries":[]},"namespaces":["ads"]}</script>');
    // Its clocks showed the server's time of rendering, and its times the region's zone, until the device names its own.
    expect(runtimeConfigOf(visitorPage.body)).toMatchObject({ renderedAt: expect.any(Number), timeZone: 'Asia/Riyadh' });
    visitor.cookies.set('tz', encodeURIComponent('Europe/Berlin'));
    expect(runtimeConfigOf((await visitor.get('/')).body).timeZone).toBe('Europe/Berlin');
    visitor.cookies.set('tz', 'Mars/Olympus');
    expect(runtimeConfigOf((await visitor.get('/')).body).timeZone).toBe('Asia/Riyadh');
  });

  it('leaves sign-in and signed-in pages to the browser, and a page that fails to render on the server too', async () => {
    for (const url of ['/login', '/my_ads', '/frequently_asked_questions']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<div id="root"></div>');
      expect(page.body, url).not.toContain('app-first-view');
      expect(runtimeConfigOf(page.body).renderedAt, url).toBeNull();
    }
  });

  it("never sends the server's copy of the client to a browser", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/server/entry-server.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('answerApiRequestsWith');
  });
});
