import type { Kysely } from 'kysely';
import type { SessionUser } from '../../../domain/auth-schemas';
import { ERROR_CODES, type ErrorCode } from '../../../domain/errors';
import { slugify } from '../../../domain/slug';
import { fullNameOf } from '../../../domain/user';
import { uniqueViolationColumn } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { activateFreePackage } from '../subscriptions/free-package';

export interface NewAccount {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  country: string;
  cityId: number | null;
  passwordHash: string;
  about: string;
  createdAt: number;
  verifiedAt: number | null;
  emailVerifiedAt: number | null;
}

/**
 * Makes an account with its public slug and the free package every account comes with (SPEC.md
 * section 6). Run it inside the transaction that decides the account may exist.
 */
export async function createAccount(db: Kysely<Database>, account: NewAccount, now: number): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: account.id,
      slug: slugify(fullNameOf(account.firstName, account.lastName), account.id.slice(0, 6)),
      first_name: account.firstName,
      last_name: account.lastName,
      email: account.email,
      phone: account.phone,
      country_code: account.country,
      city_id: account.cityId,
      password_hash: account.passwordHash,
      about: account.about,
      created_at: account.createdAt,
      verified_at: account.verifiedAt,
      email_verified_at: account.emailVerifiedAt,
    })
    .execute();
  await activateFreePackage(db, account.id, now);
}

export async function findSessionUser(db: Kysely<Database>, userId: string): Promise<SessionUser> {
  const user = await db.selectFrom('users').select(['id', 'slug', 'first_name', 'last_name', 'email']).where('id', '=', userId).executeTakeFirstOrThrow();
  return { id: user.id, slug: user.slug, fullName: fullNameOf(user.first_name, user.last_name), email: user.email };
}

async function holdersOf(db: Kysely<Database>, contact: { email?: string; phone?: string }, ownerId?: string) {
  const holders = await db
    .selectFrom('users')
    .select(['id', 'email', 'phone', 'verified_at'])
    .where((eb) => eb.or([...(contact.email ? [eb('email', '=', contact.email)] : []), ...(contact.phone ? [eb('phone', '=', contact.phone)] : [])]))
    .execute();
  return holders.filter((holder) => holder.id !== ownerId);
}

/**
 * Refuses an email or phone that a verified account other than `ownerId` holds, with
 * EMAIL_TAKEN / PHONE_TAKEN on the field. An account never verified does not hold its address.
 */
export async function assertContactFree(db: Kysely<Database>, contact: { email?: string; phone?: string }, ownerId?: string): Promise<void> {
  const fields: Record<string, ErrorCode> = {};
  for (const holder of (await holdersOf(db, contact, ownerId)).filter((other) => other.verified_at !== null)) {
    if (contact.phone && holder.phone === contact.phone) fields.phone = ERROR_CODES.PHONE_TAKEN;
    if (contact.email && holder.email === contact.email) fields.email = ERROR_CODES.EMAIL_TAKEN;
  }
  if (fields.phone) throw new AppError(ERROR_CODES.PHONE_TAKEN, fields);
  if (fields.email) throw new AppError(ERROR_CODES.EMAIL_TAKEN, fields);
}

/**
 * Gives an email and/or phone to `ownerId` (or to an account about to be made): refused when a
 * verified account holds it; an account never verified that holds it is removed, so a typo or an
 * abandoned sign-up cannot hold someone's number hostage. Only for a step that has earned the
 * address (a sign-up, an entered code), never for a mere request.
 */
export async function claimContact(db: Kysely<Database>, contact: { email?: string; phone?: string }, ownerId?: string): Promise<void> {
  await assertContactFree(db, contact, ownerId);
  const abandoned = (await holdersOf(db, contact, ownerId)).map((other) => other.id);
  if (abandoned.length > 0) await db.deleteFrom('users').where('id', 'in', abandoned).execute();
}

/** A city must belong to the chosen country; the form's city list follows the country too. */
export async function assertCityInCountry(db: Kysely<Database>, country: string, cityId: number): Promise<void> {
  const city = await db.selectFrom('cities').select('id').where('id', '=', cityId).where('country_code', '=', country).executeTakeFirst();
  if (!city) throw new AppError(ERROR_CODES.CITY_NOT_IN_COUNTRY, { cityId: ERROR_CODES.CITY_NOT_IN_COUNTRY });
}

/** A unique email or phone lost to a parallel request, said the way assertContactFree says it. */
export function contactTakenError(error: unknown): AppError | undefined {
  const column = uniqueViolationColumn(error);
  if (column === 'phone') return new AppError(ERROR_CODES.PHONE_TAKEN, { phone: ERROR_CODES.PHONE_TAKEN });
  if (column === 'email') return new AppError(ERROR_CODES.EMAIL_TAKEN, { email: ERROR_CODES.EMAIL_TAKEN });
  return undefined;
}

/**
 * After losing a race: a parallel sign-up with the same email or phone removed the account this
 * request had just made. Says which address the other one now holds, as a refusal on its field.
 */
export async function contactHeldElsewhereError(db: Kysely<Database>, contact: { email: string; phone: string }): Promise<AppError> {
  const holders = await holdersOf(db, contact);
  if (holders.some((holder) => holder.phone === contact.phone)) return new AppError(ERROR_CODES.PHONE_TAKEN, { phone: ERROR_CODES.PHONE_TAKEN });
  return new AppError(ERROR_CODES.EMAIL_TAKEN, { email: ERROR_CODES.EMAIL_TAKEN });
}
