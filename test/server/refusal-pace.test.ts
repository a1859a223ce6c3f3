import { describe, expect, it } from 'vitest';
import { compileAccessRules } from '@server/gateway/access-rules';
import type { GatewayObserver } from '@server/gateway/call-records';
import { Gateway } from '@server/gateway/gateway';
import type { GatewayKey } from '@server/gateway/key-cache';
import { RefusalPace, REFUSAL_BURST, REFUSAL_MAX_WAIT_MS, REFUSALS_PER_SECOND } from '@server/gateway/refusal-pace';
import { KeyedTokenBuckets } from '@server/shared/keyed-token-buckets';
import { UsageMeter } from '@server/metering/usage-meter';
import { noNodes } from './helpers/node-routers';

/**
 * Refusals past their pace wait (server/gateway/refusal-pace.ts): a key (or an address, for calls
 * whose key is not known) refusing faster than REFUSALS_PER_SECOND after its burst is answered
 * later, the same answer; nobody else waits for it.
 */
describe('keyed token buckets', () => {
  it('gives the burst, refills by the second, and owes at most its debt', () => {
    const buckets = new KeyedTokenBuckets<string>({ perSecond: 10, burst: 3, debt: 2 });
    expect([0, 0, 0].map(() => buckets.take('a', 0))).toEqual([0, 0, 0]);
    // Past the burst: one token short, then two, then no further.
    expect([buckets.take('a', 0), buckets.take('a', 0), buckets.take('a', 0)]).toEqual([1, 2, 2]);
    // 100 ms refill one token: the debt of 2 becomes 1, and this take owes 2 again.
    expect(buckets.take('a', 100)).toBe(2);
    // A second refills 10, up to the burst.
    expect(buckets.take('a', 1100)).toBe(0);
    expect(buckets.take('a', 1100)).toBe(0);
    expect(buckets.take('a', 1100)).toBe(0);
    expect(buckets.take('a', 1100)).toBe(1);
    // Another key has its own bucket.
    expect(buckets.take('b', 1100)).toBe(0);
  });

  it('without debt, a take with no token takes nothing', () => {
    const buckets = new KeyedTokenBuckets<number>({ perSecond: 10, burst: 1, debt: 0 });
    expect(buckets.take(1, 0)).toBe(0);
    expect(buckets.take(1, 0)).toBe(1);
    expect(buckets.take(1, 50)).toBe(0.5);
    // Nothing was taken: 50 ms more make the token whole.
    expect(buckets.take(1, 100)).toBe(0);
  });

  it('remembers at most its keys; a forgotten key starts full', () => {
    const buckets = new KeyedTokenBuckets<number>({ perSecond: 1, burst: 1, debt: 0 }, 2);
    expect([buckets.take(1, 0), buckets.take(1, 0)]).toEqual([0, 1]);
    buckets.take(2, 0);
    buckets.take(3, 0);
    expect(buckets.take(1, 0)).toBe(0);
  });
});

