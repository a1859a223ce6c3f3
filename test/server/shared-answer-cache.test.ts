import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NETWORK_FACTS } from '@/domain/networks';
import { ConfigError, loadConfig } from '@server/config';
import { fleetOf } from '@server/gateway/create-gateway';
import { toQuantity, planCall } from '@server/gateway/fleet/call-plan';
import type { Fleet } from '@server/gateway/fleet/fleet';
import type { NetworkFleet, Served } from '@server/gateway/fleet/network-fleet';
import type { NetworkSpec } from '@server/gateway/fleet/network-settings';
import { redisSharedAnswers, type SharedAnswers, sharedBytesKey, sharedIndexKey, sharedKey } from '@server/gateway/fleet/shared-answers';
import { parsePayload } from '@server/gateway/json-rpc';
import { ProcessMetrics } from '@server/metrics/process-metrics';
import { createRedisConnection, noRedisObserver } from '@server/shared/redis';
import { startTestAnvil, type AnvilNode } from '../support/anvil';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { startThrowawayRedis, type ThrowawayRedis } from '../support/throwaway-redis';

/**
 * Two replicas' fleets (A and B) on one anvil and one throw-away Redis, each reaching the node
 * through a proxy that lists the calls it forwarded: what B answers without asking its node came
 * from what A shared. Blocks are final 3 below the head here (finalityDepth), so a few anvil_mine
 * make them so.
 */
const finalityDepth = 3;
const quietLog = { error: () => undefined, warn: () => undefined };

let node: AnvilNode;
let redis: ThrowawayRedis;
let inspector: Redis;
const proxies: FaultProxy[] = [];
const fleets: Fleet[] = [];

function spec(url: string): NetworkSpec {
  const facts = NETWORK_FACTS.mainnet;
  return {
    name: 'mainnet',
    label: 'Mainnet',
    chainId: facts.chainId,
    nodes: [{ url, ws: null, archive: false, weight: 1 }],
    maxLagBlocks: 5,
    finalityDepth,
    hedge: false,
  };
}

async function replica(proxy: FaultProxy): Promise<NetworkFleet> {
  const config = {
    networks: [spec(proxy.url)],
    upstreamTimeoutMs: 5000,
    headPollMs: 60_000,
    cacheBytes: 1024 * 1024,
    cacheShared: true,
    cacheSharedBytes: 1024 * 1024,
    redisUrl: redis.url,
  };
  const fleet = fleetOf(config, Date.now, undefined, { log: quietLog, observer: noRedisObserver });
  fleets.push(fleet);
  const network = fleet.network('mainnet');
  if (network === null) throw new Error('mainnet has a node');
  const { shared } = fleet;
  if (shared === null) throw new Error('CACHE_SHARED is on');
  // Once its connection is up, a lookup reaches Redis (a miss, not 'unavailable').
  await until(async () => (await shared.get('mainnet', 'probe')) === null && shared.counts().misses > 0);
  await network.poll(true);
  if (network.head === null) throw new Error('the node answers');
  return network;
}

async function until(done: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('never came true');
}

async function nodeCall(method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(node.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await response.json()) as { result?: unknown }).result;
}

/** One call served by a replica: its result, and whether it came from what the gateway keeps (x-cache: HIT). */
async function serve(network: NetworkFleet, method: string, params: unknown[] = []): Promise<{ result: unknown; cached: boolean }> {
  const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 3, method, params }));
  const parsed = parsePayload(body);
  if (!parsed.ok) throw new Error('a valid call');
  const served: Served = await network.serve(parsed.payload, body);
  if (!Buffer.isBuffer(served.answer.body)) throw new Error('a whole answer');
  return { result: (JSON.parse(served.answer.body.toString('utf8')) as { result?: unknown }).result, cached: served.cached };
}

const sharedOf = (network: NetworkFleet): SharedAnswers => {
  const shared = fleets.find((fleet) => fleet.network('mainnet') === network)?.shared;
  if (shared === null || shared === undefined) throw new Error('the fleet shares answers');
  return shared;
};
const lookups = (network: NetworkFleet) => {
  const { hits, misses, unavailable } = sharedOf(network).counts();
  return hits + misses + unavailable;
};
const keyOf = (network: NetworkFleet, method: string, params: unknown[]) => {
  const key = planCall(method, params, network.head).cacheKey;
  if (key === null) throw new Error(`${method} is kept`);
  return sharedKey('mainnet', key);
};
const forwarded = (proxy: FaultProxy, method: string) => proxy.methods.filter((name) => name === method).length;

