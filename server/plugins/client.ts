import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '../../domain/errors';
import { UPLOAD_LIMITS } from '../../domain/limits';
import { COUNTRY_COOKIE, DEFAULT_LOCALE, readCookie } from '../../domain/locale';
import { SESSION_COOKIE, SOCIAL_PROVIDERS } from '../../domain/auth';
import { MESSAGE_CHANNELS } from '../modules/delivery/message-sender';
import { type BuildInfo, buildInfoSchema, buildManifestPath, type RuntimeConfig } from '../../domain/runtime-config';
import { AppError } from '../errors';
import { localeOfRequest } from '../i18n';
import { isLocalRequest } from '../local-request';
import { renderPageShell } from '../html/page-shell';
import { pagePreloads } from '../html/page-preloads';
import { pageStatusOf } from '../html/page-status';
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
    const preloadsOf = fs.existsSync(manifestFile) ? pagePreloads(JSON.parse(fs.readFileSync(manifestFile, 'utf8'))) : () => [];

    let loadTemplate: (url: string) => Promise<string>;
    if (viteDevServer) {
      const [{ createServer }, { default: middie }] = await Promise.all([import('vite'), import('@fastify/middie')]);
      const vite = await createServer({ root: PROJECT_ROOT, server: { middlewareMode: true }, appType: 'custom' });
      app.addHook('onClose', async () => vite.close());
      await app.register(middie);
      app.use(vite.middlewares);
      const sourceIndex = path.join(PROJECT_ROOT, 'index.html');
      loadTemplate = async (url) => vite.transformIndexHtml(url, await fs.promises.readFile(sourceIndex, 'utf8'));
    } else {
      // Without a build (server tests, a first `npm run serve`), the source template still shows
      // that locale and configuration are injected.
      const template = fs.readFileSync(hasBuild ? distIndex : path.join(PROJECT_ROOT, 'index.html'), 'utf8');
      loadTemplate = async () => template;
      if (hasBuild) {
        await app.register(fastifyStatic, {
          root: clientDistDir,
          wildcard: false,
          index: false,
          // The build writes a brotli and a gzip copy of each text asset (vite.config.ts).
          preCompressed: true,
          allowedPath: (pathname) => pathname !== '/index.html' && pathname !== '/build.json',
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
      };
    };

    const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
      const pathname = request.url.split('?')[0]!;
      const preview = await adPagePreview(app.db, pathname, app.config.publicUrl, app.now());
      const html = renderPageShell(await loadTemplate(request.url), runtimeConfig(request, reply), preview, preloadsOf(pathname));
      const sessionToken = request.cookies[SESSION_COOKIE];
      const viewerId = async () => (sessionToken ? ((await app.sessions.userOfToken(sessionToken))?.id ?? null) : null);
      return reply
        .code(await pageStatusOf(app.db, pathname, viewerId))
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
