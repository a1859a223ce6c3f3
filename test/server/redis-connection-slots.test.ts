import fastify from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeRedisConnection, createRedisConnection, noRedisObserver } from '@server/shared/redis';
import { redisConnectionSlots } from '@server/shared/redis-connection-slots';
import { startThrowawayRedis, type ThrowawayRedis } from '../support/throwaway-redis';

/**
 * WebSocket connection slots in a real Redis (server/shared/redis-connection-slots.ts), two replicas
 * on one server: the limit is exact under 60 takes at once, a replica's open connections stay
 * counted while it renews them, and a replica that dies without closing frees them when they expire.
 */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('WebSocket connection slots shared through Redis', () => {
  let server: ThrowawayRedis;
  const connections: Redis[] = [];
  const log = fastify({ logger: false }).log;

  beforeAll(async () => {
    server = await startThrowawayRedis();
  }, 30_000);
  afterAll(async () => {
    for (const connection of connections) await closeRedisConnection(connection);
    await server?.stop();
  });

  async function replica(ttlMs: number) {
    const redis = createRedisConnection({ url: server.url, log, purpose: 'commands' });
    connections.push(redis);
    if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
    return redisConnectionSlots({ redis, log, observer: noRedisObserver, replicas: () => 2, ttlMs });
  }

  it('gives exactly the limit to 60 takes at once from two replicas, and a release frees one', async () => {
    const [a, b] = [await replica(30_000), await replica(30_000)];
    const taken = await Promise.all(Array.from({ length: 60 }, (_, index) => (index % 2 === 0 ? a : b).take(1, 5)));
    const slots = taken.filter((slot) => slot !== null);
    expect(slots).toHaveLength(5);
    expect(await b.take(1, 5)).toBeNull();
    const [first] = slots;
    if (first === undefined || first === null) throw new Error('no slot');
    // Released by the replica that holds it (a's or b's): only the holder knows its slot.
    a.release(first);
    b.release(first);
    await pause(50);
    expect(await b.take(1, 5)).not.toBeNull();
    a.close();
    b.close();
  });

  it('counts again the connections opened while Redis was away: the newest beyond the limit are named for closing', async () => {
    const [a, b] = [await replica(600), await replica(600)];
    // What the gateway does with a recount: asks which of its slots are beyond the plan's 5, and closes them.
    const open = new Set<string>();
    const closed: string[] = [];
    for (const slots of [a, b]) {
      slots.onRecount?.((userIds) => {
        for (const userId of userIds) {
          void Promise.resolve(slots.beyond(userId, 5)).then((beyond) => {
            for (const slot of beyond) {
              if (!open.delete(slot)) continue;
              closed.push(slot);
              slots.release(slot);
            }
          });
        }
      });
    }
    const take = async (slots: typeof a) => {
      const slot = await slots.take(3, 5);
      if (slot === null) throw new Error('refused');
      open.add(slot);
      return slot;
    };
    for (let index = 0; index < 3; index += 1) await take(a);
    await server.kill();
    // Each replica on its share of 5 (2 with two replicas): 7 open on a limit of 5.
    const away = [await take(a), await take(a), await take(b), await take(b)];
    expect(await a.take(3, 5)).toBeNull();
    expect(open.size).toBe(7);
    await server.start();
    for (let attempt = 0; attempt < 100 && open.size > 5; attempt += 1) await pause(100);
    expect(open.size).toBe(5);
    // The two opened last (b's) were closed; the oldest five stay.
    expect(closed.sort()).toEqual(away.slice(2).sort());
    expect(await a.take(3, 5)).toBeNull();
    expect(await b.take(3, 5)).toBeNull();
    a.close();
    b.close();
  }, 30_000);

  it("keeps a live replica's slots while it renews them, and frees a dead one's when they expire", async () => {
    const live = await replica(600);
    const dead = await replica(600);
    for (let index = 0; index < 2; index += 1) expect(await live.take(2, 4)).not.toBeNull();
    for (let index = 0; index < 2; index += 1) expect(await dead.take(2, 4)).not.toBeNull();
    // Killed: no release, no renewal.
    dead.close();
    const other = await replica(600);
    expect(await other.take(2, 4)).toBeNull();
    await pause(1_500);
    // The dead replica's two expired; the live one's, renewed every 200 ms, still count.
    expect(await other.take(2, 4)).not.toBeNull();
    expect(await other.take(2, 4)).not.toBeNull();
    expect(await other.take(2, 4)).toBeNull();
    live.close();
    other.close();
  });
});
