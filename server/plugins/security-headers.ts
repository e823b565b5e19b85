import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers with the site's HTML page, whose policy lets the client's scripts and styles in. */
    servesPages?: boolean;
  }
}

const styleNonces = new WeakMap<ServerResponse, string>();

/** The nonce this response's policy lets `<style>` elements carry; none when the policy allows every inline style (development). */
export function styleNonceOf(reply: FastifyReply): string | null {
  return styleNonces.get(reply.raw) ?? null;
}

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * Security headers on every response (helmet). A page gets a Content-Security-Policy the built client
 * passes: scripts only from the site (the runtime configuration is a JSON element, never run), and
 * inline styles only with the response's nonce, which the client hands to emotion, as Chakra writes
 * its styles into `<style>` elements while the page runs. Vite's development server injects inline
 * scripts and styles of its own and reloads over its own websocket, so development allows those.
 * Every other answer (API JSON, assets, pictures) is never run as a document: its policy lets nothing
 * in and needs no nonce. Each policy's middleware is built once, not on every request.
 */
export default fp(
  async (app) => {
    const { environment, viteDevServer, publicApiBaseUrl } = app.config;
    const production = environment === 'production';
    // An absolute API address (another host) is reached by fetch; a path is the site itself.
    const apiOrigin = URL.canParse(publicApiBaseUrl) ? [new URL(publicApiBaseUrl).origin] : [];
    const styleNonce = (_request: unknown, response: ServerResponse) => {
      const nonce = randomBytes(16).toString('base64');
      styleNonces.set(response, nonce);
      return `'nonce-${nonce}'`;
    };
    const everyAnswer = (directives: NonNullable<Exclude<HelmetOptions['contentSecurityPolicy'], boolean>>['directives']): HelmetOptions => ({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          ...directives,
          frameAncestors: ["'none'"],
          // Outside production the site is served over plain HTTP, where upgraded requests would fail.
          ...(production ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'same-origin' },
      // A browser that once saw HSTS refuses plain HTTP for a year, which would lock a developer out of http://localhost.
      strictTransportSecurity: production ? { maxAge: ONE_YEAR_S, includeSubDomains: true } : false,
    });
    const pageHeaders = helmet(
      everyAnswer({
        defaultSrc: ["'self'"],
        scriptSrc: viteDevServer ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: viteDevServer ? ["'self'", "'unsafe-inline'"] : ["'self'", styleNonce],
        // Style attributes in the server-rendered markup (the component library's measured sizes and
        // visually hidden inputs). An attribute styles its own element only and runs nothing, and
        // whatever it could load is held to img-src and font-src; `<style>` elements still need the nonce.
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // 'self' covers the same origin's websocket (socket.io) too.
        connectSrc: ["'self'", ...apiOrigin, ...(viteDevServer ? ['ws:'] : [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      }),
    );
    const otherHeaders = helmet(everyAnswer({ defaultSrc: ["'none'"] }));
    app.addHook('onRequest', (request, reply, done) => {
      // Helmet throws rather than passing an error on, so the callback only ever goes on.
      (request.routeOptions.config.servesPages ? pageHeaders : otherHeaders)(request.raw, reply.raw, () => done());
    });
  },
  { name: 'security-headers', dependencies: ['config'] },
);
