import { generateKeyPairSync, type KeyObject, verify } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { TestBrowser } from './helpers/browser';
import { buildTestApp, type TestApp, testDialect } from './helpers/test-app';
import { runtimeConfigOf } from './helpers/page-config';

const CLIENT_ID = 'souq-test-client';
const CLIENT_SECRET = 'souq-test-client-secret-that-is-long-enough';
const PUBLIC_URL = 'http://localhost';
const CALLBACK_URL = `${PUBLIC_URL}/api/auth/oidc/google/callback`;
const SIGN_IN_FAILED = '/login?error=SOCIAL_SIGN_IN_FAILED';
/** The provider's test-only way of knowing who is typing their password on its sign-in page. */
const ACCOUNT_HEADER = 'x-test-account';

const APPLE_CLIENT_ID = 'com.souq.test.web';
const APPLE_TEAM_ID = 'SOUQTEAM01';
const APPLE_KEY_ID = 'SOUQKEY001';
const APPLE_CALLBACK_URL = `${PUBLIC_URL}/api/auth/oidc/apple/callback`;
const APPLE_AUDIENCE = 'https://appleid.apple.com';
const SIX_MONTHS_S = 183 * 24 * 60 * 60;
/** The team's Sign in with Apple key: our server signs with the private half, the provider checks with the public one. */
const appleKey = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const applePrivateKeyPem = appleKey.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

/** People at the provider, by subject, with the claims it asserts about them. */
const PROVIDER_ACCOUNTS: Record<string, Record<string, unknown>> = {
  'sub-ahmed': { email: 'Ahmed@Example.com', email_verified: true, given_name: 'Ahmed', family_name: 'Al-Otaibi' },
  'sub-layla': { email: 'layla@example.net', email_verified: true, name: 'Layla Bint Khalid' },
  'sub-sara-unproven': { email: 'sara@example.com', email_verified: false, given_name: 'Sara', family_name: 'Al-Harbi' },
  'sub-pending': { email: 'pending@example.com', email_verified: true, given_name: 'Pending', family_name: 'Person' },
  'sub-reem': { email: 'reem@example.com', email_verified: true, given_name: 'Reem', family_name: 'Al-Dosari' },
  'sub-huda': { email: 'huda@example.com', email_verified: true, given_name: 'Huda', family_name: 'Al-Shehri' },
};

/** People at Apple: no name in the ID token, and the email flag as a string. */
const APPLE_ACCOUNTS: Record<string, Record<string, unknown>> = {
  '001234.apple-ahmed.0001': { email: 'ahmed@example.com', email_verified: 'true' },
  '001234.apple-noor.0002': { email: 'x7k2p9q4mz@privaterelay.appleid.com', email_verified: 'true' },
};

interface LocalProvider {
  issuer: string;
  close: () => Promise<void>;
}

interface ProviderSetup {
  client: Record<string, unknown>;
  claims: Record<string, string[]>;
  accounts: Record<string, Record<string, unknown>>;
  /** Stands in for the provider's own check of the client secret the token request carries. */
  checkClientSecret?: (secret: string | undefined) => boolean;
}

interface JwtParts {
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
}

/** What the Apple-shaped provider trusts, and the client secrets it accepted; tests swap the key to see a refusal. */
const appleTrust: { publicKey: KeyObject; accepted: JwtParts[] } = { publicKey: appleKey.publicKey, accepted: [] };

