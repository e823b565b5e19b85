import { randomBytes, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { CSRF_COOKIE, CSRF_HEADER } from '../../domain/auth';
import { ERROR_CODES } from '../../domain/errors';
import { AppError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const CSRF_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * Writes that by design arrive from another site, so they can carry neither the header nor our
 * Lax cookies; each must be protected some other way. Keyed by method and route pattern.
 */
const CROSS_SITE_WRITES = new Set([
  // A provider answering by form_post (Apple) has its own page POST the sign-in back to us. What
  // proves it is the sign-in this browser began is the state matching the SameSite=None cookie set
  // when it started, and the nonce and PKCE verifier kept on the server for that state.
  'POST /api/auth/oidc/:provider/callback',
  // A payment provider's webhook carries the provider's signature over its body, checked before anything is read from it.
  'POST /api/payments/webhooks/:provider',
  // The local sandbox provider stands for another site: its card form, challenge and wallet screens post to it, not to the marketplace.
  'POST /sandbox-pay/v1/tokens',
  'POST /sandbox-pay/challenge/:id',
  'POST /sandbox-pay/wallet/:id',
]);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Every state-changing API call must repeat the `csrf` cookie in the `X-CSRF-Token` header. Another
 * site can make a browser send our cookies but cannot read them, so it cannot forge the header.
 * Sign-in and registration are covered too, so nobody can be signed in to an attacker's account.
 * Any response to a visitor without the cookie sets one, the refusal included, so a client that
 * lost it recovers by trying once more.
 */
export default fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      const cookieToken = request.cookies[CSRF_COOKIE];
      if (!cookieToken) {
        reply.setCookie(CSRF_COOKIE, randomBytes(32).toString('base64url'), {
          path: '/',
          sameSite: 'lax',
          secure: app.config.secureCookies,
          maxAge: CSRF_COOKIE_MAX_AGE_S,
        });
      }
      // Every write, whatever its address: a percent-encoded path (`/%61pi/...`) reaches the same route.
      if (SAFE_METHODS.has(request.method)) return;
      if (CROSS_SITE_WRITES.has(`${request.method} ${request.routeOptions.url}`)) return;
      const headerToken = request.headers[CSRF_HEADER];
      if (!cookieToken || typeof headerToken !== 'string' || !sameToken(cookieToken, headerToken)) {
        throw new AppError(ERROR_CODES.CSRF_REJECTED);
      }
    });
  },
  { name: 'csrf', dependencies: ['config', 'errors'] },
);
