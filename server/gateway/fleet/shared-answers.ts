import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Config } from '@server/config';
import type { Keep } from '@server/gateway/fleet/call-plan';
import { closeRedisConnection, createRedisConnection, type RedisLog, type RedisObserver, timedRedisCall } from '@server/shared/redis';
import { shaOf } from '@server/shared/redis-admission-scripts';

/**
 * The second level of the answer cache (CACHE_SHARED): answers every replica finds in REDIS_URL's
 * Redis, behind each process's own (answer-cache.ts). Only answers that can never change are shared:
 * those kept for good (eth_chainId, net_version, web3_sha3) and those about a final block (at least
 * the network's finalityDepth below the head), whether the call names that block or its answer
 * does (a receipt, a block by hash). So the shared level is correct by construction: no
 * reorganisation can replace what it holds, and the replicas never need to tell each other of one.
 * Answers tied to recent blocks or to `latest` stay in each process's own cache.
 *
 * Redis is help, never a reason to fail a call: a lookup that fails or is slower than the
 * connection's command time-out (sharedCommandTimeoutMs) is a miss, the call goes to a node, and
 * for a second after such a failure the shared level is not asked at all (a stalled Redis costs
 * one wait, not one per call). Writes are sent without waiting; their failures are counted.
 *
 * Bounded in bytes (CACHE_SHARED_BYTES): each write is one script (keepScript) that adds the entry
 * to an index by write order and to a byte counter, then drops the oldest entries while the
 * counter is over the bound.
 */

/** A lookup waits at most this long for Redis: a node answers a miss in about the same time. */
export const sharedCommandTimeoutMs = 200;
/** After a failed command, the shared level is left alone this long. */
const restAfterFailureMs = 1000;

/** Every key under one hash tag: the script takes an entry, the index and the counter together, on a Redis Cluster too. */
const prefix = 'rpc-cache:{answers}';
export const sharedIndexKey = `${prefix}:index`;
export const sharedBytesKey = `${prefix}:bytes`;
const writesKey = `${prefix}:writes`;

/** An answer's key: the network, and a SHA-256 of the call's cache key (short whatever the params). */
export function sharedKey(network: string, cacheKey: string): string {
  return `${prefix}:${network}:${createHash('sha256').update(cacheKey).digest('hex')}`;
}

/**
 * Keeps one answer. KEYS: the entry, the index (entries by write order), the byte counter, the
 * write counter (the order). ARGV: the result, the bound in bytes. An entry's bytes are its key's
 * and its result's. Answers 1 (kept), 0 (there already: an answer that never changes is the same
 * one) or -1 (bigger than the bound). An entry gone behind the index's back (FLUSHDB, an eviction
 * policy) counts 0 bytes when popped; an empty index resets the counter.
 */
export const keepScript = `
local size = #KEYS[1] + #ARGV[1]
local bound = tonumber(ARGV[2])
if size > bound then return -1 end
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('SET', KEYS[1], ARGV[1])
redis.call('ZADD', KEYS[2], redis.call('INCR', KEYS[4]), KEYS[1])
local held = redis.call('INCRBY', KEYS[3], size)
while held > bound do
  local oldest = redis.call('ZPOPMIN', KEYS[2])
  if #oldest == 0 then
    redis.call('SET', KEYS[3], 0)
    break
  end
  held = redis.call('DECRBY', KEYS[3], #oldest[1] + redis.call('STRLEN', oldest[1]))
  redis.call('DEL', oldest[1])
end
return 1
`;

/** Whether a call may be looked up in the shared level: its answer, once kept there, never changes. */
export function mayBeShared(keep: Keep, head: number | null, finalityDepth: number): boolean {
  if (keep.kind === 'always') return true;
  // Written only once the block its answer names was final (sharedOnceKept).
  if (keep.kind === 'answer') return true;
  return isFinal(keep.number, head, finalityDepth);
}

/** Whether a kept answer goes to the shared level; `named` is the block the answer itself names. */
export function sharedOnceKept(keep: Keep, named: number | null, head: number | null, finalityDepth: number): boolean {
  if (keep.kind === 'always') return true;
  const block = keep.kind === 'block' ? keep.number : named;
  return block !== null && isFinal(block, head, finalityDepth);
}

function isFinal(block: number, head: number | null, finalityDepth: number): boolean {
  return head !== null && block <= head - finalityDepth;
}

