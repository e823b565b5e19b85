import { CHUNK_RELOAD_GUARD_MS } from '../../domain/timing';

const STORAGE_PREFIX = 'chunk-reload:';

/** Whether an error is a page chunk that failed to download (a new deploy removed it, or the network dropped). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(message);
}

/**
 * Decides whether a chunk failure may reload the page: at most once per path per
 * CHUNK_RELOAD_GUARD_MS, so a chunk that is really gone shows the error view instead of a loop.
 */
export function claimChunkReload(path: string, now: number, storage: Pick<Storage, 'getItem' | 'setItem'>): boolean {
  const key = STORAGE_PREFIX + path;
  const last = Number(storage.getItem(key));
  if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(key, String(now));
  return true;
}
