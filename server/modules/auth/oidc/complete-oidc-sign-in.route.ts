import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as oidc from 'openid-client';
import { z } from 'zod';
import { ERROR_CODES } from '../../../../domain/errors';
import { ROUTES, SIGN_IN_REDIRECT_PARAM, SOCIAL_REGISTRATION_PARAM, VERIFICATION_PARAM } from '../../../../domain/routes';
import { hashSecret } from '../hash-secret';
import { AppError } from '../../../errors';
import { localeOfRequest } from '../../../i18n';
import { OIDC_STATE_COOKIE, SOCIAL_SIGN_IN_FAILED_PATH } from './oidc-providers.plugin';

const SOCIAL_REGISTRATION_TTL_MS = 30 * 60 * 1000;
/** A posted answer holds a code, the state and at most an ID token and a name. */
const FORM_POST_BODY_LIMIT = 64 * 1024;
/**
 * The authorization response parameters, the only ones handed to openid-client. Apple's form also
 * carries `user`, and may carry an `id_token`, which openid-client would refuse as a hybrid-flow
 * answer; the ID token relied on is the one the token endpoint returns.
 */
const AUTHORIZATION_RESPONSE_PARAMS = ['code', 'state', 'iss', 'error', 'error_description', 'error_uri'];

/** Apple tells a person's name once, in the `user` field of their first answer, never in the ID token. */
const formPostUserSchema = z.object({ name: z.object({ firstName: z.unknown(), lastName: z.unknown() }) });

