import { expect, test } from 'vitest';
import { LruMap } from '../../server/lru-map';

test('past its size the map drops the entry used least recently, not the one put first', () => {
  const map = new LruMap<string, number>(2);
  map.set('every request', 1);
  map.set('a storm’s one-off', 2);
  expect(map.get('every request')).toBe(1);
  map.set('another one-off', 3);
  expect(map.get('a storm’s one-off')).toBeUndefined();
  expect(map.get('every request')).toBe(1);
  map.set('another one-off', 4);
  expect(map.get('another one-off')).toBe(4);
});
