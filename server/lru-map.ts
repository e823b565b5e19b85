/**
 * A map of at most `most` entries that drops the least recently used past it: the caches of hot paths
 * (kept statements, compiled queries, ads busy with bids), where what a storm touches once must not
 * push out what every request uses.
 */
export class LruMap<Key, Value> {
  private readonly entries = new Map<Key, Value>();

  constructor(private readonly most: number) {}

  /** The value under `key`, now the most recently used. */
  get(key: Key): Value | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: Key, value: Value): void {
    this.entries.delete(key);
    if (this.entries.size >= this.most) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, value);
  }
}
