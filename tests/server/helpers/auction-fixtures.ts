import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Insertable, Kysely } from 'kysely';
import { SESSION_COOKIE, SESSION_TTL_MS } from '../../../domain/auth';
import type { Locale } from '../../../domain/locale';
import type { AdTable, Database } from '../../../server/db/schema';
import { createAccount } from '../../../server/modules/auth/accounts.repository';
import { hashSecret } from '../../../server/modules/auth/hash-secret';
import { TestBrowser } from './browser';
import { HOUR_MS } from '../../../domain/timing';

export interface Person {
  id: string;
  email: string;
  phone: string;
  browser: TestBrowser;
  /** The session cookie, for a socket or a fetch outside `inject`. */
  cookie: string;
}

let serial = 0;

/**
 * A verified account with a session, made in the database: the bid engine's tests are about bids,
 * and registering fifty bidders through the codes would only slow them down (accounts.test.ts proves
 * registration).
 */
export async function newPerson(app: FastifyInstance, firstName: string, options: { locale?: Locale; ip?: string } = {}): Promise<Person> {
  serial += 1;
  const id = randomUUID();
  const email = `${firstName.toLowerCase()}-${serial}-${id.slice(0, 6)}@example.com`;
  const phone = `9665${String(10_000_000 + serial).padStart(8, '0')}`;
  const now = app.now();
  await createAccount(
    app.db,
    { id, firstName, lastName: 'Tester', email, phone, country: 'SA', cityId: null, passwordHash: '', about: '', createdAt: now, verifiedAt: now, emailVerifiedAt: now },
    now,
  );
  const token = randomBytes(32).toString('base64url');
  await app.db.insertInto('sessions').values({ id: hashSecret(token), user_id: id, created_at: now, expires_at: now + SESSION_TTL_MS }).execute();
  const browser = new TestBrowser(app, { locale: options.locale, ip: options.ip });
  browser.cookies.set(SESSION_COOKIE, token);
  return { id, email, phone, browser, cookie: `${SESSION_COOKIE}=${token}` };
}

export interface AuctionAd {
  id: string;
  slug: string;
}

/**
 * A published auction as the ad form would have saved it (amounts in halalas), armed with the deadline
 * scheduler the way publishing arms it. By default a public auction from now for an hour, opening at
 * 100 SAR with a 200 SAR reserve.
 */
export async function newAuction(app: FastifyInstance, owner: Person, overrides: Partial<Insertable<AdTable>> = {}): Promise<AuctionAd> {
  const id = randomUUID();
  const now = app.now();
  const slug = overrides.slug ?? `auction-${id.slice(0, 8)}`;
  const subcategory = await app.db.selectFrom('categories').select(['id', 'parent_id']).where('parent_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
  await app.db
    .insertInto('ads')
    .values({
      id,
      slug,
      owner_id: owner.id,
      type: 'PUBLIC_AUCTION',
      status: 'PUBLISHED',
      title: 'Oud incense burner, hand-carved',
      description: 'Carved walnut, brass lining.',
      category_id: subcategory.parent_id,
      subcategory_id: subcategory.id,
      condition: 'USED',
      currency: 'SAR',
      opening_amount: 10_000,
      on_back_price: 20_000,
      allow_decimal_bids: 0,
      negotiable: 0,
      returnable: 0,
      country_code: 'SA',
      starts_at: now,
      ends_at: now + HOUR_MS,
      auction_duration_ms: HOUR_MS,
      offers_visible_to_subscribers: 0,
      created_at: now,
      updated_at: now,
      published_at: now,
      // Due at once, as publishing leaves it: the scheduler announces the auction and keeps its next deadline.
      next_deadline_at: now,
      ...overrides,
    })
    .execute();
  await app.db.insertInto('ad_countries').values({ ad_id: id, country_code: 'SA' }).execute();
  await app.auctionDeadlines.rearm(id);
  return { id, slug };
}

/** A bid as the page sends it: a fresh key unless a retry reuses one. */
export function bid(person: Person, ad: AuctionAd, amount: number, idempotencyKey: string = randomUUID()) {
  return person.browser.post(`/api/ads/${ad.slug}/bids`, { amount, idempotencyKey });
}

/**
 * What `newPerson` and `newAuction` need of an app, over the database of a server running in another
 * process: they write its rows directly, and that server's own scheduler arms the auction (at its
 * start-up, or on its next read of the deadlines due), so arming here does nothing. The people made
 * this way reach that server by its address with their `cookie`; their `browser` has no app to inject into.
 */
export function fixturesOver(db: Kysely<Database>): FastifyInstance {
  const armedByTheServer = { rearm: async () => {}, resync: async () => {} };
  return { db, now: Date.now, auctionDeadlines: armedByTheServer } as unknown as FastifyInstance;
}
