import type { Kysely } from 'kysely';
import type { SessionUser } from '../../../domain/auth';
import { ERROR_CODES, type ErrorCode } from '../../../domain/errors';
import { fullNameOf } from '../../../domain/user';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';

export async function findSessionUser(db: Kysely<Database>, userId: string): Promise<SessionUser> {
  const user = await db.selectFrom('users').select(['id', 'slug', 'first_name', 'last_name', 'email']).where('id', '=', userId).executeTakeFirstOrThrow();
  return { id: user.id, slug: user.slug, fullName: fullNameOf(user.first_name, user.last_name), email: user.email };
}

/**
 * Makes sure an email and/or phone can belong to `ownerId` (or to a new account). A verified
 * account keeps its address: the caller is refused with EMAIL_TAKEN / PHONE_TAKEN on the field.
 * An account never verified does not: it is removed, so a typo or an abandoned sign-up cannot hold
 * someone's number hostage.
 */
export async function claimContact(db: Kysely<Database>, contact: { email?: string; phone?: string }, ownerId?: string): Promise<void> {
  const holders = await db
    .selectFrom('users')
    .select(['id', 'email', 'phone', 'verified_at'])
    .where((eb) => eb.or([...(contact.email ? [eb('email', '=', contact.email)] : []), ...(contact.phone ? [eb('phone', '=', contact.phone)] : [])]))
    .execute();
  const others = holders.filter((holder) => holder.id !== ownerId);
  const fields: Record<string, ErrorCode> = {};
  for (const holder of others.filter((other) => other.verified_at !== null)) {
    if (contact.phone && holder.phone === contact.phone) fields.phone = ERROR_CODES.PHONE_TAKEN;
    if (contact.email && holder.email === contact.email) fields.email = ERROR_CODES.EMAIL_TAKEN;
  }
  if (fields.phone) throw new AppError(ERROR_CODES.PHONE_TAKEN, fields);
  if (fields.email) throw new AppError(ERROR_CODES.EMAIL_TAKEN, fields);
  const abandoned = others.map((other) => other.id);
  if (abandoned.length > 0) await db.deleteFrom('users').where('id', 'in', abandoned).execute();
}

/** A city must belong to the chosen country; the form's city list follows the country too. */
export async function assertCityInCountry(db: Kysely<Database>, country: string, cityId: number): Promise<void> {
  const city = await db.selectFrom('cities').select('id').where('id', '=', cityId).where('country_code', '=', country).executeTakeFirst();
  if (!city) throw new AppError(ERROR_CODES.CITY_NOT_IN_COUNTRY, { cityId: ERROR_CODES.CITY_NOT_IN_COUNTRY });
}
