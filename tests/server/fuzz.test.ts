import { randomBytes, randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import fc from 'fast-check';
import type { FastifyError, FastifyRequest, FastifySchema, InjectOptions, onErrorHookHandler } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE, SESSION_TTL_MS } from '../../domain/auth';
import { FILE_VARIANT, IMAGE_VARIANTS } from '../../domain/media';
import { ROUTES } from '../../domain/routes';
import { hashSecret } from '../../server/modules/auth/hash-secret';
import { newAuction, newPerson, type Person } from './helpers/auction-fixtures';
import { bodyOf, encodeComponent, type FuzzBody, jsonSchemaOf, oddString, pathSegment, queryString } from './helpers/request-fuzz';
import { buildTestApp, testDialect } from './helpers/test-app';

/**
 * Every route the app registers, found as it registers them, gets requests a careless or hostile
 * client could send, signed out and signed in, and must never answer 500. A new route is fuzzed
 * without being listed here. The seed is fixed, so a failure repeats.
 */
const FUZZ_SEED = 26;
const RUNS_PER_ROUTE = 30;
/** HEAD runs its GET route's handler, which is fuzzed in full already. */
const RUNS_PER_HEAD_ROUTE = 8;

interface FuzzedRoute {
  method: string;
  url: string;
  schema?: FastifySchema;
}

const routes: FuzzedRoute[] = [];
/** The error behind each 500, so a failure shows its stack and not only the status. */
const failures = new Map<string, Error>();
const recordFailure: onErrorHookHandler = async (request: FastifyRequest, _reply, error: FastifyError) => {
  failures.set(request.id, error);
};

const t = await buildTestApp({
  onRoute: (route) => {
    const existing = route.onError ? [route.onError].flat() : [];
    route.onError = [...existing, recordFailure];
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, schema: route.schema });
  },
});
afterAll(async () => t.close());

/** A stable seed per route, so adding a route does not change what the others are sent. */
const seedOf = (name: string) => [...name].reduce((hash, char) => (Math.imul(hash, 31) + char.charCodeAt(0)) | 0, FUZZ_SEED);

interface SignedIn {
  person: Person;
  ownSlugs: string[];
}

/** Every account a person registers has a password; hashing it once keeps the run fast. */
const passwordHash = hash('demo1234');

/** A seller with a public and a private auction and a draft, so owners' handlers are reached too. */
async function newSeller(): Promise<SignedIn> {
  const person = await newPerson(t.app, 'Fuzz');
  await t.app.db.updateTable('users').set({ password_hash: await passwordHash }).where('id', '=', person.id).execute();
  const auction = await newAuction(t.app, person);
  const privateAuction = await newAuction(t.app, person, { type: 'PRIVATE_AUCTION' });
  const draft = await newAuction(t.app, person, { status: 'DRAFT', published_at: null });
  return { person, ownSlugs: [auction.slug, privateAuction.slug, draft.slug] };
}

/** Values the app would recognise for each path parameter, read afresh as the fuzzing creates records. */
async function knownParameters(signedIn: SignedIn | undefined): Promise<Record<string, string[]>> {
  const [ads, users, verifications, media] = await Promise.all([
    t.app.db.selectFrom('ads').select('slug').orderBy('created_at', 'desc').limit(20).execute(),
    t.app.db.selectFrom('users').select(['id', 'slug']).orderBy('created_at', 'desc').limit(10).execute(),
    t.app.db.selectFrom('verification_codes').select('id').limit(5).execute(),
    t.app.db.selectFrom('media').select('id').limit(5).execute(),
  ]);
  return {
    slug: [...(signedIn?.ownSlugs ?? []), ...ads.map((ad) => ad.slug), ...users.map((user) => user.slug)],
    userId: [...(signedIn ? [signedIn.person.id] : []), ...users.map((user) => user.id)],
    id: [...verifications.map((row) => row.id), ...media.map((row) => row.id), randomUUID()],
    provider: ['google', 'apple'],
    token: [randomBytes(32).toString('base64url')],
    variant: [...Object.keys(IMAGE_VARIANTS), FILE_VARIANT],
  };
}

interface FuzzRequest {
  path: string;
  query: string;
  body: FuzzBody;
  locale: string;
  csrf: 'sent' | 'missing' | 'wrong';
  /** A session cookie no session has, sent when signed out. */
  forgedSession: string | null;
  ip: string;
}

