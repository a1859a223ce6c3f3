import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { planCall } from '@server/gateway/fleet/call-plan';
import { sharedKey } from '@server/gateway/fleet/shared-answers';
import { setUpTestAnvil } from '../support/anvil';
import { startThrowawayRedis, type ThrowawayRedis } from '../support/throwaway-redis';
import { setUpStartedAccount } from './helpers/started-account';
import { rpcOver } from './helpers/started-server';

/**
 * CACHE_SHARED with WORKERS=2 as `npm start` runs it: the HTTP workers, which each keep their own
 * answers, write to and read from the level every replica shares in Redis. An entry put there by
 * the test (web3_sha3's, which nothing else asks) shows where an answer came from.
 */
let redis: ThrowawayRedis;
let inspector: Redis;

// Registered before the server: started first, stopped after it.
beforeAll(async () => {
  redis = await startThrowawayRedis();
  inspector = new Redis(redis.url);
});
afterAll(async () => {
  inspector?.disconnect();
  await redis?.stop();
});
const anvil = setUpTestAnvil();
const server = setUpStartedAccount({
  name: 'shared-cache-workers',
  settings: () => ({ WORKERS: '2', ...anvil.upstream(), REDIS_URL: redis.url, CACHE_SHARED: 'true' }),
});

const keyOf = (method: string, params: unknown[]) => {
  const { cacheKey } = planCall(method, params, null);
  if (cacheKey === null) throw new Error(`${method} is never kept`);
  return sharedKey('mainnet', cacheKey);
};

describe('the shared answer cache behind the HTTP workers', () => {
  it('is written with what a worker kept', async () => {
    const answer = await rpcOver(server.url, 'mainnet', server.apiKey, 'net_version');
    expect(answer.status).toBe(200);
    const { result } = (await answer.json()) as { result: string };
    // Written without waiting for Redis: it lands soon after the answer.
    await vi.waitFor(async () => expect(await inspector.get(keyOf('net_version', []))).toBe(JSON.stringify(result)), {
      timeout: 10_000,
      interval: 50,
    });
  });

  it('answers a call from what is kept there, marked as a hit, without the node', async () => {
    const params = ['0x68656c6c6f'];
    await inspector.set(keyOf('web3_sha3', params), '"0x6b6570742062792074686520746573742c206e6f7420746865206e6f6465"');
    const answer = await rpcOver(server.url, 'mainnet', server.apiKey, 'web3_sha3', params);
    expect(answer.headers.get('x-cache')).toBe('HIT');
    expect(await answer.json()).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: '0x6b6570742062792074686520746573742c206e6f7420746865206e6f6465',
    });
  });
});
