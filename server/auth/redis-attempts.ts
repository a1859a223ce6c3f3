import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { type AttemptLimiter, retryAfterMsOf } from '@server/auth/attempt-limiter';
import { countedHere, reserveAttempt, type ReserveOutcome } from '@server/auth/reserve-attempt';
import { type RedisObserver, timedRedisCall } from '@server/shared/redis';

export type Slot = readonly [AttemptLimiter, string];

/** Where sign-in attempts are counted: this process alone, or every replica through Redis. */
export interface AttemptStore {
  /** Counts one attempt under every slot when each has room, or none when one is full. Never rejects. */
  reserve(slots: readonly Slot[], now: Date): Promise<ReserveOutcome>;
  /** Forgets a key's attempts (a right password forgives the failures of that e-mail from that address). */
  reset(limiter: AttemptLimiter, key: string): void;
}

/** One process: the limiters in memory, checked and counted in the same tick. */
export const localAttempts: AttemptStore = {
  reserve: async (slots, now) => reserveAttempt(slots, now),
  reset: (limiter, key) => limiter.reset(key),
};

/**
 * Atomic in Redis: for each key (a sorted set of attempt times), drops what left the window; when
 * one holds `limit` attempts or more, counts nothing and answers, for each full key, its position
 * (from 1) then its newest `limit` members and times (the wait is then computed by retryAfterMsOf, the rule the local limiter uses); else adds this
 * attempt to every key, keeps only the newest `limit` (only they decide a wait) and lets the key expire
 * with its window. ARGV: now (ms), window (ms), this attempt's member, then each key's limit.
 */
const reserveScript = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local member = ARGV[3]
local full = {}
for i, key in ipairs(KEYS) do
  local limit = tonumber(ARGV[3 + i])
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  if redis.call('ZCARD', key) >= limit then
    local newest = redis.call('ZRANGE', key, -limit, -1, 'WITHSCORES')
    table.insert(newest, 1, tostring(i))
    full[#full + 1] = newest
  end
end
if #full > 0 then return full end
for i, key in ipairs(KEYS) do
  local limit = tonumber(ARGV[3 + i])
  redis.call('ZADD', key, now, member)
  redis.call('ZREMRANGEBYRANK', key, 0, -limit - 1)
  redis.call('PEXPIRE', key, window)
end
return full
`;

function isFullKeys(value: unknown): value is string[][] {
  return Array.isArray(value) && value.every((entry) => Array.isArray(entry) && entry.every((item) => typeof item === 'string'));
}

/** The scores of a WITHSCORES answer (member, score, member, score…) after the key's position. */
function scoresOf(entry: readonly string[]): number[] {
  return entry
    .slice(1)
    .filter((_item, index) => index % 2 === 1)
    .map(Number);
}

/**
 * Sign-in attempts counted in Redis (REDIS_URL), so every replica sees every replica's attempts. Keys
 * are hashes of the limiter's name and the key (an e-mail, an address): no address or e-mail is
 * stored in Redis. Each accepted attempt is also counted in this replica's own limiters, so when
 * Redis is away (each failed call counted as `attempt_limit` in metrics, the outage logged once)
 * the local limiters take over knowing this replica's recent attempts: a refusal or a pass, never a 5xx.
 */
export function redisAttempts(settings: {
  readonly redis: Redis;
  /** Each limiter's name in Redis keys (the property names of LoginLimits). */
  readonly names: ReadonlyMap<AttemptLimiter, string>;
  readonly log: FastifyBaseLogger;
  readonly observer: RedisObserver;
}): AttemptStore {
  const { redis, names, log, observer } = settings;
  let away = false;
  const keyOf = (limiter: AttemptLimiter, key: string) => {
    const name = names.get(limiter) ?? `limit${limiter.limit}`;
    return `rpc_dashboard:attempts:${createHash('sha256').update(`${name}\n${key}`).digest('base64url')}`;
  };
  const fellBack = (error: unknown) => {
    if (away) return;
    away = true;
    log.error({ err: error }, 'sign-in limits could not reach Redis: each replica counts its own attempts until it answers');
  };
  const call = <T>(work: () => Promise<T>) => timedRedisCall(observer, 'attempt_limit', work);
  return {
    reserve: async (slots, now) => {
      const nowMs = now.getTime();
      const windowMs = Math.max(...slots.map(([limiter]) => limiter.windowMs));
      const member = `${nowMs}:${randomUUID()}`;
      const keys = slots.map(([limiter, key]) => keyOf(limiter, key));
      let answer: unknown;
      try {
        answer = await call(() =>
          redis.eval(reserveScript, keys.length, ...keys, nowMs, windowMs, member, ...slots.map(([limiter]) => limiter.limit)),
        );
      } catch (error) {
        fellBack(error);
        return reserveAttempt(slots, now);
      }
      if (away) {
        away = false;
        log.warn('sign-in limits reach Redis again: the replicas share their counts');
      }
      if (!isFullKeys(answer)) throw new Error('the attempt-limit script answered something unexpected');
      if (answer.length > 0) {
        const waits = answer.map((entry) => {
          const limiter = slots[Number(entry[0]) - 1]?.[0];
          return limiter === undefined ? 1 : retryAfterMsOf(scoresOf(entry), limiter.limit, limiter.windowMs, nowMs);
        });
        return { ok: false, retryAfterMs: Math.max(1, ...waits) };
      }
      // Mirrored here, so the local limiters know this replica's share if Redis goes away.
      return countedHere(slots, now, () => {
        // Not awaited: the answer does not wait for it. A failure leaves one attempt counted until the window ends.
        call(() => Promise.all(keys.map((key) => redis.zrem(key, member)))).catch(fellBack);
      });
    },
    reset: (limiter, key) => {
      limiter.reset(key);
      call(() => redis.del(keyOf(limiter, key))).catch(fellBack);
    },
  };
}