let a: NetworkFleet;
let b: NetworkFleet;
let proxyA: FaultProxy;
let proxyB: FaultProxy;

beforeAll(async () => {
  [node, redis] = await Promise.all([startTestAnvil(), startThrowawayRedis()]);
  inspector = new Redis(redis.url);
  proxyA = await startFaultProxy(node.url);
  proxyB = await startFaultProxy(node.url);
  proxies.push(proxyA, proxyB);
  await nodeCall('anvil_mine', ['0x14']);
  a = await replica(proxyA);
  b = await replica(proxyB);
});

afterAll(async () => {
  redis?.resume();
  await Promise.all(fleets.map((fleet) => fleet.close()));
  inspector?.disconnect();
  await Promise.all(proxies.map((proxy) => proxy.close()));
  await Promise.all([node?.stop(), redis?.stop()]);
});

describe('answers shared by replicas through Redis (CACHE_SHARED)', () => {
  it('a final block one replica fetched is a hit on the other, whose node is not asked', async () => {
    const params = ['0x2', false];
    const first = await serve(a, 'eth_getBlockByNumber', params);
    expect(first.cached).toBe(false);
    await sharedOf(a).settled();
    expect(await inspector.exists(keyOf(a, 'eth_getBlockByNumber', params))).toBe(1);
    proxyB.clearMethods();
    const second = await serve(b, 'eth_getBlockByNumber', params);
    expect(second).toEqual({ result: first.result, cached: true });
    expect(forwarded(proxyB, 'eth_getBlockByNumber')).toBe(0);
    expect(sharedOf(b).counts().hits).toBe(1);
    // Now in B's own cache: the shared level is not asked again.
    const before = lookups(b);
    expect((await serve(b, 'eth_getBlockByNumber', params)).cached).toBe(true);
    expect(lookups(b)).toBe(before);
  });

  it('answers about recent blocks or latest stay in each process: never written, never read from Redis', async () => {
    const head = a.head ?? 0;
    const recent = [toQuantity(head), false];
    const balance = ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'latest'];
    for (const [method, params] of [
      ['eth_getBlockByNumber', recent],
      ['eth_getBalance', balance],
    ] as const) {
      expect((await serve(a, method, [...params])).cached).toBe(false);
      expect((await serve(a, method, [...params])).cached).toBe(true);
      await sharedOf(a).settled();
      expect(await inspector.exists(keyOf(a, method, [...params]))).toBe(0);
      const before = lookups(b);
      proxyB.clearMethods();
      expect((await serve(b, method, [...params])).cached).toBe(false);
      expect(forwarded(proxyB, method)).toBe(1);
      expect(lookups(b)).toBe(before);
    }
  });

  it("counts each level's lookups: this process's (hit, miss as before) and the shared one's", async () => {
    const fleet = fleets[1];
    if (fleet === undefined) throw new Error('two replicas');
    const metrics = new ProcessMetrics('main', ['mainnet']);
    metrics.watchFleet(fleet);
    const text = await metrics.registry.metrics();
    const { hits, misses } = fleet.cache.counts();
    expect(text).toContain(`rpc_cache_lookups_total{result="hit"} ${hits}`);
    expect(text).toContain(`rpc_cache_lookups_total{result="miss"} ${misses}`);
    expect(text).toContain(`rpc_cache_shared_lookups_total{result="hit"} ${sharedOf(b).counts().hits}`);
    expect(text).toContain(`rpc_cache_shared_lookups_total{result="unavailable"} ${sharedOf(b).counts().unavailable}`);
    expect(text).toMatch(/rpc_cache_shared_writes_total\{result="written"\} \d+/);
  });

  it("shares the chain's id", async () => {
    const first = await serve(a, 'eth_chainId');
    expect(first.cached).toBe(false);
    await sharedOf(a).settled();
    proxyB.clearMethods();
    expect(await serve(b, 'eth_chainId')).toEqual({ result: first.result, cached: true });
    expect(forwarded(proxyB, 'eth_chainId')).toBe(0);
  });

  it('shares a receipt only once the block it names is final', async () => {
    const [from] = (await nodeCall('eth_accounts')) as string[];
    const hash = await nodeCall('eth_sendTransaction', [{ from, to: from, value: '0x1' }]);
    await until(async () => (await nodeCall('eth_getTransactionReceipt', [hash])) !== null);
    await a.poll(true);
    const params = [hash];
    const receipt = await serve(a, 'eth_getTransactionReceipt', params);
    expect(receipt.result).toMatchObject({ transactionHash: hash });
    await sharedOf(a).settled();
    expect(await inspector.exists(keyOf(a, 'eth_getTransactionReceipt', params))).toBe(0);
    await nodeCall('anvil_mine', [toQuantity(finalityDepth)]);
    await b.poll(true);
    expect((await serve(b, 'eth_getTransactionReceipt', params)).cached).toBe(false);
    await sharedOf(b).settled();
    expect(await inspector.exists(keyOf(b, 'eth_getTransactionReceipt', params))).toBe(1);
  });

  it('keeps the shared bytes under CACHE_SHARED_BYTES, dropping the oldest', async () => {
    // Its own Redis database: the fleets' entries are not counted.
    const connection = createRedisConnection({ url: `${redis.url}/1`, log: quietLog, purpose: 'bound test' });
    const maxBytes = 4000;
    const shared = redisSharedAnswers({ redis: connection, maxBytes, entryBytes: 1024 * 1024, observer: noRedisObserver });
    const db1 = new Redis(`${redis.url}/1`);
    try {
      await until(async () => connection.status === 'ready');
      for (let index = 0; index < 200; index += 1) shared.keep('mainnet', `call-${index}`, JSON.stringify('x'.repeat(index % 50)));
      await shared.settled();
      expect(shared.counts()).toMatchObject({ written: 200, failedWrites: 0 });
      const counted = Number(await db1.get(sharedBytesKey));
      const members = await db1.zrange(sharedIndexKey, '0', '-1');
      let held = 0;
      for (const member of members) held += Buffer.byteLength(member) + (await db1.strlen(member));
      expect(counted).toBe(held);
      expect(counted).toBeLessThanOrEqual(maxBytes);
      expect(members.length).toBeGreaterThan(10);
      expect(members.length).toBeLessThan(200);
      const entries = await db1.keys('rpc-cache:{answers}:mainnet:*');
      expect(entries.sort()).toEqual([...members].sort());
      // The newest stay, the oldest went.
      expect(await shared.get('mainnet', 'call-199')).toBe(JSON.stringify('x'.repeat(49)));
      expect(await shared.get('mainnet', 'call-0')).toBeNull();
    } finally {
      db1.disconnect();
      await shared.close();
    }
  });

  it('with Redis stalled, calls are still answered by the nodes, and only the first waits on it', async () => {
    await nodeCall('anvil_mine', ['0x2']);
    await b.poll(true);
    redis.pause();
    try {
      const before = sharedOf(b).counts();
      for (const block of ['0x5', '0x6', '0x7']) {
        const answer = await serve(b, 'eth_getBlockByNumber', [block, false]);
        expect(answer.cached).toBe(false);
        expect(answer.result).toMatchObject({ number: block });
      }
      // The first lookup waits for the command time-out (200 ms) and fails; the level then rests for
      // a second, so the next ones do not ask Redis at all.
      const after = sharedOf(b).counts();
      expect(after.unavailable - before.unavailable).toBe(3);
      expect(after.failedLookups - before.failedLookups).toBe(1);
    } finally {
      redis.resume();
    }
  });
});

describe('CACHE_SHARED', () => {
  it('is off by default, and needs REDIS_URL', () => {
    expect(loadConfig({})).toMatchObject({ cacheShared: false, cacheSharedBytes: 256 * 1024 * 1024 });
    expect(loadConfig({ CACHE_SHARED: 'true', REDIS_URL: 'redis://127.0.0.1:1' })).toMatchObject({ cacheShared: true });
    expect(() => loadConfig({ CACHE_SHARED: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ CACHE_SHARED: 'true' })).toThrow(/CACHE_SHARED=true needs REDIS_URL/);
    expect(() => loadConfig({ CACHE_SHARED: 'yes', REDIS_URL: 'redis://127.0.0.1:1' })).toThrow(/CACHE_SHARED="yes"/);
    expect(() => loadConfig({ CACHE_SHARED_BYTES: '-1' })).toThrow(/CACHE_SHARED_BYTES="-1"/);
  });
});
