import { describe, expect, it } from 'vitest';
import { LruMap } from './lru-map';

describe('LruMap', () => {
  it('never holds more than its bound and forgets the least recently used entry first', () => {
    const map = new LruMap<number>(3);
    map.set('a', 1);
    map.set('b', 2);
    map.set('c', 3);
    expect(map.get('a')).toBe(1); // a is now the most recently used
    map.set('d', 4);
    expect(map.size).toBe(3);
    expect(map.get('b')).toBeUndefined();
    expect([map.get('a'), map.get('c'), map.get('d')]).toEqual([1, 3, 4]);
  });

  it('replaces a value in place without evicting anything else', () => {
    const map = new LruMap<string>(2);
    map.set('a', 'old');
    map.set('b', 'b');
    map.set('a', 'new');
    expect(map.size).toBe(2);
    expect([map.get('a'), map.get('b')]).toEqual(['new', 'b']);
  });
});
