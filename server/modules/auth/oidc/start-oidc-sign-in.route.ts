import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as oidc from 'openid-client';
import { z } from 'zod';
import { ERROR_CODES } from '../../../../domain/errors';
import { SIGN_IN_REDIRECT_PARAM, safeRedirectPath } from '../../../../domain/routes';
import { AppError } from '../../../errors';
import { OIDC_LOGIN_TTL_MS, OIDC_STATE_COOKIE, SOCIAL_SIGN_IN_FAILED_PATH } from './oidc-providers.plugin';

/**
 * Sends the browser to the provider's sign-in page. What the callback must match (state, nonce,
 * PKCE verifier) stays on the server; the browser carries only the state, in a cookie.
 */
const startOidcSignInRoute: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/oidc/:provider/start',
    {
      schema: {
        params: z.object({ provider: z.string().max(40) }),
        querystring: z.object({ [SIGN_IN_REDIRECT_PARAM]: z.string().max(2000).optional() }),
      },
    },
    async (request, reply) => {
      const provider = app.oidcProviders.find(request.params.provider);
      if (!provider) throw new AppError(ERROR_CODES.NOT_FOUND);

      let configuration: oidc.Configuration;
      try {
        configuration = await app.oidcProviders.configuration(provider);
      } catch (error) {
        request.log.error({ err: error, provider }, 'OpenID Connect discovery failed');
        return reply.redirect(SOCIAL_SIGN_IN_FAILED_PATH);
      }

      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const now = app.now();
      // Abandoned sign-ins would otherwise stay in the table forever.
      await app.db.deleteFrom('oidc_logins').where('expires_at', '<=', now).execute();
      await app.db
        .insertInto('oidc_logins')
        .values({
          state,
          provider,
          nonce,
          code_verifier: codeVerifier,
          redirect_to: safeRedirectPath(request.query[SIGN_IN_REDIRECT_PARAM]),
          expires_at: now + OIDC_LOGIN_TTL_MS,
        })
        .execute();

      reply.setCookie(OIDC_STATE_COOKIE, state, { ...app.oidcProviders.stateCookieOptions(provider), maxAge: OIDC_LOGIN_TTL_MS / 1000 });
      const { scope, responseMode } = app.oidcProviders.protocol(provider);
      const authorizationUrl = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: app.oidcProviders.redirectUri(provider),
        scope,
        // `query` is the default for the code flow, so only another mode needs asking for.
        ...(responseMode === 'query' ? {} : { response_mode: responseMode }),
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
      return reply.redirect(authorizationUrl.href);
    },
  );
};
export default startOidcSignInRoute;
