import { describe, expect, it } from 'vitest';
import { createGraphQLCache, GRAPHQL_CACHE_ENTRIES, GRAPHQL_CACHE_LIFETIME_MS, graphqlCacheKey } from '../../../src/web/api/graphql-cache.ts';

function clockedCache() {
  let time = 1_000_000;
  const cache = createGraphQLCache<string>(undefined, () => time);
  return { cache, advance: (ms: number) => (time += ms) };
}

describe('the GraphQL result cache', () => {
  it('keeps the spec limits: 100 entries, 60000 ms', () => {
    expect(GRAPHQL_CACHE_ENTRIES).toBe(100);
    expect(GRAPHQL_CACHE_LIFETIME_MS).toBe(60_000);
  });

  it('keys a result by query name and variables, whatever their order', () => {
    expect(graphqlCacheKey('Q', { pinId: '1', after: 'x' })).toBe(graphqlCacheKey('Q', { after: 'x', pinId: '1' }));
    expect(graphqlCacheKey('Q', { pinId: '1', after: undefined })).toBe(graphqlCacheKey('Q', { pinId: '1' }));
    expect(graphqlCacheKey('Q', { pinId: '1' })).not.toBe(graphqlCacheKey('Q', { pinId: '2' }));
    expect(graphqlCacheKey('Q', { pinId: '1' })).not.toBe(graphqlCacheKey('R', { pinId: '1' }));
    expect(graphqlCacheKey('Q', { pinId: '1' })).not.toBe(graphqlCacheKey('Q', { pinId: 1 }));
  });

  it('answers a result for 60 seconds after it was stored, then forgets it', () => {
    const { cache, advance } = clockedCache();
    cache.set('a', 'first page');
    advance(59_999);
    expect(cache.get('a')).toBe('first page');
    advance(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('counts the lifetime from the last store, not the last read', () => {
    const { cache, advance } = clockedCache();
    cache.set('a', 'old');
    advance(40_000);
    cache.set('a', 'new');
    advance(40_000);
    expect(cache.get('a')).toBe('new');
  });

  it('holds at most 100 results, letting go of the least recently used', () => {
    const { cache } = clockedCache();
    for (let i = 0; i < 100; i++) cache.set(`k${i}`, `v${i}`);
    expect(cache.size).toBe(100);
    // Reading the oldest makes it recent: the second oldest goes instead.
    expect(cache.get('k0')).toBe('v0');
    cache.set('k100', 'v100');
    expect(cache.size).toBe(100);
    expect(cache.get('k1')).toBeUndefined();
    expect(cache.get('k0')).toBe('v0');
    expect(cache.get('k100')).toBe('v100');
    cache.set('k101', 'v101');
    expect(cache.get('k2')).toBeUndefined();
    expect(cache.size).toBe(100);
  });
});
