/** Whether the device says it has a network connection. It may be wrong when it says yes, never when it says no. */
export function isOnline(): boolean {
  // A server rendering a page has no navigator to ask, and answers its own requests.
  return typeof navigator === 'undefined' || navigator.onLine;
}

/** Calls `onChange` whenever the connection goes or comes back. Returns the unsubscribe. */
export function onConnectionChange(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}
