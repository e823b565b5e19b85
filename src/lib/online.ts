import { useSyncExternalStore } from 'react';

/** Whether the device says it has a network connection. It may be wrong when it says yes, never when it says no. */
export function isOnline(): boolean {
  return navigator.onLine;
}

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** `isOnline`, rendered again whenever the connection goes or comes back. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline);
}
