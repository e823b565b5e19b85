import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS } from '../../domain/timing';
import { claimChunkReload, isChunkLoadError } from '../../src/lib/chunk-reload';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

describe('chunk reload guard', () => {
  it('recognises the browsers’ failed-chunk errors and nothing else', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/faq-page-1.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('allows one reload per path per 10000 ms', () => {
    const storage = memoryStorage();
    const t0 = 1_000_000;
    expect(CHUNK_RELOAD_GUARD_MS).toBe(10_000);
    expect(claimChunkReload('/faq', t0, storage)).toBe(true);
    expect(claimChunkReload('/faq', t0 + CHUNK_RELOAD_GUARD_MS - 1, storage)).toBe(false);
    expect(claimChunkReload('/terms', t0 + 1, storage)).toBe(true);
    expect(claimChunkReload('/faq', t0 + CHUNK_RELOAD_GUARD_MS, storage)).toBe(true);
  });
});
