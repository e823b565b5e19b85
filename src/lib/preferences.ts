import { PREFERENCE_COOKIE_MAX_AGE_S } from '../../domain/locale';

/** Preferences live in cookies so the server renders the first byte with them (lang, dir, country). */
export function writePreferenceCookie(name: string, value: string | null): void {
  const maxAge = value === null ? 0 : PREFERENCE_COOKIE_MAX_AGE_S;
  document.cookie = `${name}=${encodeURIComponent(value ?? '')}; Path=/; Max-Age=${maxAge}; SameSite=Lax`;
}