describe('refusal pace', () => {
  const clock = () => {
    let ms = 0;
    return { now: () => ms, advance: (by: number) => (ms += by) };
  };

  it('answers the burst at once, then waits a step longer per refusal, up to the longest wait', () => {
    const time = clock();
    const pace = new RefusalPace(REFUSALS_PER_SECOND, REFUSAL_BURST, REFUSAL_MAX_WAIT_MS, 10_000, time.now);
    const key = { keyId: 7 };
    for (let index = 0; index < REFUSAL_BURST; index += 1) expect(pace.waitMs(key)).toBe(0);
    const step = 1000 / REFUSALS_PER_SECOND;
    expect([pace.waitMs(key), pace.waitMs(key), pace.waitMs(key)]).toEqual([step, 2 * step, 3 * step]);
    for (let index = 0; index < 2 * REFUSALS_PER_SECOND; index += 1) pace.waitMs(key);
    expect(pace.waitMs(key)).toBe(REFUSAL_MAX_WAIT_MS);
    // A quiet while gives the burst back.
    time.advance(REFUSAL_MAX_WAIT_MS + (1000 * REFUSAL_BURST) / REFUSALS_PER_SECOND);
    expect(pace.waitMs(key)).toBe(0);
  });

  it('paces keys apart, addresses apart, and an IPv6 host by its /64', () => {
    const time = clock();
    const pace = new RefusalPace(10, 1, 1000, 10_000, time.now);
    expect([pace.waitMs({ keyId: 1 }), pace.waitMs({ keyId: 1 })]).toEqual([0, 100]);
    expect(pace.waitMs({ keyId: 2 })).toBe(0);
    expect([pace.waitMs({ address: '203.0.113.5' }), pace.waitMs({ address: '203.0.113.6' })]).toEqual([0, 0]);
    expect(pace.waitMs({ address: '::ffff:203.0.113.5' })).toBe(100);
    expect(pace.waitMs({ address: '2001:db8:1:2::1' })).toBe(0);
    expect(pace.waitMs({ address: '2001:db8:1:2:ffff::9' })).toBe(100);
    expect(pace.waitMs({ address: '2001:db8:1:3::1' })).toBe(0);
  });

  it('answers at once when too many refusals already wait (each holds its answer in memory)', async () => {
    const time = clock();
    const pace = new RefusalPace(10, 1, 1000, 1, time.now);
    pace.waitMs({ keyId: 1 });
    const waiting = pace.wait(5);
    expect(pace.waitMs({ keyId: 1 })).toBe(0);
    await waiting;
    expect(pace.waitMs({ keyId: 1 })).toBeGreaterThan(0);
  });
});

describe('the gateway paces refusals per key and per address', () => {
  const access = compileAccessRules({ domains: [], ips: [], cidrs: [] });
  const keys: Record<string, GatewayKey> = {
    rpk_flooder: { apiKey: 'rpk_flooder', keyId: 1, userId: 1, rate: 10, access, planId: 1 },
    rpk_bystander: { apiKey: 'rpk_bystander', keyId: 2, userId: 2, rate: 10, access, planId: 1 },
  };
  const refusedMethod = Buffer.from('{"jsonrpc":"2.0","id":3,"method":"admin_peers","params":[]}');

  function pacedGateway() {
    const slowed = { count: 0 };
    const observer: GatewayObserver = {
      called: () => undefined,
      upstreamAnswered: () => undefined,
      nodeErrored: () => undefined,
      refusalSlowed: () => {
        slowed.count += 1;
      },
    };
    const gateway = new Gateway<GatewayKey, never>({
      keys: { peek: (apiKey) => keys[apiKey] ?? null, get: async (apiKey) => keys[apiKey] ?? null },
      admission: {
        admit: () => {
          throw new Error('a refused method is never admitted');
        },
        settle: () => undefined,
        remaining: () => 10,
      },
      meter: new UsageMeter(),
      nodes: noNodes,
      timeoutMs: 1000,
      now: () => 0,
      observer,
      // Two refusals at once, then a 5 ms wait each (the clock stands still: no refill).
      refusalPace: new RefusalPace(200, 2, 5, 10_000, () => 0),
    });
    const send = (apiKey: string, clientIp = '192.0.2.1') =>
      gateway.call({ network: 'mainnet', apiKey, body: refusedMethod, origin: undefined, clientIp });
    return { slowed, send };
  }

  it('a key past its pace waits, with the same answer; another key is answered at once', async () => {
    const { slowed, send } = pacedGateway();
    const first = await send('rpk_flooder');
    await send('rpk_flooder');
    expect(slowed.count).toBe(0);
    const late = await send('rpk_flooder');
    expect(slowed.count).toBe(1);
    expect([late.status, late.body, late.headers]).toEqual([first.status, first.body, first.headers]);
    expect(first.status).toBe(403);
    await send('rpk_bystander');
    await send('rpk_bystander');
    expect(slowed.count).toBe(1);
  });

  it('unknown keys and malformed calls are paced by their address', async () => {
    const { slowed, send } = pacedGateway();
    for (const apiKey of ['rpk_unknown1', 'rpk_unknown2', 'not a key']) await send(apiKey, '198.51.100.9');
    expect(slowed.count).toBe(1);
    await send('rpk_unknown3', '198.51.100.10');
    expect(slowed.count).toBe(1);
    // The flooding address's own key is paced by the key, not the address.
    await send('rpk_bystander', '198.51.100.9');
    expect(slowed.count).toBe(1);
  });
});
