import { useSyncExternalStore } from 'react';
import { COUNTRY_COOKIE } from '../../domain/locale';
import { writePreferenceCookie } from './preferences';
import { runtimeConfig } from './runtime-config';

/** The visitor's chosen country (null: all countries), once chosen on this page; the cookie carries it to the server. */
let chosenCountry: { code: string | null } | undefined;
const currentCountry = () => (chosenCountry ? chosenCountry.code : runtimeConfig().country);
const listeners = new Set<() => void>();

export function setChosenCountry(code: string | null) {
  chosenCountry = { code };
  writePreferenceCookie(COUNTRY_COOKIE, code);
  listeners.forEach((listener) => listener());
}

export function useChosenCountry(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    currentCountry,
    // The page's own cookie value: what the server rendered it with.
    () => runtimeConfig().country,
  );
}
