import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { AdmissionStore, MemoryAdmissionStore, TakeRequest, Taken } from '@server/gateway/admission-store';
import { spareShare } from '@server/gateway/admission-store';
import type { CreditAccount } from '@server/metering/credit-account';
import type { CreditLedger } from '@server/metering/credit-ledger';
import { bucketKey, creditKey, limited, replicasKey } from '@server/shared/redis-admission-keys';
import { type RedisObserver, timedRedisCall } from '@server/shared/redis';
import { adjustScript, giveBackScript, heartbeatScript, shaOf, takeScript } from '@server/shared/redis-admission-scripts';

const heartbeatMs = 1000;
/** After a refusal, a user's calls wait for their decision before going to the node, for this long. */
const earlyPauseAfterRefusalMs = 1000;
/** A replica not heard from for this long is no longer counted. */
const replicaWindowMs = 5000;
/** A credit counter lives an hour past its cycle's end (calls settling late still find it). */
const counterGraceMs = 3_600_000;
/**
 * A script's deadline, after it is sent: under the connection's command time-out (1 s), leaving
 * room for its answer to travel back, so what the time-out gives up on has not been done.
 */
const deadlineMs = 700;

/** Each replica's share of a plan's rate while Redis is away: never below one call a second. */
export function localShare(rate: number, replicas: number): number {
  return Math.max(1, Math.floor(rate / Math.max(1, replicas)));
}

function isNumbers(value: unknown): value is number[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'number');
}

class MissedDeadline extends Error {
  constructor() {
    super('Redis ran the admission script past its deadline: nothing was done');
  }
}

export interface RedisAdmissionSettings {
  readonly redis: Redis;
  /** This process's own buckets and ledger: what decides while Redis is away. */
  readonly memory: MemoryAdmissionStore;
  readonly ledger: CreditLedger;
  readonly log: FastifyBaseLogger;
  readonly observer: RedisObserver;
}

export interface RedisAdmissionStore extends AdmissionStore {
  /** Replicas heard from lately (this one included): what divides a plan's rate while Redis is away. */
  readonly replicas: number;
  /** Resolves once every change sent without waiting (releases, tokens given back) has landed or failed. */
  settled(): Promise<void>;
  /** Stops the heartbeat, waits for what was sent and leaves the replicas (app close, before the connection closes). */
  close(): Promise<void>;
}

/**
 * Rate buckets and credit reservations shared by every replica in Redis (REDIS_URL), so a plan's rate
 * and quota hold across replicas exactly: each admission is one atomic script (the bucket, then the
 * cycle's credit counter). The credit counter holds every credit reserved or spent in the cycle by any
 * replica; it starts from the database's figure plus this replica's own unwritten credits, and calls
 * that were not answered give theirs back. The ledger still keeps this replica's charges for the
 * batch writes to PostgreSQL, which add up across replicas.
 *
 * When Redis is away (not connected, or a command fails or times out), each replica decides alone on
 * a conservative share: 1/N of each plan's rate (N the replicas heard from lately) and the quota as
 * its ledger knows it (the database's figure, refreshed by every batch write). The outage is logged
 * once and each local decision counted (`rpc_redis_errors_total{operation="admission"}`); credit
 * changes made meanwhile are kept and added to the shared counters when Redis answers again, and the
 * shared buckets decide again from the next call.
 */
