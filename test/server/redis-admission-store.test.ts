import { Writable } from 'node:stream';
import fc from 'fast-check';
import fastify from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryAdmissionStore, type TakeRequest, type Taken } from '@server/gateway/admission-store';
import { RateLimiter } from '@server/gateway/rate-limiter';
import type { CreditAccount } from '@server/metering/credit-account';
import { CreditLedger } from '@server/metering/credit-ledger';
import { ProcessMetrics } from '@server/metrics/process-metrics';
import { closeRedisConnection, createRedisConnection } from '@server/shared/redis';
import { localShare, type RedisAdmissionStore, redisAdmissionStore } from '@server/shared/redis-admission-store';
import { startThrowawayRedis, type ThrowawayRedis } from '../support/throwaway-redis';

/**
 * The gateway's shared admission (server/shared/redis-admission-store.ts) on a real redis-server: its
 * Lua script decides exactly as the TypeScript rule does, two replicas share one bucket and one
 * quota, and while Redis is away each replica admits on its share, then shares again.
 */

const startMs = Date.parse('2030-01-15T12:00:00Z');
const anchor = new Date('2030-01-01T00:00:00Z');

function logLines(): { log: ReturnType<typeof fastify>['log']; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { log: fastify({ logger: { level: 'info', stream } }).log, lines };
}

interface Replica {
  readonly ledger: CreditLedger;
  readonly account: CreditAccount;
  readonly store: RedisAdmissionStore;
  readonly redis: Redis;
  readonly lines: string[];
  readonly metrics: ProcessMetrics;
}

let userIds = 100;

/** Resolves once `check` holds, trying every 50 ms for up to `ms`. */
function until(ms: number, check: () => Promise<boolean>): Promise<void> {
  return vi.waitFor(async () => expect(await check()).toBe(true), { timeout: ms, interval: 50 });
}

/** A key's spend accounts (its day's and its cycle's) capped at `caps`, having spent `spent` in each. */
function spendOf(ledger: CreditLedger, userId: number, caps: { day: number | null; cycle: number | null }, spent: number): CreditAccount[] {
  const at = new Date(startMs);
  const read = (limit: number | null, periodStart: Date) => ({ limit, periodStart, creditsUsed: spent });
  const stored = { userId, anchor, creditsUsed: 0, countedCycleStart: anchor, creditLimit: null };
  const spend = { day: read(caps.day, new Date(startMs - (startMs % 86_400_000))), cycle: read(caps.cycle, anchor) };
  const { day, cycle } = ledger.syncKey(userId, stored, spend, at, ledger.generation);
  return [day, cycle];
}

/** What a take decided, comparable across two ledgers (a cap's refusal names its period, not its account object). */
function decided(taken: Taken): unknown {
  return taken.kind === 'keyCap' ? { ...taken, account: taken.account.key } : taken;
}

function accountOf(ledger: CreditLedger, userId: number, limit: number | null, used = 0): CreditAccount {
  return ledger.sync(
    { userId, anchor, creditsUsed: used, countedCycleStart: anchor, creditLimit: limit },
    new Date(startMs),
    ledger.generation,
  );
}

