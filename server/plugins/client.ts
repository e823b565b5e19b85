import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '../../domain/errors';
import { UPLOAD_LIMITS } from '../../domain/limits';
import { COUNTRY_COOKIE, DEFAULT_LOCALE, DEFAULT_TIME_ZONE, readCookie, TIME_ZONE_COOKIE } from '../../domain/locale';
import { matchRoute, SERVER_RENDERED_ROUTES } from '../../domain/routes';
import { SESSION_COOKIE, SOCIAL_PROVIDERS } from '../../domain/auth';
import { MESSAGE_CHANNELS } from '../modules/delivery/message-sender';
import { type BuildInfo, buildInfoSchema } from '../../domain/build-info';
import { buildManifestPath, type RuntimeConfig } from '../../domain/runtime-config';
import { AppError } from '../errors';
import { localeOfRequest } from '../i18n';
import { isLocalRequest } from '../local-request';
import { renderPageShell } from '../html/page-shell';
import { pageFiles } from '../html/page-preloads';
import { pageStatusOf } from '../html/page-status';
import { pageRenderer, type ServerEntry } from '../html/page-render';
import { adPagePreview } from '../modules/ads/ad-page-preview';
import { styleNonceOf } from './security-headers';

declare module 'fastify' {
  interface FastifyInstance {
    buildInfo: BuildInfo;
  }
}

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Hashed file names change with their content, so browsers may keep them for a year. */
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Where the build puts the server's copy of the client (`npm run build`), which no browser is sent. */
const SERVER_BUILD_DIR = 'server';

/** The zone a visitor's device last named, if it is one this server knows. */
function timeZoneOf(cookieHeader: string | undefined): string {
  const named = readCookie(cookieHeader, TIME_ZONE_COOKIE);
  if (!named) return DEFAULT_TIME_ZONE;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: named }).resolvedOptions().timeZone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]* href="\/([^"]+\.css)">/g;

/**
 * The build's template with its stylesheets written into it. A linked stylesheet blocks the first
 * paint of a server-rendered page until it arrives, a round trip the page's HTML can save; the
 * stylesheet is small (the font faces), the fonts it names stay files.
 */
function withInlineStylesheets(template: string, distDir: string): string {
  return template.replace(STYLESHEET_LINK, (_link, file: string) => `<style>${fs.readFileSync(path.join(distDir, file), 'utf8')}</style>`);
}

/**
 * Serves the client: hashed assets with long-lived caching, and for every page path the HTML
 * shell carrying the visitor's locale and the runtime configuration. With VITE_DEV_SERVER the
 * same shell is served through Vite, with hot reload.
 */