/** Checks a client secret the way Apple documents it: an ES256 JWT from the team's key, for this client, at most six months long. */
function checkAppleClientSecret(secret: string | undefined): boolean {
  const [header = '', claims = '', signature = ''] = secret?.split('.') ?? [];
  const signed = verify('sha256', Buffer.from(`${header}.${claims}`), { key: appleTrust.publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) return false;
  const parts: JwtParts = {
    header: JSON.parse(Buffer.from(header, 'base64url').toString()),
    claims: JSON.parse(Buffer.from(claims, 'base64url').toString()),
  };
  const { iat, exp } = parts.claims as { iat: number; exp: number };
  const now = Date.now() / 1000;
  const valid =
    parts.header.alg === 'ES256' &&
    parts.header.kid === APPLE_KEY_ID &&
    parts.claims.iss === APPLE_TEAM_ID &&
    parts.claims.sub === APPLE_CLIENT_ID &&
    parts.claims.aud === APPLE_AUDIENCE &&
    iat <= now + 5 &&
    exp > now &&
    exp - iat <= SIX_MONTHS_S;
  if (valid) appleTrust.accepted.push(parts);
  return valid;
}

/** Stands in for the provider's sign-in and consent pages: the person signs in and agrees at once. */
async function finishInteraction(provider: Provider, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const interaction = await provider.interactionDetails(req, res);
  if (interaction.prompt.name === 'login') {
    const accountId = req.headers[ACCOUNT_HEADER];
    await provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
    return;
  }
  const grant = interaction.grantId
    ? await provider.Grant.find(interaction.grantId)
    : new provider.Grant({ accountId: interaction.session!.accountId, clientId: interaction.params.client_id });
  grant!.addOIDCScope(interaction.params.scope);
  await provider.interactionFinished(req, res, { consent: { grantId: await grant!.save() } }, { mergeWithLastSubmission: true });
}

async function startLocalProvider(setup: ProviderSetup): Promise<LocalProvider> {
  let handle: http.RequestListener = (_req, res) => res.end();
  const server = http.createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const { accounts } = setup;
  const provider = new Provider(issuer, {
    clients: [setup.client],
    jwks: { keys: [signingKey] },
    cookies: { keys: ['oidc-test-cookie-signing-key'] },
    claims: setup.claims,
    // Like Google and Apple, put the claims in the ID token rather than only behind the userinfo endpoint.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, sub: string) => (accounts[sub] ? { accountId: sub, claims: () => ({ sub, ...accounts[sub] }) } : undefined),
  });
  if (setup.checkClientSecret) provider.Client.prototype.compareClientSecret = setup.checkClientSecret;
  const providerListener = provider.callback();
  handle = (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return providerListener(req, res);
    finishInteraction(provider, req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  };
  return { issuer, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The auto-submitting page a form_post provider answers with: where its form goes and what it carries. */
interface PostedForm {
  action: string;
  fields: URLSearchParams;
}

function decodeHtml(text: string): string {
  return text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

function formOnPage(page: string): PostedForm {
  const action = page.match(/<form method="post" action="([^"]*)">/)?.[1];
  if (action === undefined) throw new Error(`the provider's page has no form: ${page}`);
  const fields = new URLSearchParams();
  for (const [, name = '', value = ''] of page.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)"\/>/g)) {
    fields.append(decodeHtml(name), decodeHtml(value));
  }
  return { action: decodeHtml(action), fields };
}

/** One person: their browser on our site (under inject) and their cookies at the provider (real HTTP). */
class Person {
  readonly browser: TestBrowser;
  private readonly providerCookies = new Map<string, string>();

  constructor(
    private readonly app: TestApp['app'],
    private readonly providerAccount: string,
  ) {
    this.browser = new TestBrowser(app);
  }

  /** Browses the provider, following its redirects, until it redirects back to us or shows a page. */
  private async browseProvider(startUrl: string): Promise<{ redirectedTo: string } | { page: string }> {
    let url = startUrl;
    for (let hop = 0; hop < 10; hop += 1) {
      if (url.startsWith(PUBLIC_URL)) return { redirectedTo: url.slice(PUBLIC_URL.length) };
      const cookie = [...this.providerCookies].map(([name, value]) => `${name}=${value}`).join('; ');
      const response = await fetch(url, { redirect: 'manual', headers: { cookie, [ACCOUNT_HEADER]: this.providerAccount } });
      for (const header of response.headers.getSetCookie()) {
        const [pair = '', ...attributes] = header.split(';');
        const [name = '', value = ''] = pair.split('=');
        const expired = attributes.some((attribute) => /^\s*expires=Thu, 01 Jan 1970/i.test(attribute));
        if (!value || expired) this.providerCookies.delete(name);
        else this.providerCookies.set(name, value);
      }
      const location = response.headers.get('location');
      if (!location) {
        const page = await response.text();
        if (response.status !== 200) throw new Error(`the provider answered ${response.status} without a redirect: ${page}`);
        return { page };
      }
      url = new URL(location, url).href;
    }
    throw new Error('the provider kept redirecting');
  }

  /** Follows the provider's redirects, as a browser would, until it sends the person back to us. */
  async authorizeAt(authorizationUrl: string): Promise<string> {
    const back = await this.browseProvider(authorizationUrl);
    if (!('redirectedTo' in back) || !back.redirectedTo.startsWith(CALLBACK_URL.slice(PUBLIC_URL.length))) {
      throw new Error(`the provider did not redirect to the callback: ${JSON.stringify(back)}`);
    }
    return back.redirectedTo;
  }

  /** Goes through a form_post provider up to the page that would post the answer back to us. */
  async authorizeByFormPostAt(authorizationUrl: string): Promise<PostedForm> {
    const back = await this.browseProvider(authorizationUrl);
    if (!('page' in back)) throw new Error(`the provider redirected instead of posting a form: ${back.redirectedTo}`);
    return formOnPage(back.page);
  }

  /**
   * What the browser does with that page: a cross-site top-level POST. It carries only the cookies
   * marked SameSite=None (the sign-in's state cookie), and no anti-forgery header.
   */
  async postCrossSite(form: PostedForm): Promise<LightMyRequestResponse> {
    const state = this.browser.cookies.get('oidc_state');
    const response = await this.app.inject({
      method: 'POST',
      url: form.action.slice(PUBLIC_URL.length),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(state ? { cookie: `oidc_state=${state}` } : {}) },
      payload: form.fields.toString(),
    });
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (cookie.value === '' || cookie.maxAge === 0) this.browser.cookies.delete(cookie.name);
      else this.browser.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  /** Starts a sign-in on our site and comes back through the callback; returns the callback's answer. */
  async signInWithGoogle(redirect = '/my_ads') {
    const start = await this.browser.get(`/api/auth/oidc/google/start?redirect=${encodeURIComponent(redirect)}`);
    expect(start.statusCode).toBe(302);
    return this.browser.get(await this.authorizeAt(start.headers.location as string));
  }

  /**
   * The same with Apple, which posts its answer back. Apple's form carries fields the local
   * provider does not send (`user` on a person's first authorisation), so the test adds them.
   */
  async signInWithApple(redirect = '/my_ads', appleOnlyFields: Record<string, string> = {}) {
    const start = await this.browser.get(`/api/auth/oidc/apple/start?redirect=${encodeURIComponent(redirect)}`);
    expect(start.statusCode).toBe(302);
    const form = await this.authorizeByFormPostAt(start.headers.location as string);
    expect(form.action).toBe(APPLE_CALLBACK_URL);
    for (const [name, value] of Object.entries(appleOnlyFields)) form.fields.set(name, value);
    return this.postCrossSite(form);
  }

  async sessionEmail(): Promise<string | null> {
    const session = (await this.browser.get('/api/auth/session')).json() as { user: { email: string } | null };
    return session.user?.email ?? null;
  }
}

describe(`social sign-in with OpenID Connect on ${testDialect}`, () => {
  let localProvider: LocalProvider;
  let appleProvider: LocalProvider;
  let t: TestApp;
  let riyadhId: number;

  /** Opens an account through the registration endpoint, as the form does; the code goes out by `channel`. */
  async function register(browser: TestBrowser, input: { email: string; phone: string; channel: 'email' | 'sms'; socialToken?: string }) {
    const registered = await browser.post('/api/auth/register', {
      firstName: 'Someone',
      lastName: 'Registering',
      country: 'SA',
      cityId: riyadhId,
      password: 'secret12',
      agreeToTerms: true,
      ...input,
    });
    expect(registered.statusCode).toBe(201);
    return (registered.json() as { verification: { id: string } }).verification;
  }

  /** The newest code sent to a recipient, read back from the local outbox. */
  async function lastCodeFor(recipient: string): Promise<string> {
    const [message] = (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?recipient=${encodeURIComponent(recipient)}&limit=1` })).json() as Array<{ body: string }>;
    const code = message?.body.match(/\b\d{6}\b/)?.[0];
    if (!code) throw new Error(`no code sent to ${recipient}`);
    return code;
  }

  beforeAll(async () => {
    localProvider = await startLocalProvider({
      client: { client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uris: [CALLBACK_URL], token_endpoint_auth_method: 'client_secret_post' },
      claims: { email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
      accounts: PROVIDER_ACCOUNTS,
    });
    appleProvider = await startLocalProvider({
      client: {
        client_id: APPLE_CLIENT_ID,
        // Never compared: checkAppleClientSecret replaces the provider's comparison.
        client_secret: 'apple-issues-no-fixed-client-secret',
        redirect_uris: [APPLE_CALLBACK_URL],
        token_endpoint_auth_method: 'client_secret_post',
        response_types: ['code'],
        response_modes: ['form_post'],
      },
      // Apple's scopes: `name` and `email`, no `profile`; the name never appears in the ID token.
      claims: { email: ['email', 'email_verified'], name: [] },
      accounts: APPLE_ACCOUNTS,
      checkClientSecret: checkAppleClientSecret,
    });
    t = await buildTestApp({
      env: {
        OIDC_GOOGLE_ISSUER: localProvider.issuer,
        OIDC_GOOGLE_CLIENT_ID: CLIENT_ID,
        OIDC_GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
        OIDC_APPLE_ISSUER: appleProvider.issuer,
        OIDC_APPLE_CLIENT_ID: APPLE_CLIENT_ID,
        OIDC_APPLE_TEAM_ID: APPLE_TEAM_ID,
        OIDC_APPLE_KEY_ID: APPLE_KEY_ID,
        // As written on one line in .env.
        OIDC_APPLE_PRIVATE_KEY: applePrivateKeyPem.replace(/\n/g, '\\n'),
        PUBLIC_URL,
      },
    });
    riyadhId = (await t.app.db.selectFrom('cities').select('id').where('name_en', '=', 'Riyadh').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await t?.close();
    await localProvider?.close();
    await appleProvider?.close();
  });

  it('sends the browser to the provider with PKCE, a nonce and the requested scopes', async () => {
    const browser = new TestBrowser(t.app);
    const start = await browser.get('/api/auth/oidc/google/start?redirect=%2Fmy_ads');
    expect(start.statusCode).toBe(302);
    const authorizationUrl = new URL(start.headers.location as string);
    expect(authorizationUrl.origin).toBe(localProvider.issuer);
    expect(Object.fromEntries(authorizationUrl.searchParams)).toMatchObject({
      client_id: CLIENT_ID,
      redirect_uri: CALLBACK_URL,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(authorizationUrl.searchParams.get('nonce')).toBeTruthy();
    expect(authorizationUrl.searchParams.has('response_mode')).toBe(false);
    expect(browser.cookies.get('oidc_state')).toBe(authorizationUrl.searchParams.get('state'));
    expect(start.cookies.find((cookie) => cookie.name === 'oidc_state')).toMatchObject({ sameSite: 'Lax', httpOnly: true, path: '/api/auth/oidc' });
  });

  it('links a provider identity to the account with the same verified email and signs it in', async () => {
    const ahmed = new Person(t.app, 'sub-ahmed');
    const callback = await ahmed.signInWithGoogle('/my_ads');
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/my_ads');
    expect(await ahmed.sessionEmail()).toBe('ahmed@example.com');
    expect(ahmed.browser.cookies.has('oidc_state')).toBe(false);

    const identities = await t.app.db.selectFrom('user_identities').innerJoin('users', 'users.id', 'user_identities.user_id').select(['users.email', 'user_identities.provider']).where('subject', '=', 'sub-ahmed').execute();
    expect(identities).toEqual([{ email: 'ahmed@example.com', provider: 'google' }]);
  });

  it('signs in by the stored identity the next time, whatever the provider now says the email is', async () => {
    PROVIDER_ACCOUNTS['sub-ahmed']!.email = 'ahmed.new@example.org';
    try {
      const ahmed = new Person(t.app, 'sub-ahmed');
      const callback = await ahmed.signInWithGoogle('//evil.example/steal');
      expect(callback.headers.location).toBe('/');
      expect(await ahmed.sessionEmail()).toBe('ahmed@example.com');
    } finally {
      PROVIDER_ACCOUNTS['sub-ahmed']!.email = 'Ahmed@Example.com';
    }
  });

  it('sends someone with no account to registration, prefilled from the provider', async () => {
    const layla = new Person(t.app, 'sub-layla');
    const callback = await layla.signInWithGoogle('/create-sales');
    expect(callback.statusCode).toBe(302);
    const registration = new URL(callback.headers.location as string, PUBLIC_URL);
    expect(registration.pathname).toBe('/Register');
    expect(registration.searchParams.get('redirect')).toBe('/create-sales');
    expect(await layla.sessionEmail()).toBeNull();

    const prefill = await layla.browser.get(`/api/auth/social-registrations/${registration.searchParams.get('social')}`);
    expect(prefill.statusCode).toBe(200);
    expect(prefill.json()).toEqual({ provider: 'google', firstName: 'Layla', lastName: 'Bint Khalid', email: 'layla@example.net' });

    const unknown = await layla.browser.get('/api/auth/social-registrations/not-a-token');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');
  });

  it('never links or signs in an account by an email the provider did not verify, or one the account never verified', async () => {
    const unproven = new Person(t.app, 'sub-sara-unproven');
    const unprovenCallback = await unproven.signInWithGoogle();
    expect(unprovenCallback.headers.location).toMatch(/^\/Register\?social=/);
    expect(await unproven.sessionEmail()).toBeNull();

    const now = Date.now();
    await t.app.db
      .insertInto('users')
      .values({ id: 'pending-user', slug: 'pending-person', first_name: 'Pending', last_name: 'Person', email: 'pending@example.com', phone: '966509999999', country_code: 'SA', city_id: null, password_hash: 'set-by-someone-else', about: '', created_at: now, verified_at: null })
      .execute();
    const claimant = new Person(t.app, 'sub-pending');
    const claimantCallback = await claimant.signInWithGoogle();
    expect(claimantCallback.headers.location).toMatch(/^\/Register\?social=/);
    expect(await claimant.sessionEmail()).toBeNull();
    const links = await t.app.db.selectFrom('user_identities').select('subject').where('subject', 'in', ['sub-sara-unproven', 'sub-pending']).execute();
    expect(links).toEqual([]);
  });

  it('never links by an email that only an SMS code vouched for: the account holder may not own the address', async () => {
    // Someone registers with Reem's address and their own phone, and activates the account by SMS.
    const attacker = new TestBrowser(t.app);
    const attackerPhone = '966551230001';
    const verification = await register(attacker, { email: 'reem@example.com', phone: attackerPhone, channel: 'sms' });
    const activated = await attacker.post(`/api/auth/verifications/${verification.id}/verify`, { code: await lastCodeFor(attackerPhone) });
    expect(activated.statusCode).toBe(200);
    const account = await t.app.db.selectFrom('users').select(['verified_at', 'email_verified_at']).where('email', '=', 'reem@example.com').executeTakeFirstOrThrow();
    expect(account.verified_at).not.toBeNull();
    expect(account.email_verified_at).toBeNull();

    const reem = new Person(t.app, 'sub-reem');
    const callback = await reem.signInWithGoogle();
    expect(callback.headers.location).toMatch(/^\/Register\?social=/);
    expect(await reem.sessionEmail()).toBeNull();
    const links = await t.app.db.selectFrom('user_identities').select('subject').where('subject', '=', 'sub-reem').execute();
    expect(links).toEqual([]);
  });

  it('sends a known identity whose account was never activated to code entry, with a fresh code by email', async () => {
    // Registered from Google, chose SMS, and never entered the code.
    const huda = new Person(t.app, 'sub-huda');
    const firstVisit = new URL((await huda.signInWithGoogle()).headers.location as string, PUBLIC_URL);
    const socialToken = firstVisit.searchParams.get('social')!;
    await register(huda.browser, { email: 'huda@example.com', phone: '966551230002', channel: 'sms', socialToken });

    const deliver = t.app.messages.deliver;
    t.app.messages.deliver = async () => {
      throw new Error('the mail server refused');
    };
    try {
      const undelivered = await huda.signInWithGoogle('/my_ads');
      expect(undelivered.headers.location).toBe(SIGN_IN_FAILED);
      expect(await huda.sessionEmail()).toBeNull();
    } finally {
      t.app.messages.deliver = deliver;
    }

    const callback = await huda.signInWithGoogle('/my_ads');
    const codeEntry = new URL(callback.headers.location as string, PUBLIC_URL);
    expect(codeEntry.pathname).toBe('/Register');
    expect(codeEntry.searchParams.get('redirect')).toBe('/my_ads');
    expect(codeEntry.searchParams.has('social')).toBe(false);
    expect(await huda.sessionEmail()).toBeNull();

    const verificationId = codeEntry.searchParams.get('verification')!;
    const pending = await huda.browser.get(`/api/auth/verifications/${verificationId}`);
    expect(pending.json()).toMatchObject({ purpose: 'REGISTER', channel: 'email', destination: 'h***@example.com' });
    const activated = await huda.browser.post(`/api/auth/verifications/${verificationId}/verify`, { code: await lastCodeFor('huda@example.com') });
    expect(activated.statusCode).toBe(200);
    expect(await huda.sessionEmail()).toBe('huda@example.com');

    const later = new Person(t.app, 'sub-huda');
    expect((await later.signInWithGoogle('/my_ads')).headers.location).toBe('/my_ads');
    expect(await later.sessionEmail()).toBe('huda@example.com');
  });

  it('refuses a callback whose state is unknown, tampered with, replayed or from another browser', async () => {
    const ahmed = new Person(t.app, 'sub-ahmed');
    const start = await ahmed.browser.get('/api/auth/oidc/google/start');
    const callbackPath = await ahmed.authorizeAt(start.headers.location as string);
    const state = new URL(callbackPath, PUBLIC_URL).searchParams.get('state')!;

    const tampered = await ahmed.browser.get(callbackPath.replace(`state=${state}`, 'state=tampered'));
    expect(tampered.headers.location).toBe(SIGN_IN_FAILED);

    // Someone else's callback opened in this browser must not sign it in to their account.
    const victim = new TestBrowser(t.app);
    victim.cookies.set('oidc_state', 'a-state-of-its-own');
    const forged = await victim.get(callbackPath);
    expect(forged.headers.location).toBe(SIGN_IN_FAILED);

    ahmed.browser.cookies.set('oidc_state', state);
    const genuine = await ahmed.browser.get(callbackPath);
    expect(genuine.headers.location).toBe('/');
    ahmed.browser.cookies.set('oidc_state', state);
    const replayed = await ahmed.browser.get(callbackPath);
    expect(replayed.headers.location).toBe(SIGN_IN_FAILED);

    const unknown = await new TestBrowser(t.app).get('/api/auth/oidc/google/callback?code=whatever&state=never-issued');
    expect(unknown.statusCode).toBe(302);
    expect(unknown.headers.location).toBe(SIGN_IN_FAILED);
  });

  it('sends a sign-in the provider refused back to the sign-in page', async () => {
    const browser = new TestBrowser(t.app);
    const start = await browser.get('/api/auth/oidc/google/start');
    const state = new URL(start.headers.location as string).searchParams.get('state')!;
    const refused = await browser.get(`/api/auth/oidc/google/callback?error=access_denied&state=${state}&iss=${encodeURIComponent(localProvider.issuer)}`);
    expect(refused.headers.location).toBe(SIGN_IN_FAILED);
  });

  it('asks Apple for its own scopes by form_post, with a state cookie that reaches a cross-site POST', async () => {
    const browser = new TestBrowser(t.app);
    const start = await browser.get('/api/auth/oidc/apple/start?redirect=%2Fmy_ads');
    expect(start.statusCode).toBe(302);
    const authorizationUrl = new URL(start.headers.location as string);
    expect(authorizationUrl.origin).toBe(appleProvider.issuer);
    expect(Object.fromEntries(authorizationUrl.searchParams)).toMatchObject({
      client_id: APPLE_CLIENT_ID,
      redirect_uri: APPLE_CALLBACK_URL,
      response_type: 'code',
      response_mode: 'form_post',
      scope: 'openid name email',
      code_challenge_method: 'S256',
    });
    expect(authorizationUrl.searchParams.get('nonce')).toBeTruthy();
    expect(browser.cookies.get('oidc_state')).toBe(authorizationUrl.searchParams.get('state'));
    // inject does not enforce cookie attributes, so the ones a browser would act on are checked here.
    expect(start.cookies.find((cookie) => cookie.name === 'oidc_state')).toMatchObject({ sameSite: 'None', secure: true, httpOnly: true, path: '/api/auth/oidc' });
  });

  it('sends someone new from Apple to registration, named from the `user` field of the posted answer', async () => {
    const acceptedBefore = appleTrust.accepted.length;
    const noor = new Person(t.app, '001234.apple-noor.0002');
    const user = { name: { firstName: 'Noor', lastName: 'Al-Qahtani' }, email: 'x7k2p9q4mz@privaterelay.appleid.com' };
    const callback = await noor.signInWithApple('/create-sales', { user: JSON.stringify(user) });
    expect(callback.statusCode).toBe(302);
    const registration = new URL(callback.headers.location as string, PUBLIC_URL);
    expect(registration.pathname).toBe('/Register');
    expect(registration.searchParams.get('redirect')).toBe('/create-sales');
    expect(noor.browser.cookies.has('oidc_state')).toBe(false);
    expect(await noor.sessionEmail()).toBeNull();

    const prefill = await noor.browser.get(`/api/auth/social-registrations/${registration.searchParams.get('social')}`);
    expect(prefill.json()).toEqual({ provider: 'apple', firstName: 'Noor', lastName: 'Al-Qahtani', email: 'x7k2p9q4mz@privaterelay.appleid.com' });

    // The code was exchanged with a client secret the provider verified against the team's public key.
    expect(appleTrust.accepted.length).toBe(acceptedBefore + 1);
    const secret = appleTrust.accepted.at(-1)!;
    expect(secret.header).toMatchObject({ alg: 'ES256', kid: APPLE_KEY_ID });
    expect(secret.claims).toMatchObject({ iss: APPLE_TEAM_ID, sub: APPLE_CLIENT_ID, aud: APPLE_AUDIENCE });
  });

  it('signs in through Apple by the verified email, and by the stored Apple identity after that', async () => {
    const first = new Person(t.app, '001234.apple-ahmed.0001');
    const user = { name: { firstName: 'Ahmed', lastName: 'Al-Otaibi' }, email: 'ahmed@example.com' };
    const callback = await first.signInWithApple('/my_ads', { user: JSON.stringify(user) });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/my_ads');
    expect(await first.sessionEmail()).toBe('ahmed@example.com');

    // Later authorisations carry no `user` field. An ID token posted alongside the code is not
    // what is relied on (the token endpoint's is), so whatever it holds changes nothing.
    const again = new Person(t.app, '001234.apple-ahmed.0001');
    expect((await again.signInWithApple('/', { id_token: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJzb21lb25lLWVsc2UifQ.' })).headers.location).toBe('/');
    expect(await again.sessionEmail()).toBe('ahmed@example.com');
    const identities = await t.app.db.selectFrom('user_identities').select('provider').where('subject', '=', '001234.apple-ahmed.0001').execute();
    expect(identities).toEqual([{ provider: 'apple' }]);
  });

  it('fails an Apple sign-in whose client secret was not signed with the registered key', async () => {
    appleTrust.publicKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey;
    try {
      const ahmed = new Person(t.app, '001234.apple-ahmed.0001');
      const callback = await ahmed.signInWithApple();
      expect(callback.headers.location).toBe(SIGN_IN_FAILED);
      expect(await ahmed.sessionEmail()).toBeNull();
    } finally {
      appleTrust.publicKey = appleKey.publicKey;
    }
  });

  it('refuses a posted Apple answer without the state cookie, with an error, or sent the way Apple does not answer', async () => {
    const ahmed = new Person(t.app, '001234.apple-ahmed.0001');
    const start = await ahmed.browser.get('/api/auth/oidc/apple/start');
    const form = await ahmed.authorizeByFormPostAt(start.headers.location as string);

    // The answer as a redirect instead of a post: not how Apple answers, so not taken.
    const asRedirect = await ahmed.browser.get(`/api/auth/oidc/apple/callback?${form.fields}`);
    expect(asRedirect.headers.location).toBe(SIGN_IN_FAILED);

    // Someone else's posted answer, sent from a browser that never started this sign-in.
    const stranger = new Person(t.app, '001234.apple-noor.0002');
    const forged = await stranger.postCrossSite(form);
    expect(forged.headers.location).toBe(SIGN_IN_FAILED);
    expect(await stranger.sessionEmail()).toBeNull();

    const cancelled = new Person(t.app, '001234.apple-noor.0002');
    const cancelStart = await cancelled.browser.get('/api/auth/oidc/apple/start');
    const state = new URL(cancelStart.headers.location as string).searchParams.get('state')!;
    const refusal = await cancelled.postCrossSite({ action: APPLE_CALLBACK_URL, fields: new URLSearchParams({ error: 'user_cancelled_authorize', state }) });
    expect(refusal.headers.location).toBe(SIGN_IN_FAILED);
  });

  it('takes no posted answer for Google, whose answers come as redirects', async () => {
    const ahmed = new Person(t.app, 'sub-ahmed');
    const start = await ahmed.browser.get('/api/auth/oidc/google/start');
    const callbackPath = await ahmed.authorizeAt(start.headers.location as string);
    const posted = await ahmed.postCrossSite({ action: CALLBACK_URL, fields: new URL(callbackPath, PUBLIC_URL).searchParams });
    expect(posted.statusCode).toBe(302);
    expect(posted.headers.location).toBe(SIGN_IN_FAILED);
    expect(await ahmed.sessionEmail()).toBeNull();
  });

  it('keeps the anti-forgery check on every other write', async () => {
    const browser = new TestBrowser(t.app);
    const refused = await browser.post('/api/auth/sign-in', { method: 'email', email: 'ahmed@example.com', password: 'demo1234' }, { csrf: false });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('CSRF_REJECTED');
  });

  it('counts Apple as configured only with the client id, team id, key id and key all set', () => {
    const complete = {
      OIDC_APPLE_CLIENT_ID: APPLE_CLIENT_ID,
      OIDC_APPLE_TEAM_ID: APPLE_TEAM_ID,
      OIDC_APPLE_KEY_ID: APPLE_KEY_ID,
      OIDC_APPLE_PRIVATE_KEY: applePrivateKeyPem.replace(/\n/g, '\\n'),
    };
    expect(loadConfig(complete).oidc.apple).toMatchObject({ issuer: 'https://appleid.apple.com', teamId: APPLE_TEAM_ID, keyId: APPLE_KEY_ID, privateKey: applePrivateKeyPem });
    for (const setting of Object.keys(complete)) {
      expect(loadConfig({ ...complete, [setting]: '' }).oidc.apple).toBeUndefined();
    }
  });

  it('knows only the configured providers', async () => {
    const browser = new TestBrowser(t.app);
    for (const url of ['/api/auth/oidc/facebook/start', '/api/auth/oidc/facebook/callback?state=x']) {
      const response = await browser.get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }

    const page = await browser.get('/');
    const config = runtimeConfigOf(page.body);
    expect(config.socialSignIn).toEqual(['google', 'apple']);
  });
});