function requestArbitrary(fuzzed: FuzzedRoute, known: Record<string, string[]>): fc.Arbitrary<FuzzRequest> {
  const schema = fuzzed.schema ?? {};
  const segments = fuzzed.url.split('/').map((segment) => (segment.startsWith(':') ? pathSegment(known[segment.slice(1)] ?? []) : fc.constant(segment)));
  const hasBody = !['GET', 'HEAD'].includes(fuzzed.method);
  return fc.record({
    path: fc.tuple(...segments).map((parts) => parts.join('/')),
    query: fc.option(queryString(jsonSchemaOf(schema.querystring)), { nil: '', freq: 2 }),
    body: hasBody ? bodyOf(jsonSchemaOf(schema.body)) : fc.constant({}),
    locale: fc.oneof({ arbitrary: fc.constantFrom('ar', 'en'), weight: 4 }, { arbitrary: oddString.map(encodeComponent), weight: 1 }),
    csrf: fc.oneof({ arbitrary: fc.constant('sent' as const), weight: 8 }, fc.constantFrom('missing' as const, 'wrong' as const)),
    forgedSession: fc.option(oddString.map(encodeComponent), { freq: 4 }),
    ip: fc.ipV4(),
  });
}

async function freshSessionCookie(signedIn: SignedIn): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = t.app.now();
  await t.app.db.insertInto('sessions').values({ id: hashSecret(token), user_id: signedIn.person.id, created_at: now, expires_at: now + SESSION_TTL_MS }).execute();
  return `${SESSION_COOKIE}=${token}`;
}

async function send(method: string, request: FuzzRequest, sessionCookie: string | undefined) {
  sessionCookie ??= request.forgedSession === null ? undefined : `${SESSION_COOKIE}=${request.forgedSession}`;
  const csrfToken = randomBytes(16).toString('base64url');
  const headers: Record<string, string> = {
    cookie: [`locale=${request.locale}`, `${CSRF_COOKIE}=${csrfToken}`, ...(sessionCookie ? [sessionCookie] : [])].join('; '),
    'accept-language': request.locale,
  };
  if (request.csrf !== 'missing') headers[CSRF_HEADER] = request.csrf === 'sent' ? csrfToken : 'forged';
  if (request.body.contentType !== undefined) headers['content-type'] = request.body.contentType;
  const url = request.query ? `${request.path}?${request.query}` : request.path;
  const options: InjectOptions = { method: method as InjectOptions['method'], url, headers, remoteAddress: request.ip };
  if (request.body.payload !== undefined) options.payload = request.body.payload;
  return t.app.inject(options);
}

const excerpt = (value: unknown) => {
  const text = Buffer.isBuffer(value) ? value.toString('hex') : String(value);
  return text.length > 300 ? `${text.slice(0, 300)}… (${text.length} characters)` : text;
};

async function fuzzRoute(fuzzed: FuzzedRoute, signedIn: () => Promise<SignedIn | undefined>) {
  let seller = await signedIn();
  const known = await knownParameters(seller);
  const details = await fc.check(
    fc.asyncProperty(requestArbitrary(fuzzed, known), async (request) => {
      // A run may delete the account or end its session: each request gets a live one.
      if (seller && !(await t.app.db.selectFrom('users').select('id').where('id', '=', seller.person.id).executeTakeFirst())) seller = await signedIn();
      failures.clear();
      const response = await send(fuzzed.method, request, seller ? await freshSessionCookie(seller) : undefined);
      if (response.statusCode < 500) return;
      const error = [...failures.values()].at(-1);
      throw new Error(
        [
          `${fuzzed.method} ${excerpt(request.path)}${request.query ? `?${excerpt(request.query)}` : ''} answered ${response.statusCode} ${excerpt(response.body)}`,
          `content-type: ${request.body.contentType ?? '(none)'}, body: ${excerpt(request.body.payload ?? '(none)')}`,
          `signed ${seller ? 'in' : `out, session cookie ${request.forgedSession ?? '(none)'}`}, csrf ${request.csrf}, locale ${request.locale}`,
          error?.stack ?? '',
        ].join('\n'),
      );
    }),
    { seed: seedOf(`${fuzzed.method} ${fuzzed.url}`), numRuns: fuzzed.method === 'HEAD' ? RUNS_PER_HEAD_ROUTE : RUNS_PER_ROUTE, endOnFailure: true },
  );
  // The failing request, its answer and the error are the report; fast-check's own would repeat megabytes of body.
  if (details.failed) {
    const reason = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    throw new Error(`${reason}\n(fast-check seed ${details.seed}, path ${details.counterexamplePath})`);
  }
}

describe(`fuzzing every route on ${testDialect}`, () => {
  it('finds the routes the app registers', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.map((route) => `${route.method} ${route.url}`)).toContain('POST /api/ads/:slug/bids');
  });

  for (const fuzzed of routes) {
    it(`${fuzzed.method} ${fuzzed.url} answers no 500, signed out`, () => fuzzRoute(fuzzed, async () => undefined));
    it(`${fuzzed.method} ${fuzzed.url} answers no 500, signed in`, () => fuzzRoute(fuzzed, newSeller));
  }

  // Page addresses reach the not-found handler, which reads the ad a path names for its preview.
  for (const page of Object.values(ROUTES)) {
    it(`page ${page} answers no 500`, () => fuzzRoute({ method: 'GET', url: page }, async () => undefined));
  }
});
