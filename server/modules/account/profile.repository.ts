import type { Kysely } from 'kysely';
import type { Profile } from '../../../domain/account';
import { fullNameOf } from '../../../domain/user';
import type { Database } from '../../db/schema';

export async function findProfile(db: Kysely<Database>, userId: string): Promise<Profile> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'slug', 'first_name', 'last_name', 'email', 'phone', 'country_code', 'city_id', 'about', 'created_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    id: user.id,
    slug: user.slug,
    firstName: user.first_name,
    lastName: user.last_name,
    fullName: fullNameOf(user.first_name, user.last_name),
    email: user.email,
    phone: user.phone,
    country: user.country_code,
    cityId: user.city_id,
    about: user.about,
    joinedAt: user.created_at,
  };
}