describe('gateway admission shared through Redis', () => {
  let server: ThrowawayRedis;
  const replicas: Replica[] = [];

  function replica(userId: number, limit: number | null, used = 0): Replica {
    const { log, lines } = logLines();
    const ledger = new CreditLedger();
    const redis = createRedisConnection({ url: server.url, log, purpose: 'commands' });
    const metrics = new ProcessMetrics('main');
    const store = redisAdmissionStore({
      redis,
      memory: new MemoryAdmissionStore(new RateLimiter(), ledger),
      ledger,
      log,
      observer: metrics,
    });
    const made = { ledger, account: accountOf(ledger, userId, limit, used), store, redis, lines, metrics };
    replicas.push(made);
    return made;
  }

  beforeAll(async () => {
    server = await startThrowawayRedis();
  }, 30_000);
  beforeEach(async () => {
    for (const { store, redis } of replicas.splice(0)) {
      await store.close();
      await closeRedisConnection(redis);
    }
  });
  afterAll(async () => {
    for (const { store, redis } of replicas.splice(0)) {
      await store.close();
      await closeRedisConnection(redis);
    }
    await server?.stop();
  });

  const ask = (account: CreditAccount, rate: number | null, step: Partial<TakeRequest>): TakeRequest => ({
    userId: account.userId,
    rate,
    account,
    spend: [],
    tokens: 1,
    spareTokens: 0,
    credits: 0,
    spareCredits: 0,
    ...step,
  });

  async function connected(made: Replica): Promise<void> {
    await until(5000, async () => made.redis.status === 'ready');
  }

  it('decides every generated sequence as the TypeScript rule does (bucket, debt, spares, quota, key caps)', async () => {
    const step = fc.record({
      advanceMs: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 400 }), fc.integer({ min: 1000, max: 5000 })),
      tokens: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 40 })),
      spareTokens: fc.integer({ min: 0, max: 6 }),
      credits: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 500 })),
      spareCredits: fc.integer({ min: 0, max: 5000 }),
      /** What happens to the call: answered (charged), not answered (released), a lease giving tokens back. */
      settle: fc.constantFrom('charge', 'release', 'giveBack'),
    });
    const plan = fc.record({
      rate: fc.oneof(fc.constant(null), fc.constantFrom(1, 10, 50, 100, 1000), fc.integer({ min: 1, max: 2000 })),
      limit: fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 20_000 })),
      used: fc.integer({ min: 0, max: 10_000 }),
      /** The key's caps (none, or one of each period) and what it has spent in each. */
      caps: fc.record({
        day: fc.oneof(fc.constant(null), fc.integer({ min: 1, max: 20_000 })),
        cycle: fc.oneof(fc.constant(null), fc.integer({ min: 1, max: 20_000 })),
      }),
      spent: fc.integer({ min: 0, max: 5_000 }),
    });
    await fc.assert(
      fc.asyncProperty(plan, fc.array(step, { minLength: 1, maxLength: 40 }), async ({ rate, limit, used, caps, spent }, steps) => {
        const userId = userIds++;
        const shared = replica(userId, limit, used);
        const sharedSpend = spendOf(shared.ledger, userId, caps, spent);
        await connected(shared);
        const ledger = new CreditLedger();
        const memory = new MemoryAdmissionStore(new RateLimiter(), ledger);
        const account = accountOf(ledger, userId, limit, used);
        const spend = spendOf(ledger, userId, caps, spent);
        let nowMs = startMs;
        for (const { advanceMs, settle, ...call } of steps) {
          nowMs += advanceMs;
          const expected: Taken = memory.take({ ...ask(account, rate, call), spend }, nowMs);
          const actual = await shared.store.take({ ...ask(shared.account, rate, call), spend: sharedSpend }, nowMs);
          expect(decided(actual)).toEqual(decided(expected));
          if (expected.kind !== 'granted' || actual.kind !== 'granted') continue;
          if (settle === 'charge') {
            for (const each of [account, ...spend]) memory.charge(each, expected.credits);
            for (const each of [shared.account, ...sharedSpend]) shared.store.charge(each, actual.credits);
          } else if (settle === 'release') {
            for (const each of [account, ...spend]) memory.release(each, expected.credits);
            for (const each of [shared.account, ...sharedSpend]) shared.store.release(each, actual.credits);
          } else if (rate !== null) {
            memory.giveBackTokens(userId, rate, expected.tokens, nowMs);
            shared.store.giveBackTokens(userId, rate, actual.tokens, nowMs);
          }
          // Releases and give-backs are sent without waiting for them.
          await shared.store.settled();
        }
        expect(decided(await shared.store.take({ ...ask(shared.account, rate, { tokens: 0 }), spend: sharedSpend }, nowMs))).toEqual(
          decided(memory.take({ ...ask(account, rate, { tokens: 0 }), spend }, nowMs)),
        );
      }),
      { numRuns: 150 },
    );
  }, 120_000);

  it('lets read-only calls go to the node while Redis decides, except for a user refused in the last second', async () => {
    const userId = userIds++;
    const made = replica(userId, null);
    await connected(made);
    const forward = made.store.mayForwardEarly?.bind(made.store);
    expect(forward?.(userId, startMs)).toBe(true);
    for (let call = 0; call < 10; call += 1) expect((await made.store.take(ask(made.account, 10, {}), startMs)).kind).toBe('granted');
    expect(await made.store.take(ask(made.account, 10, {}), startMs)).toEqual({ kind: 'rate', retryAfterMs: 100 });
    expect(forward?.(userId, startMs + 999)).toBe(false);
    expect(forward?.(userId, startMs + 1000)).toBe(true);
    expect(forward?.(userIds++, startMs)).toBe(true);
  });

  it('two replicas split a burst at one Free key and get exactly the bucket, and one quota', async () => {
    const userId = userIds++;
    const [a, b] = [replica(userId, 400), replica(userId, 400)];
    await connected(a);
    await connected(b);
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, index) => {
        const made = index % 2 === 0 ? a : b;
        return made.store.take(ask(made.account, 10, { credits: 20 }), startMs);
      }),
    );
    const granted = burst.filter((taken) => taken.kind === 'granted');
    expect(granted).toHaveLength(10);
    expect(burst.filter((taken) => taken.kind === 'rate')).toHaveLength(50);
    // 10 × 20 credits reserved of 400; after 2 s, 10 more fill the quota; the next is refused on both.
    const later = await Promise.all(
      Array.from({ length: 12 }, (_, index) => {
        const made = index % 2 === 0 ? a : b;
        return made.store.take(ask(made.account, 10, { credits: 20 }), startMs + 2000);
      }),
    );
    expect(later.filter((taken) => taken.kind === 'granted')).toHaveLength(10);
    expect(later.filter((taken) => taken.kind === 'quota')).toHaveLength(2);
    for (const made of [a, b])
      expect(await made.store.take(ask(made.account, 10, { credits: 20 }), startMs + 10_000)).toMatchObject({ kind: 'quota', used: 400 });
    // A call that was not answered gives its credits back to both.
    a.store.release(a.account, 20);
    await until(2000, async () => (await b.store.take(ask(b.account, 10, { credits: 20 }), startMs + 20_000)).kind === 'granted');
  });

  async function burst(a: Replica, b: Replica, size: number, rate: number | null, credits: number, nowMs: number): Promise<Taken[]> {
    return Promise.all(
      Array.from({ length: size }, (_, index) => {
        const made = index % 2 === 0 ? a : b;
        return made.store.take(ask(made.account, rate, { credits }), nowMs);
      }),
    );
  }
  /** The replica logged that it reaches Redis again after its last outage. */
  const backAgain = ({ lines }: Replica) => {
    const log = lines.join('');
    return log.lastIndexOf('reach Redis again') > log.lastIndexOf('could not reach Redis');
  };
  const count = (taken: readonly Taken[], kind: Taken['kind']) => taken.filter((each) => each.kind === kind).length;

  async function twoReplicas(limit: number): Promise<[Replica, Replica]> {
    const userId = userIds++;
    const [a, b] = [replica(userId, limit), replica(userId, limit)];
    await connected(a);
    await connected(b);
    // Both hear each other's heartbeat: a plan's rate is split in two while Redis is away.
    await until(5000, async () => a.store.replicas === 2 && b.store.replicas === 2);
    return [a, b];
  }

  it('while Redis stalls each replica admits on its share, and the shared counts are exact again when it answers', async () => {
    const [a, b] = await twoReplicas(10_000);
    // 10 of 10,000 credits reserved through Redis, then the server stops answering.
    let nowMs = Date.now();
    expect(count(await burst(a, b, 10, 10, 100, nowMs), 'granted')).toBe(10);
    server.pause();
    try {
      // The first call of each replica waits for the command time-out (1 s), then decides alone.
      nowMs += 5000;
      const away = await burst(a, b, 30, 10, 100, nowMs);
      // localShare(10, 2) = 5 a replica: never more than the plan's rate in all, and never an error.
      expect(localShare(10, 2)).toBe(5);
      expect(count(away, 'granted')).toBe(10);
      expect(count(away, 'rate')).toBe(20);
      // A call reserved through Redis, not answered while it stalls: its credits are given back later.
      a.store.release(a.account, 100);
    } finally {
      server.resume();
    }
    expect(a.lines.join('')).toContain('gateway limits could not reach Redis');
    expect(await a.metrics.registry.getSingleMetricAsString('rpc_redis_errors_total')).toMatch(/operation="admission"} [1-9]/);
    await until(10_000, async () => [a, b].every(backAgain));
    // (10 + 10 - 1) × 100 credits: what was reserved while away reached the shared counter.
    nowMs += 5000;
    expect(await a.store.take(ask(a.account, null, { credits: 10_000 }), nowMs)).toEqual({ kind: 'quota', used: 1900, limit: 10_000 });
    const back = await burst(a, b, 30, 10, 100, nowMs);
    expect(count(back, 'granted')).toBe(10);
    expect(await b.store.take(ask(b.account, null, { credits: 10_000 }), nowMs)).toEqual({ kind: 'quota', used: 2900, limit: 10_000 });
  }, 60_000);

  it('after Redis restarts empty the replicas share one bucket again, counting credits from their own view', async () => {
    const [a, b] = await twoReplicas(10_000);
    await server.kill();
    try {
      await until(5000, async () => a.redis.status !== 'ready' && b.redis.status !== 'ready');
      const away = await burst(a, b, 30, 10, 100, Date.now());
      expect(count(away, 'granted')).toBe(10);
    } finally {
      await server.start();
    }
    await until(10_000, async () => [a, b].every(backAgain));
    const nowMs = Date.now() + 5000;
    expect(count(await burst(a, b, 30, 10, 100, nowMs), 'granted')).toBe(10);
    // The counter started again from the first replica's view (the database's figure plus its own
    // unwritten credits): its 5 calls while away, and the 10 since.
    const used = await a.store.take(ask(a.account, null, { credits: 10_000 }), nowMs);
    expect(used).toMatchObject({ kind: 'quota' });
    expect(used.kind === 'quota' && used.used >= 1500).toBe(true);
  }, 60_000);
});
