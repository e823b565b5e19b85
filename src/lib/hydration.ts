import { useSyncExternalStore } from 'react';
import { deviceTimeZone, runtimeConfig } from './runtime-config';

const neverChanges = () => () => {};

/**
 * False while the server renders a page and while the browser adopts that render, true from then on:
 * what this device alone knows (its clock) waits for true, so both renders agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}

/**
 * The time zone to show times in: this device's, except while the server renders a page and the browser
 * adopts it, when both use the zone the server was told (the device's cookie, else the region's).
 */
export function useTimeZone(): string {
  return useSyncExternalStore(neverChanges, deviceTimeZone, () => runtimeConfig().timeZone);
}
