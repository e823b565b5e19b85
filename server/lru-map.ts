/**
 * A map of at most `most` entries that drops the least recently used first: the bid engine's caches
 * of ads busy with bids, where what a storm touches once must not push out what every request uses. Recency is kept by generations rather than strictly: entries live
 * in a newer and an older half; a hit in the older moves the entry to the newer, and when the newer
 * is full it becomes the older and the older is dropped whole. So whatever is used at least once
 * while half of `most` other entries come in stays, and a hit in the newer half (every call of a hot
 * path) is a single lookup, where a strict order cost a delete and a set on every hit.
 */
export class LruMap<Key, Value> {
  private newer = new Map<Key, Value>();
  private older = new Map<Key, Value>();
  private readonly half: number;

  constructor(most: number) {
    this.half = Math.max(1, Math.floor(most / 2));
  }

  /** The value under `key`, now among the most recently used. */
  get(key: Key): Value | undefined {
    const value = this.newer.get(key);
    if (value !== undefined) return value;
    const older = this.older.get(key);
    if (older !== undefined) this.set(key, older);
    return older;
  }

  delete(key: Key): void {
    this.newer.delete(key);
    this.older.delete(key);
  }

  set(key: Key, value: Value): void {
    this.older.delete(key);
    this.newer.set(key, value);
    if (this.newer.size < this.half) return;
    this.older = this.newer;
    this.newer = new Map();
  }
}
