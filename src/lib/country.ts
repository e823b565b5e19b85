import { useSyncExternalStore } from 'react';
import { COUNTRY_COOKIE } from '../../domain/locale';
import { writePreferenceCookie } from './preferences';
import { runtimeConfig } from './runtime-config';

/** The visitor's chosen country (null: all countries). The cookie carries it to the server. */
let chosenCountry: string | null = runtimeConfig.country;
const listeners = new Set<() => void>();

export function setChosenCountry(code: string | null) {
  chosenCountry = code;
  writePreferenceCookie(COUNTRY_COOKIE, code);
  listeners.forEach((listener) => listener());
}

export function useChosenCountry(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => chosenCountry,
  );
}
