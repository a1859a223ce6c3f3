import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { type ConnectionSlots, MemorySlots } from '@server/gateway/ws/connection-slots';
import { type RedisObserver, timedRedisCall } from '@server/shared/redis';
import { localShare } from '@server/shared/redis-admission-store';

/** A slot lives this long in Redis unless its replica renews it (a third of it): a replica killed without closing frees its slots by then. */
export const slotTtlMs = 30_000;

/**
 * One more slot in a user's sorted set (member → expiry on Redis's clock) when fewer than the limit
 * are alive; expired members (a replica gone) are dropped first. KEYS: the set. ARGV: ttl ms, limit,
 * member. Answers 1 (taken) or 0 (the limit is reached).
 */
const takeScript = `
local now = redis.call('TIME')
local nowMs = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', nowMs)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], nowMs + tonumber(ARGV[1]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[1]))
return 1`;

/** The slots of open connections renewed (added again if Redis lost them). KEYS: the set. ARGV: ttl ms, members. */
const renewScript = `
local now = redis.call('TIME')
local expiry = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000) + tonumber(ARGV[1])
for index = 2, #ARGV do redis.call('ZADD', KEYS[1], expiry, ARGV[index]) end
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[1]))
return 1`;

const setKey = (userId: number) => `rpc:ws:connections:${userId}`;

export interface RedisSlotsSettings {
  readonly redis: Redis;
  readonly log: FastifyBaseLogger;
  readonly observer: RedisObserver;
  /** Replicas heard from lately (the admission store's heartbeat): what divides a limit while Redis is away. */
  readonly replicas: () => number;
  /** slotTtlMs unless a test wants it shorter. */
  readonly ttlMs?: number;
}

/**
 * WebSocket connections per user shared by every replica in Redis: a sorted set per user, one member
 * per open connection, taken atomically against the plan's limit, renewed every 10 s and dropped at
 * close. A replica that dies without closing leaves its members until they expire (30 s).
 * While Redis is away each replica admits on its own share of the limit (1/N of it, N the replicas
 * heard from lately, at least one connection), counted in its memory, as the admission does with the
 * rate; connections taken meanwhile are not in Redis's count until they close.
 */
export function redisConnectionSlots({
  redis,
  log,
  observer,
  replicas,
  ttlMs = slotTtlMs,
}: RedisSlotsSettings): ConnectionSlots & { close(): void } {
  const replica = randomUUID();
  const memory = new MemorySlots('local');
  /** This replica's slots in Redis: member → user. */
  const held = new Map<string, number>();
  let last = 0;
  let away = false;

  const lost = (error: unknown) => {
    if (away) return;
    away = true;
    log.error({ err: error }, 'WebSocket connection limits could not reach Redis: each replica counts its own share until it answers');
  };

  async function renew(): Promise<void> {
    const byUser = new Map<number, string[]>();
    for (const [member, userId] of held) byUser.set(userId, [...(byUser.get(userId) ?? []), member]);
    try {
      for (const [userId, members] of byUser) {
        await timedRedisCall(observer, 'websocket', () => redis.eval(renewScript, 1, setKey(userId), ttlMs, ...members));
      }
      away = false;
    } catch (error) {
      lost(error);
    }
  }
  const renewer = setInterval(() => void renew(), ttlMs / 3);
  renewer.unref();

  return {
    async take(userId, limit) {
      last += 1;
      const member = `${replica}:${last}`;
      try {
        const taken = await timedRedisCall(observer, 'websocket', () => redis.eval(takeScript, 1, setKey(userId), ttlMs, limit, member));
        if (taken !== 1) return null;
        held.set(member, userId);
        return `redis:${member}`;
      } catch (error) {
        lost(error);
        return memory.take(userId, localShare(limit, replicas()));
      }
    },
    release(slot) {
      if (!slot.startsWith('redis:')) {
        memory.release(slot);
        return;
      }
      const member = slot.slice('redis:'.length);
      const userId = held.get(member);
      if (userId === undefined) return;
      held.delete(member);
      // Lost with Redis: the member expires on its own.
      timedRedisCall(observer, 'websocket', () => redis.zrem(setKey(userId), member)).catch(() => undefined);
    },
    close() {
      clearInterval(renewer);
    },
  };
}
