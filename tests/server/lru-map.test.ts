import { expect, test } from 'vitest';
import { LruMap } from '../../server/lru-map';

test('past its size the map drops the entries used least recently, not the ones put first', () => {
  const map = new LruMap<string, number>(4);
  map.set('every request', 1);
  map.set('a storm’s one-off', 2);
  expect(map.get('every request')).toBe(1);
  map.set('another one-off', 3);
  map.set('a third one-off', 4);
  expect(map.get('a storm’s one-off')).toBeUndefined();
  expect(map.get('every request')).toBe(1);
  map.set('a fourth one-off', 5);
  expect(map.get('every request')).toBe(1);
  map.set('a fifth one-off', 6);
  expect(map.get('another one-off')).toBeUndefined();
  expect(map.get('every request')).toBe(1);
  map.set('a fifth one-off', 7);
  expect(map.get('a fifth one-off')).toBe(7);
});

test('the map never holds more than its size', () => {
  const map = new LruMap<number, number>(10);
  for (let key = 0; key < 100; key++) map.set(key, key);
  const held = Array.from({ length: 100 }, (_, key) => map.get(key)).filter((value) => value !== undefined);
  expect(held.length).toBeLessThanOrEqual(10);
  expect(held).toContain(99);
});

test('an entry deleted is gone from either half', () => {
  const map = new LruMap<string, number>(4);
  map.set('older', 1);
  map.set('pushed into the older half', 2);
  map.set('newer', 3);
  map.delete('older');
  map.delete('newer');
  expect(map.get('older')).toBeUndefined();
  expect(map.get('newer')).toBeUndefined();
  expect(map.get('pushed into the older half')).toBe(2);
});