interface ProviderProfile {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

function textClaim(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function namesFromFormPostUser(user: string | null): { firstName: string; lastName: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(user ?? 'null');
  } catch {
    parsed = null;
  }
  const name = formPostUserSchema.safeParse(parsed).data?.name;
  return { firstName: textClaim(name?.firstName), lastName: textClaim(name?.lastName) };
}

function profileFrom(claims: oidc.IDToken, namesOutsideToken: { firstName: string; lastName: string }): ProviderProfile {
  let firstName = textClaim(claims.given_name);
  let lastName = textClaim(claims.family_name);
  if (!firstName && !lastName) {
    const [first = '', ...rest] = textClaim(claims.name).split(/\s+/);
    firstName = first;
    lastName = rest.join(' ');
  }
  if (!firstName && !lastName) ({ firstName, lastName } = namesOutsideToken);
  const email = textClaim(claims.email).toLowerCase();
  return {
    subject: claims.sub,
    email: email || undefined,
    // Apple sends the flag as the string "true".
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    firstName,
    lastName,
  };
}

/** The provider's answer: the query of its redirect, or the fields of the form its page posted. */
function answerOf(request: FastifyRequest, redirectUri: string): URLSearchParams {
  if (request.method === 'GET') return new URL(request.url, redirectUri).searchParams;
  return request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
}

/**
 * Where the provider sends the browser back: a redirect (GET), or for a provider answering by
 * form_post a form its page posts to us (POST). The person is signed in when the identity is
 * already linked to an active account, or linked now to the account whose address a code sent by
 * email proved; a linked account never activated gets a code to enter instead, and anyone else goes
 * to the registration form, prefilled from the provider.
 */
const completeOidcSignInRoute: FastifyPluginAsync = async (app) => {
  // Scoped to this route's plugin: no other endpoint takes form bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_POST_BODY_LIMIT }, (_request, body, done) => {
    done(null, new URLSearchParams(body as string));
  });

  app.withTypeProvider<ZodTypeProvider>().route({
    method: ['GET', 'POST'],
    url: '/oidc/:provider/callback',
    schema: { params: z.object({ provider: z.string().max(40) }) },
    handler: async (request, reply) => {
      const provider = app.oidcProviders.find(request.params.provider);
      if (!provider) throw new AppError(ERROR_CODES.NOT_FOUND);

      // Anything malformed here is a failed sign-in page, not an API error the browser would show raw.
      const fail = (reason: string, error?: unknown) => {
        request.log.warn({ err: error, provider }, `social sign-in failed: ${reason}`);
        return reply.redirect(SOCIAL_SIGN_IN_FAILED_PATH);
      };

      // A provider answers one way only. Refusing the other keeps the POST, which the CSRF check
      // lets through, to the providers that need it.
      const { responseMode } = app.oidcProviders.protocol(provider);
      if (request.method !== (responseMode === 'form_post' ? 'POST' : 'GET')) {
        return fail(`a ${request.method} answer from a provider that answers by ${responseMode}`);
      }
      const redirectUri = app.oidcProviders.redirectUri(provider);
      const answer = answerOf(request, redirectUri);

      const state = answer.get('state');
      const browserState = request.cookies[OIDC_STATE_COOKIE];
      reply.clearCookie(OIDC_STATE_COOKIE, app.oidcProviders.stateCookieOptions(provider));
      if (!state || state !== browserState) return fail('the state was not issued to this browser');
      const login = await app.db
        .deleteFrom('oidc_logins')
        .where('state', '=', state)
        .where('provider', '=', provider)
        .returningAll()
        .executeTakeFirst();
      const now = app.now();
      if (!login || login.expires_at <= now) return fail('unknown or expired state');

      let profile: ProviderProfile;
      try {
        const configuration = await app.oidcProviders.configuration(provider);
        const callbackUrl = new URL(redirectUri);
        for (const name of AUTHORIZATION_RESPONSE_PARAMS) {
          for (const value of answer.getAll(name)) callbackUrl.searchParams.append(name, value);
        }
        const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
          pkceCodeVerifier: login.code_verifier,
          expectedState: login.state,
          expectedNonce: login.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) return fail('no ID token');
        profile = profileFrom(claims, namesFromFormPostUser(answer.get('user')));
      } catch (error) {
        return fail('the provider refused or the response did not check out', error);
      }

      const signInAs = async (userId: string) => {
        await app.sessions.start(reply, userId);
        return reply.redirect(login.redirect_to);
      };

      const linked = await app.db
        .selectFrom('user_identities')
        .innerJoin('users', 'users.id', 'user_identities.user_id')
        .select(['users.id', 'users.email', 'users.verified_at'])
        .where('user_identities.provider', '=', provider)
        .where('user_identities.subject', '=', profile.subject)
        .executeTakeFirst();
      if (linked && linked.verified_at !== null) return signInAs(linked.id);
      if (linked) {
        // Registered with this identity but never activated: the provider's word does not stand
        // in for the code, so the person gets one and the code screen, as a password sign-in would.
        let verificationId: string;
        try {
          ({ id: verificationId } = await app.verifications.issue({
            userId: linked.id,
            purpose: 'REGISTER',
            channel: 'email',
            destination: linked.email,
            locale: localeOfRequest(request.headers),
          }));
        } catch (error) {
          return fail('the activation code could not be sent', error);
        }
        const query = new URLSearchParams({ [VERIFICATION_PARAM]: verificationId, [SIGN_IN_REDIRECT_PARAM]: login.redirect_to });
        return reply.redirect(`${ROUTES.register}?${query}`);
      }

      if (profile.email && profile.emailVerified) {
        // Only an address proven by a code that travelled by email counts. Anyone can register with
        // someone else's address and activate the account by a code sent to their own phone;
        // linking by that address would hand the provider's person to whoever opened the account.
        // An account whose address is unproven is treated as absent here and never signed in.
        const owner = await app.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', profile.email)
          .where('email_verified_at', 'is not', null)
          .executeTakeFirst();
        if (owner) {
          await app.db
            .insertInto('user_identities')
            .values({ provider, subject: profile.subject, user_id: owner.id, created_at: now })
            .onConflict((conflict) => conflict.columns(['provider', 'subject']).doNothing())
            .execute();
          return signInAs(owner.id);
        }
      }

      const token = randomBytes(32).toString('base64url');
      // Pending registrations nobody finished would otherwise stay in the table forever.
      await app.db.deleteFrom('social_registrations').where('expires_at', '<=', now).execute();
      await app.db
        .insertInto('social_registrations')
        .values({
          token_hash: hashSecret(token),
          provider,
          subject: profile.subject,
          email: profile.email ?? '',
          first_name: profile.firstName,
          last_name: profile.lastName,
          expires_at: now + SOCIAL_REGISTRATION_TTL_MS,
        })
        .execute();
      const query = new URLSearchParams({ [SOCIAL_REGISTRATION_PARAM]: token, [SIGN_IN_REDIRECT_PARAM]: login.redirect_to });
      return reply.redirect(`${ROUTES.register}?${query}`);
    },
  });
};
export default completeOidcSignInRoute;