export function redisAdmissionStore(settings: RedisAdmissionSettings): RedisAdmissionStore {
  const { redis, memory, ledger, log, observer } = settings;
  const id = randomUUID();
  let replicas = 1;
  /** Redis's clock minus ours (ms), measured by each heartbeat: deadlines are set on Redis's clock. */
  let offsetMs = 0;
  let away = false;
  let seenReady = false;
  /** Credit changes Redis has not taken yet, by counter key: added when it answers again. */
  const owed = new Map<string, number>();
  /** Tokens left at each user's last grant (X-RateLimit-Remaining of calls refused before the bucket). */
  const lastRemaining = new Map<number, { readonly tokens: number; readonly atMs: number }>();
  /** Epoch ms of each user's last refusal (rate or quota): their calls then wait for the decision. */
  const refusedAt = new Map<number, number>();
  /**
   * Runs a script that starts with the deadline guard (redis-admission-scripts.ts), by its SHA-1 (Redis keeps it compiled; sent whole
   * only when Redis does not have it, e.g. after a restart); fails when it ran too late to count.
   */
  const run = async (script: string, keys: readonly string[], ...args: ReadonlyArray<string | number>): Promise<number[]> => {
    const deadline = Date.now() + offsetMs + deadlineMs;
    const answer = await timedRedisCall(observer, 'admission', async () => {
      try {
        return await redis.evalsha(shaOf(script), keys.length, ...keys, deadline, ...args);
      } catch (error) {
        if (!(error instanceof Error && error.message.startsWith('NOSCRIPT'))) throw error;
        return redis.eval(script, keys.length, ...keys, deadline, ...args);
      }
    });
    if (!isNumbers(answer)) throw new Error('an admission script answered something unexpected');
    if (answer[0] === 0) throw new MissedDeadline();
    return answer;
  };

  const lost = (error: unknown) => {
    if (away) return;
    away = true;
    log.error(
      { err: error, replicas },
      `gateway limits could not reach Redis: each replica admits on its own share (1/${replicas} of each plan's rate) until it answers`,
    );
  };
  const back = () => {
    if (!away) return;
    away = false;
    log.warn('gateway limits reach Redis again: the replicas share their buckets and credits');
  };
  const ready = () => redis.status === 'ready';

  function owe(key: string, credits: number): void {
    const total = (owed.get(key) ?? 0) + credits;
    if (total === 0) owed.delete(key);
    else owed.set(key, total);
  }

  /** Changes sent without waiting for them (the call's answer does not wait): settled() waits. */
  const sent = new Set<Promise<unknown>>();
  function unawaited(change: Promise<unknown>): void {
    sent.add(change);
    void change.finally(() => sent.delete(change));
  }
  async function settled(): Promise<void> {
    while (sent.size > 0) await Promise.all([...sent]);
  }

  /** A credit change to the shared counter, now when Redis answers, else owed until it does. */
  function adjust(account: CreditAccount, credits: number): void {
    if (account.limit === null || credits === 0) return;
    const key = creditKey(account);
    if (!ready() || away || owed.size > 0) {
      owe(key, credits);
      return;
    }
    unawaited(
      run(adjustScript, [key], credits).catch((error: unknown) => {
        lost(error);
        owe(key, credits);
      }),
    );
  }

  async function payOwed(): Promise<void> {
    for (const [key, credits] of [...owed]) {
      await run(adjustScript, [key], credits);
      owe(key, -credits);
    }
  }

  async function beat(): Promise<void> {
    if (!ready()) {
      // Before the first connection nothing was lost (start-up does not wait for Redis).
      if (seenReady) lost(new Error(`Redis is not connected (${redis.status})`));
      return;
    }
    seenReady = true;
    try {
      const sentAt = Date.now();
      const heard = await timedRedisCall(observer, 'heartbeat', () => redis.eval(heartbeatScript, 1, replicasKey, id, replicaWindowMs));
      if (!isNumbers(heard)) throw new Error('the heartbeat script answered something unexpected');
      const [count = 1, redisNowMs = sentAt] = heard;
      replicas = Math.max(1, count);
      offsetMs = redisNowMs - (sentAt + Date.now()) / 2;
      await payOwed();
      back();
    } catch (error) {
      lost(error);
    }
    const now = Date.now();
    for (const [userId, last] of lastRemaining) if (now - last.atMs > 60_000) lastRemaining.delete(userId);
    for (const [userId, at] of refusedAt) if (now - at > earlyPauseAfterRefusalMs) refusedAt.delete(userId);
  }
  const heartbeat = setInterval(() => void beat(), heartbeatMs);
  heartbeat.unref();
  redis.on('ready', () => void beat());
  void beat();

  /** What this replica decides alone: its ledger's quota and its share of the rate. */
  function alone(request: TakeRequest, nowMs: number): Taken {
    const rate = request.rate === null ? null : localShare(request.rate, replicas);
    const taken = memory.take({ ...request, rate, spareTokens: 0 }, nowMs);
    if (taken.kind === 'granted') for (const account of limited(request)) owe(creditKey(account), taken.credits);
    return taken;
  }

  async function shared(request: TakeRequest, nowMs: number): Promise<Taken> {
    const counted = limited(request);
    // Everything of each account this replica knows: the seed of a counter Redis does not have.
    const counters = counted.flatMap((account) => [
      account.limit ?? 0,
      ledger.used(account, nowMs),
      account.cycle.end.getTime() + counterGraceMs,
    ]);
    const [kind = 0, first = 0, second = 0, third = -1] = await run(
      takeScript,
      [bucketKey(request.userId), ...counted.map(creditKey)],
      nowMs,
      request.rate ?? -1,
      request.tokens,
      request.spareTokens,
      request.credits,
      request.spareCredits,
      spareShare,
      ...counters,
    );
    if (kind === 2) {
      refusedAt.set(request.userId, nowMs);
      const refusing = counted[second - 1];
      if (refusing?.limit == null) throw new Error('the admission script named no counter it was given');
      return refusing.key === null
        ? { kind: 'quota', used: first, limit: refusing.limit }
        : { kind: 'keyCap', account: refusing, used: first, limit: refusing.limit };
    }
    if (kind === 3) {
      refusedAt.set(request.userId, nowMs);
      return { kind: 'rate', retryAfterMs: first };
    }
    // Reserved in this replica's ledger too: its charges are what its batch writes add to the database.
    for (const account of [request.account, ...request.spend]) ledger.reserve(account, second, nowMs);
    const remaining = third < 0 ? null : third;
    if (remaining !== null) lastRemaining.set(request.userId, { tokens: remaining, atMs: nowMs });
    return { kind: 'granted', tokens: first, credits: second, remaining };
  }

  return {
    get replicas() {
      return replicas;
    },
    take: async (request, nowMs) => {
      // After a failure only the heartbeat tries Redis again (a stalled Redis would make every call
      // wait for its time-out). Owed credits go first: until they are added, the shared counter
      // would undercount this replica.
      if (!ready() || away || owed.size > 0) {
        if (!ready() && seenReady) lost(new Error(`Redis is not connected (${redis.status})`));
        observer.failed('admission');
        return alone(request, nowMs);
      }
      try {
        const taken = await shared(request, nowMs);
        back();
        return taken;
      } catch (error) {
        lost(error);
        return alone(request, nowMs);
      }
    },
    charge: (account, credits) => memory.charge(account, credits),
    release: (account, credits) => {
      memory.release(account, credits);
      adjust(account, -credits);
    },
    chargeUnreserved: (account, credits, nowMs) => {
      memory.chargeUnreserved(account, credits, nowMs);
      adjust(account, credits);
    },
    giveBackTokens: (userId, rate, tokens, nowMs) => {
      if (!ready() || away) return;
      // Lost when Redis fails meanwhile: the bucket refills by itself.
      unawaited(run(giveBackScript, [bucketKey(userId)], nowMs, rate, tokens).catch(lost));
    },
    remaining: (userId, rate, nowMs) => {
      const last = lastRemaining.get(userId);
      if (last === undefined) return rate;
      return Math.min(rate, Math.floor(last.tokens + ((nowMs - last.atMs) * rate) / 1000));
    },
    // The round trip to Redis overlaps the node's, unless the user was refused in the last second
    // (a client sending past its limit makes the node answer nothing beyond what is admitted).
    mayForwardEarly: (userId, nowMs) =>
      ready() && !away && nowMs - (refusedAt.get(userId) ?? Number.NEGATIVE_INFINITY) >= earlyPauseAfterRefusalMs,
    settled,
    close: async () => {
      clearInterval(heartbeat);
      await settled();
      // A replica that stops is no longer counted in the others' shares (a crashed one, after 5 s).
      if (ready()) await timedRedisCall(observer, 'heartbeat', () => redis.zrem(replicasKey, id)).catch(() => undefined);
    },
  };
}
