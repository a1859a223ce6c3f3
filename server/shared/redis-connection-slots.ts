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
 * are alive; expired members (a replica gone) are dropped first. The member is named by the time it
 * was taken (µs, zero-padded: sorted names are the order of opening), then ARGV[3]. KEYS: the set.
 * ARGV: ttl ms, limit, the member's suffix. Answers the member, or 0 (the limit is reached).
 */
const takeScript = `
local now = redis.call('TIME')
local nowMs = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', nowMs)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
local member = string.format('%017.0f', tonumber(now[1]) * 1000000 + tonumber(now[2])) .. ':' .. ARGV[3]
redis.call('ZADD', KEYS[1], nowMs + tonumber(ARGV[1]), member)
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[1]))
return member`;

/**
 * The slots of open connections renewed (added again if Redis lost them). KEYS: the set. ARGV: ttl
 * ms, members. Answers how many are alive, every replica's.
 */
const renewScript = `
local now = redis.call('TIME')
local nowMs = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
for index = 2, #ARGV do redis.call('ZADD', KEYS[1], nowMs + tonumber(ARGV[1]), ARGV[index]) end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', nowMs)
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[1]))
return redis.call('ZCARD', KEYS[1])`;

/** A user's live members (expired ones dropped). KEYS: the set. */
const listScript = `
local now = redis.call('TIME')
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000))
return redis.call('ZRANGE', KEYS[1], 0, -1)`;

/** A member's name for a time of opening (now, in µs on this replica's clock), as takeScript writes it. */
const openedNow = () => String(Math.floor((performance.timeOrigin + performance.now()) * 1000)).padStart(17, '0');

function isStrings(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

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
 * per open connection (named by its time of opening), taken atomically against the plan's limit,
 * renewed every 10 s and dropped at close. A replica that dies without closing leaves its members
 * until they expire (30 s).
 * While Redis is away each replica admits on its own share of the limit (1/N of it, N the replicas
 * heard from lately, at least one connection), counted in its memory, as the admission does with the
 * rate. When Redis answers again (its 'ready', or the next renewal) each replica adds the connections
 * it opened meanwhile (named by their time of opening on its clock). A renewal that finds a user with
 * more connections than the last one (every replica's: the others' come back at their own renewal)
 * tells the gateway (onRecount), which closes its connections beyond the plan's limit in the order
 * of opening (beyond(), 4002): within a renewal of Redis's return every replica together keeps the
 * user's oldest `limit`.
 */
export function redisConnectionSlots({
  redis,
  log,
  observer,
  replicas,
  ttlMs = slotTtlMs,
}: RedisSlotsSettings): ConnectionSlots & { close(): void } {
  const replica = randomUUID();
  const memory = new MemorySlots(`local:${replica}`);
  /** This replica's members in Redis (or to be renewed into it): member → its user and the slot the gateway holds. */
  const held = new Map<string, { userId: number; slot: string }>();
  /** Slot → member, for the release. */
  const members = new Map<string, string>();
  /** Slots taken while Redis was away, not in it yet: slot → user and the member they will be. */
  const unregistered = new Map<string, { userId: number; member: string }>();
  /** Each user's connections at the last renewal, every replica's. */
  const counts = new Map<number, number>();
  /** Users with connections registered since Redis came back: counted again after the renewal. */
  const registered = new Set<number>();
  let recount: (userIds: readonly number[]) => void = () => undefined;
  let last = 0;
  let away = false;

  const lost = (error: unknown) => {
    if (away) return;
    away = true;
    log.error({ err: error }, 'WebSocket connection limits could not reach Redis: each replica counts its own share until it answers');
  };

  async function beyond(userId: number, limit: number): Promise<readonly string[]> {
    const listed: unknown = await timedRedisCall(observer, 'websocket', () => redis.eval(listScript, 1, setKey(userId)));
    if (!isStrings(listed)) return [];
    return [...listed]
      .sort()
      .slice(Math.max(0, limit))
      .flatMap((member) => {
        const entry = held.get(member);
        return entry === undefined ? [] : [entry.slot];
      });
  }

  async function renew(): Promise<void> {
    for (const [slot, { userId, member }] of unregistered) {
      held.set(member, { userId, slot });
      members.set(slot, member);
      registered.add(userId);
    }
    unregistered.clear();
    const byUser = new Map<number, string[]>();
    for (const [member, { userId }] of held) byUser.set(userId, [...(byUser.get(userId) ?? []), member]);
    const grown: number[] = [];
    try {
      for (const [userId, userMembers] of byUser) {
        const alive = await timedRedisCall(observer, 'websocket', () => redis.eval(renewScript, 1, setKey(userId), ttlMs, ...userMembers));
        const count = Number(alive);
        if (registered.delete(userId) || count > (counts.get(userId) ?? count)) grown.push(userId);
        counts.set(userId, count);
      }
      away = false;
    } catch (error) {
      lost(error);
    }
    for (const userId of counts.keys()) if (!byUser.has(userId)) counts.delete(userId);
    for (const userId of registered) if (!byUser.has(userId)) registered.delete(userId);
    if (grown.length > 0) recount(grown);
  }
  const renewer = setInterval(() => void renew(), ttlMs / 3);
  renewer.unref();
  const ready = () => void renew();
  redis.on('ready', ready);

  return {
    async take(userId, limit) {
      last += 1;
      const suffix = `${replica}:${last}`;
      try {
        const taken: unknown = await timedRedisCall(observer, 'websocket', () =>
          redis.eval(takeScript, 1, setKey(userId), ttlMs, limit, suffix),
        );
        if (typeof taken !== 'string') return null;
        const slot = `redis:${taken}`;
        held.set(taken, { userId, slot });
        members.set(slot, taken);
        return slot;
      } catch (error) {
        lost(error);
        const slot = memory.take(userId, localShare(limit, replicas()));
        if (slot !== null) unregistered.set(slot, { userId, member: `${openedNow()}:${suffix}` });
        return slot;
      }
    },
    release(slot) {
      memory.release(slot);
      unregistered.delete(slot);
      const member = members.get(slot);
      if (member === undefined) return;
      members.delete(slot);
      const entry = held.get(member);
      held.delete(member);
      if (entry === undefined) return;
      // Lost with Redis: the member expires on its own.
      timedRedisCall(observer, 'websocket', () => redis.zrem(setKey(entry.userId), member)).catch(() => undefined);
    },
    beyond,
    onRecount(listener) {
      recount = listener;
    },
    close() {
      clearInterval(renewer);
      redis.off('ready', ready);
    },
  };
}
