import { createPrivateKey, createSign, type KeyObject } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import fp from 'fastify-plugin';
import * as oidc from 'openid-client';
import { SOCIAL_PROVIDERS, type SocialProvider } from '../../../../domain/auth';
import { ERROR_CODES } from '../../../../domain/errors';
import { ROUTES, SIGN_IN_ERROR_PARAM } from '../../../../domain/routes';
import type { ServerConfig } from '../../../config';

/** Where a social sign-in that could not finish sends the browser: the sign-in page, saying so. */
export const SOCIAL_SIGN_IN_FAILED_PATH = `${ROUTES.login}?${SIGN_IN_ERROR_PARAM}=${ERROR_CODES.SOCIAL_SIGN_IN_FAILED}`;

/** Ties a sign-in to the browser that started it, so nobody can finish theirs in someone else's. */
export const OIDC_STATE_COOKIE = 'oidc_state';
export const OIDC_COOKIE_PATH = '/api/auth/oidc';
export const OIDC_LOGIN_TTL_MS = 10 * 60 * 1000;

/**
 * How the browser comes back from the provider: `query` is a redirect carrying the answer in the
 * address; `form_post` is a page on the provider's site that POSTs the answer to us as a form.
 */
export type ResponseMode = 'query' | 'form_post';

export interface ProviderProtocol {
  scope: string;
  responseMode: ResponseMode;
}

type ProviderSettings<P extends SocialProvider> = NonNullable<ServerConfig['oidc'][P]>;
type AppleSettings = ProviderSettings<'apple'>;

interface ProviderEntry<P extends SocialProvider> extends ProviderProtocol {
  /** How this server proves to the provider's token endpoint that it is the registered client. */
  clientAuthentication(settings: ProviderSettings<P>, now: () => number): oidc.ClientAuth;
}

/** What Apple expects as the audience of the client secret, whatever issuer address is configured. */
const APPLE_CLIENT_SECRET_AUDIENCE = 'https://appleid.apple.com';
/** Apple allows six months; a new one is signed for each token exchange, so it need only outlast clock drift. */
const APPLE_CLIENT_SECRET_TTL_S = 60 * 60;

function applePrivateKey(settings: AppleSettings): KeyObject {
  const key = createPrivateKey(settings.privateKey);
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new Error('OIDC_APPLE_PRIVATE_KEY must be the P-256 key (.p8 file) Apple issued for Sign in with Apple');
  }
  return key;
}

/** Apple's client secret is not a fixed string but a JWT signed (ES256) with the team's Apple key. */
function signAppleClientSecret(settings: AppleSettings, key: KeyObject, nowMs: number): string {
  const issuedAt = Math.floor(nowMs / 1000);
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const signingInput = [
    encode({ alg: 'ES256', kid: settings.keyId }),
    encode({ iss: settings.teamId, iat: issuedAt, exp: issuedAt + APPLE_CLIENT_SECRET_TTL_S, aud: APPLE_CLIENT_SECRET_AUDIENCE, sub: settings.clientId }),
  ].join('.');
  // JWS wants the raw r||s pair, not the DER structure node produces by default.
  const signature = createSign('SHA256').update(signingInput).sign({ key, dsaEncoding: 'ieee-p1363' });
  return `${signingInput}.${signature.toString('base64url')}`;
}

/** Everything that differs between providers, so the routes never ask which one they serve. */
const PROVIDERS: { [P in SocialProvider]: ProviderEntry<P> } = {
  google: {
    scope: 'openid email profile',
    responseMode: 'query',
    clientAuthentication: (settings) => oidc.ClientSecretPost(settings.clientSecret),
  },
  apple: {
    // Apple knows no `profile` scope, and answers requests for a name or email only by form_post.
    scope: 'openid name email',
    responseMode: 'form_post',
    clientAuthentication: (settings, now) => {
      const key = applePrivateKey(settings);
      return (...request) => oidc.ClientSecretPost(signAppleClientSecret(settings, key, now()))(...request);
    },
  },
};

export interface OidcProviders {
  /** The provider a URL names, when it is one we know and this server has credentials for. */
  find(name: string): SocialProvider | undefined;
  /** The provider's discovered metadata with our client credentials. */
  configuration(provider: SocialProvider): Promise<oidc.Configuration>;
  protocol(provider: SocialProvider): ProviderProtocol;
  redirectUri(provider: SocialProvider): string;
  /** How the cookie naming the sign-in's state is set and cleared. */
  stateCookieOptions(provider: SocialProvider): CookieSerializeOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    oidcProviders: OidcProviders;
  }
}

/**
 * The OpenID Connect providers people sign in with. Discovery happens on the first sign-in rather
 * than at start-up, so a provider that is down never keeps the marketplace from starting; a
 * credential that cannot work (such as a malformed Apple key) does stop it.
 */
export default fp(
  async (app) => {
    const discovered = new Map<SocialProvider, Promise<oidc.Configuration>>();

    function clientAuthentication<P extends SocialProvider>(provider: P): oidc.ClientAuth | undefined {
      const settings: ServerConfig['oidc'][P] = app.config.oidc[provider];
      return settings ? PROVIDERS[provider].clientAuthentication(settings, () => app.now()) : undefined;
    }
    const clientAuthentications = new Map(SOCIAL_PROVIDERS.map((provider) => [provider, clientAuthentication(provider)]));

    function discover(provider: SocialProvider): Promise<oidc.Configuration> {
      const settings = app.config.oidc[provider];
      const authentication = clientAuthentications.get(provider);
      if (!settings || !authentication) return Promise.reject(new Error(`OpenID Connect provider ${provider} is not configured`));
      const issuer = new URL(settings.issuer);
      // Real providers are reached over TLS only; a plain-HTTP issuer is a local test provider.
      const options = issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined;
      return oidc.discovery(issuer, settings.clientId, undefined, authentication, options);
    }

    app.decorate<OidcProviders>('oidcProviders', {
      find(name) {
        return SOCIAL_PROVIDERS.find((provider) => provider === name && app.config.oidc[provider] !== undefined);
      },
      configuration(provider) {
        const cached = discovered.get(provider);
        if (cached) return cached;
        const pending = discover(provider);
        discovered.set(provider, pending);
        // A failed discovery is tried again on the next sign-in instead of being remembered.
        pending.catch(() => {
          if (discovered.get(provider) === pending) discovered.delete(provider);
        });
        return pending;
      },
      protocol(provider) {
        const { scope, responseMode } = PROVIDERS[provider];
        return { scope, responseMode };
      },
      redirectUri(provider) {
        return `${app.config.publicUrl}/api/auth/oidc/${provider}/callback`;
      },
      stateCookieOptions(provider) {
        const common = { path: OIDC_COOKIE_PATH, httpOnly: true };
        // A form posted from the provider's site is a cross-site POST, which carries only cookies
        // marked SameSite=None, and browsers keep those only when they are Secure too (Chromium
        // accepts Secure cookies from http://localhost as well). A redirect back is a top-level
        // GET, which Lax cookies still travel with.
        return PROVIDERS[provider].responseMode === 'form_post'
          ? { ...common, sameSite: 'none', secure: true }
          : { ...common, sameSite: 'lax', secure: app.config.secureCookies };
      },
    });
  },
  { name: 'oidc-providers', dependencies: ['config', 'clock'] },
);