export default fp(
  async (app) => {
    const { clientDistDir, environment, viteDevServer } = app.config;
    const distIndex = path.join(clientDistDir, 'index.html');
    const hasBuild = fs.existsSync(distIndex);
    if (!hasBuild && environment === 'production' && !viteDevServer) {
      throw new Error(`No client build at ${distIndex}: run "npm run build" first.`);
    }

    const buildFile = path.join(clientDistDir, 'build.json');
    const buildInfo: BuildInfo =
      hasBuild && fs.existsSync(buildFile) && !viteDevServer
        ? buildInfoSchema.parse(JSON.parse(fs.readFileSync(buildFile, 'utf8')))
        : { buildId: 'dev', builtAt: new Date(app.now()).toISOString() };
    app.decorate('buildInfo', buildInfo);

    const manifestFile = path.join(clientDistDir, buildManifestPath(buildInfo.buildId));
    // Only a build has a manifest: development and server tests name no files.
    const preloadsOf = fs.existsSync(manifestFile) ? pageFiles(JSON.parse(fs.readFileSync(manifestFile, 'utf8'))).preloadsOf : () => [];

    let loadTemplate: (url: string) => Promise<string>;
    // Without a server build (server tests), every page starts in the browser.
    let loadServerEntry: (() => Promise<ServerEntry>) | null = null;
    if (viteDevServer) {
      const [{ createServer }, { default: middie }] = await Promise.all([import('vite'), import('@fastify/middie')]);
      const vite = await createServer({ root: PROJECT_ROOT, server: { middlewareMode: true }, appType: 'custom' });
      app.addHook('onClose', async () => vite.close());
      await app.register(middie);
      app.use(vite.middlewares);
      const sourceIndex = path.join(PROJECT_ROOT, 'index.html');
      loadTemplate = async (url) => vite.transformIndexHtml(url, await fs.promises.readFile(sourceIndex, 'utf8'));
      loadServerEntry = async () => (await vite.ssrLoadModule('/src/entry-server.tsx')) as ServerEntry;
    } else {
      // Without a build (server tests, a first `npm run serve`), the source template still shows
      // that locale and configuration are injected.
      const template = hasBuild ? withInlineStylesheets(fs.readFileSync(distIndex, 'utf8'), clientDistDir) : fs.readFileSync(path.join(PROJECT_ROOT, 'index.html'), 'utf8');
      loadTemplate = async () => template;
      const serverEntryFile = path.join(clientDistDir, SERVER_BUILD_DIR, 'entry-server.js');
      if (fs.existsSync(serverEntryFile)) {
        const entry = import(pathToFileURL(serverEntryFile).href) as Promise<ServerEntry>;
        loadServerEntry = () => entry;
      }
      if (hasBuild) {
        await app.register(fastifyStatic, {
          root: clientDistDir,
          wildcard: false,
          index: false,
          // The build writes a brotli and a gzip copy of each text asset (vite.config.ts).
          preCompressed: true,
          allowedPath: (pathname) => pathname !== '/index.html' && pathname !== '/build.json' && !pathname.startsWith(`/${SERVER_BUILD_DIR}/`),
          setHeaders: (reply, filePath) => {
            const relative = path.relative(clientDistDir, filePath);
            reply.header('Cache-Control', relative.startsWith(`assets${path.sep}`) ? IMMUTABLE_CACHE : 'no-cache');
          },
        });
      }
    }

    const runtimeConfig = (request: FastifyRequest, reply: FastifyReply): RuntimeConfig => {
      const country = readCookie(request.headers.cookie, COUNTRY_COOKIE);
      const devTools = app.config.exposeDevTools && isLocalRequest(request);
      return {
        apiBaseUrl: app.config.publicApiBaseUrl,
        locale: localeOfRequest(request.headers),
        defaultLocale: DEFAULT_LOCALE,
        currency: app.config.currency,
        buildId: buildInfo.buildId,
        uploadLimits: { imageBytes: UPLOAD_LIMITS.imageBytes, videoBytes: UPLOAD_LIMITS.videoBytes, documentBytes: UPLOAD_LIMITS.documentBytes },
        country: country && /^[A-Z]{2}$/.test(country) ? country : null,
        socialSignIn: SOCIAL_PROVIDERS.filter((provider) => app.config.oidc[provider]),
        localOutboxChannels: devTools ? MESSAGE_CHANNELS.filter((channel) => !app.config.delivery[channel === 'email' ? 'smtp' : channel]) : [],
        auctionClockTool: devTools,
        styleNonce: styleNonceOf(reply),
        timeZone: timeZoneOf(request.headers.cookie),
        renderedAt: null,
      };
    };
    const renderPage = loadServerEntry ? pageRenderer(app, loadServerEntry) : null;

    const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
      const pathname = request.url.split('?')[0]!;
      const preview = await adPagePreview(app.db, pathname, app.config.publicUrl, app.now());
      const sessionToken = request.cookies[SESSION_COOKIE];
      const viewerId = async () => (sessionToken ? ((await app.sessions.userOfToken(sessionToken))?.id ?? null) : null);
      const status = await pageStatusOf(app.db, pathname, viewerId);
      const route = matchRoute(pathname)?.route;
      const serverRendered = renderPage && status === 200 && route && SERVER_RENDERED_ROUTES.has(route);
      const config = runtimeConfig(request, reply);
      const renderedAt = app.now();
      // A page that fails to render on the server still starts in the browser, as every page once did.
      const rendered = serverRendered
        ? await renderPage(request, { ...config, renderedAt }).catch((error: unknown) => {
            request.log.error({ err: error }, 'server rendering failed');
            return null;
          })
        : null;
      const html = renderPageShell(await loadTemplate(request.url), { ...config, renderedAt: rendered ? renderedAt : null }, {
        preview,
        preloads: preloadsOf(pathname, config.locale, rendered?.state.namespaces ?? []),
        rendered,
      });
      return reply
        .code(status)
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Cookie, Accept-Language')
        .type('text/html; charset=utf-8')
        .send(html);
    };

    // Every path no other route takes is a page, unless it is the API's or an asset's. A route rather
    // than the not-found handler, so the page is compressed like any route's answer.
    app.get('/*', { config: { acceptsAnyText: true, servesPages: true } }, async (request, reply) => {
      if (request.url.startsWith('/api/') || request.url.startsWith('/assets/')) throw new AppError(ERROR_CODES.ROUTE_NOT_FOUND);
      return sendPage(request, reply);
    });
    app.setNotFoundHandler(async () => {
      throw new AppError(ERROR_CODES.ROUTE_NOT_FOUND);
    });
  },
  { name: 'client', dependencies: ['config', 'clock', 'errors', 'database', 'security-headers', 'compression', 'sessions'] },
);