export interface SharedCounts {
  /** Lookups Redis answered with an answer, or without one. */
  readonly hits: number;
  readonly misses: number;
  /** Lookups not answered: Redis away, slow or resting after a failure (the call went to a node). */
  readonly unavailable: number;
  /** Of those, the ones that waited on Redis and failed (its time-out, an error); the rest were not tried. */
  readonly failedLookups: number;
  readonly written: number;
  readonly failedWrites: number;
}

/** What the fleet asks of the shared level (network-fleet.ts). */
export interface SharedAnswers {
  /** The kept result; null when there is none, or Redis does not answer in time. Never rejects. */
  get(network: string, cacheKey: string): Promise<string | null>;
  /** Keeps a result for every replica, without waiting. */
  keep(network: string, cacheKey: string, result: string): void;
  counts(): SharedCounts;
  /** Resolves once every write sent has landed or failed. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export interface SharedAnswersSettings {
  readonly redis: Redis;
  /** CACHE_SHARED_BYTES. */
  readonly maxBytes: number;
  /** The largest entry kept: the process's own cache's bound (CACHE_BYTES), as it keeps nothing bigger. */
  readonly entryBytes: number;
  readonly observer: RedisObserver;
  readonly now?: () => number;
}

export function redisSharedAnswers(settings: SharedAnswersSettings): SharedAnswers {
  const { redis, maxBytes, observer } = settings;
  const now = settings.now ?? Date.now;
  const entryBytes = Math.min(settings.entryBytes, maxBytes);
  let restUntil = 0;
  const counts = { hits: 0, misses: 0, unavailable: 0, failedLookups: 0, written: 0, failedWrites: 0 };
  const sent = new Set<Promise<unknown>>();
  const settled = async () => {
    while (sent.size > 0) await Promise.all([...sent]);
  };
  const usable = () => redis.status === 'ready' && now() >= restUntil;
  const failed = () => {
    restUntil = now() + restAfterFailureMs;
  };

  const write = async (key: string, result: string) => {
    const keys = [key, sharedIndexKey, sharedBytesKey, writesKey];
    try {
      await timedRedisCall(observer, 'answer_cache', async () => {
        try {
          return await redis.evalsha(shaOf(keepScript), keys.length, ...keys, result, maxBytes);
        } catch (error) {
          if (!(error instanceof Error && error.message.startsWith('NOSCRIPT'))) throw error;
          return redis.eval(keepScript, keys.length, ...keys, result, maxBytes);
        }
      });
      counts.written += 1;
    } catch {
      counts.failedWrites += 1;
      failed();
    }
  };

  return {
    async get(network, cacheKey) {
      if (!usable()) {
        counts.unavailable += 1;
        return null;
      }
      try {
        const result = await timedRedisCall(observer, 'answer_cache', () => redis.get(sharedKey(network, cacheKey)));
        if (result === null) counts.misses += 1;
        else counts.hits += 1;
        return result;
      } catch {
        counts.unavailable += 1;
        counts.failedLookups += 1;
        failed();
        return null;
      }
    },
    keep(network, cacheKey, result) {
      const key = sharedKey(network, cacheKey);
      if (Buffer.byteLength(key) + Buffer.byteLength(result) > entryBytes) return;
      if (!usable()) {
        counts.failedWrites += 1;
        return;
      }
      const writing = write(key, result);
      sent.add(writing);
      void writing.finally(() => sent.delete(writing));
    },
    counts: () => ({ ...counts }),
    settled,
    async close() {
      await settled();
      await closeRedisConnection(redis);
    },
  };
}

/** The shared level CACHE_SHARED asks for, on a connection of its own (its short command time-out); null when off. */
export function connectSharedAnswers(
  config: Pick<Config, 'cacheShared' | 'cacheSharedBytes' | 'cacheBytes' | 'redisUrl'>,
  log: RedisLog,
  observer: RedisObserver,
): SharedAnswers | null {
  if (!config.cacheShared || config.redisUrl === null || config.cacheSharedBytes === 0 || config.cacheBytes === 0) return null;
  const redis = createRedisConnection({
    url: config.redisUrl,
    log,
    purpose: 'shared answer cache',
    commandTimeoutMs: sharedCommandTimeoutMs,
  });
  return redisSharedAnswers({ redis, maxBytes: config.cacheSharedBytes, entryBytes: config.cacheBytes, observer });
}
