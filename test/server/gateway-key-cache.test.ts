import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey } from '@server/auth/tokens';
import { GatewayKeyCache, type KeyCacheOptions, type KeyEntry } from '@server/gateway/key-cache';
import { createKeyLoader } from '@server/gateway/key-loader';
import { insertApiKey } from '@server/repos/api-keys';
import { keyHolder, type KeyHolder } from './gateway-harness';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * The gateway's key cache on the real database and loader, with a counter around the loader (each
 * load is one database lookup). What a review attacked: each random well-formed key cost a query,
 * and at 100,000 entries the cache emptied itself, real users' keys included.
 */
let server: TestApp;
let holders: KeyHolder[];

beforeAll(async () => {
  server = await startTestApp();
  holders = [
    await keyHolder(server.app, 'one'),
    await keyHolder(server.app, 'two'),
    await keyHolder(server.app, 'three'),
    await keyHolder(server.app, 'four'),
  ];
});
afterAll(() => server.close());

function holder(index: number): KeyHolder {
  const found = holders[index];
  if (found === undefined) throw new Error(`no holder ${index}`);
  return found;
}

/** A cache as the main process builds it, and the keys it looked up in the database, in order. */
function countedCache(options: KeyCacheOptions = {}): { cache: GatewayKeyCache; lookups: string[] } {
  const lookups: string[] = [];
  const load = createKeyLoader(server.app.db, server.app.metering.ledger, server.clock);
  const cache = new GatewayKeyCache<KeyEntry>(
    (apiKey) => {
      lookups.push(apiKey);
      return load(apiKey);
    },
    () => server.clock.now().getTime(),
    options,
  );
  return { cache, lookups };
}

describe('the key cache under random keys', () => {
  it('looks each of 5,000 random well-formed keys up once, answers repeats from memory, and keeps at most its cap', async () => {
    const { cache, lookups } = countedCache({ maxUnknown: 10_000 });
    const randomKeys = Array.from({ length: 5000 }, () => generateApiKey());
    // A hundred at a time, as concurrent calls would come.
    for (let start = 0; start < randomKeys.length; start += 100) {
      const answers = await Promise.all(randomKeys.slice(start, start + 100).map((apiKey) => cache.get(apiKey)));
      expect(answers.every((answer) => answer === null)).toBe(true);
    }
    expect(lookups).toHaveLength(5000);
    // The same keys again, within the unknown keys' time to live: no query.
    for (const apiKey of randomKeys) expect(cache.peek(apiKey)).toBeNull();
    for (const apiKey of randomKeys.slice(0, 100)) expect(await cache.get(apiKey)).toBeNull();
    expect(lookups).toHaveLength(5000);
    expect(cache.size).toEqual({ known: 0, unknown: 5000 });

    // Past the unknown keys' time to live (5 s) they are looked up again.
    server.clock.advance(5001);
    expect(await cache.get(randomKeys[0] ?? '')).toBeNull();
    expect(lookups).toHaveLength(5001);
  }, 120_000);

  it('holds no more unknown keys than its cap, and random keys never push a real key out', async () => {
    const { cache, lookups } = countedCache({ maxEntries: 100, maxUnknown: 500 });
    const real = holder(0).apiKey;
    expect((await cache.get(real))?.userId).toBe(holder(0).userId);
    for (let index = 0; index < 1500; index += 1) {
      expect(await cache.get(generateApiKey())).toBeNull();
      expect(cache.size.unknown).toBeLessThanOrEqual(500);
    }
    expect(cache.size).toEqual({ known: 1, unknown: 500 });
    // The real key is still in memory: one lookup in all, the first.
    expect(cache.peek(real)?.userId).toBe(holder(0).userId);
    expect(lookups.filter((apiKey) => apiKey === real)).toHaveLength(1);
  }, 120_000);

  it('at its cap evicts the least recently used key and keeps the most recently used', async () => {
    const { cache, lookups } = countedCache({ maxEntries: 3 });
    const [a, b, c, d] = [0, 1, 2, 3].map((index) => holder(index).apiKey);
    if (a === undefined || b === undefined || c === undefined || d === undefined) throw new Error('four keys expected');
    for (const apiKey of [a, b, c]) await cache.get(apiKey);
    // a is used again: b is now the least recently used.
    expect(cache.peek(a)?.apiKey).toBe(a);
    await cache.get(d);
    expect(cache.size.known).toBe(3);
    expect(cache.peek(b)).toBeUndefined();
    for (const apiKey of [a, c, d]) expect(cache.peek(apiKey)?.apiKey).toBe(apiKey);
    expect(lookups).toEqual([a, b, c, d]);
    // b comes back at the cost of one lookup, and pushes out the least recently used (a, peeked first above).
    expect((await cache.get(b))?.apiKey).toBe(b);
    expect(cache.peek(a)).toBeUndefined();
    expect(lookups).toEqual([a, b, c, d, b]);
  });

  it('serves a key created right after a miss for it at once: creation drops the remembered miss', async () => {
    const { cache, lookups } = countedCache();
    const apiKey = generateApiKey();
    expect(await cache.get(apiKey)).toBeNull();
    expect(cache.peek(apiKey)).toBeNull();
    await insertApiKey(server.app.db, { userId: holder(0).userId, name: 'created after a miss', key: apiKey, now: server.clock.now() });
    // What the key-creating operation does once the key is stored (test/server/api-keys-cache.test.ts checks it does).
    cache.invalidateKey(apiKey);
    expect(cache.peek(apiKey)).toBeUndefined();
    expect((await cache.get(apiKey))?.userId).toBe(holder(0).userId);
    expect(lookups).toEqual([apiKey, apiKey]);
  });

  it('drops a miss still being looked up when the key is created meanwhile', async () => {
    const { cache } = countedCache();
    const apiKey = generateApiKey();
    const pending = cache.get(apiKey);
    await insertApiKey(server.app.db, { userId: holder(1).userId, name: 'created during a lookup', key: apiKey, now: server.clock.now() });
    cache.invalidateKey(apiKey);
    // The lookup may have read before the insert: its answer is not kept.
    await pending;
    expect((await cache.get(apiKey))?.userId).toBe(holder(1).userId);
  });
});
