import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { realPostgres, type ThrowawayPostgres } from '../support/throwaway-postgres';
import { startThrowawayRedis, type ThrowawayRedis } from '../support/throwaway-redis';
import { startFakeNode, type FakeNode } from './helpers/fake-node';
import { ManualClock } from './helpers/manual-clock';
import { startTestApp, type TestApp } from './helpers/test-app';
import { postgresSchema, type TestDatabase } from './helpers/test-database';
import { rawClient, refusal, until } from './helpers/ws-client';
import { keyHolder, type KeyHolder } from './gateway-harness';

/**
 * WebSocket connections per user across two replicas (two apps in this process, each on its own
 * port) sharing one PostgreSQL database and one real Redis: the plan's limit holds for the user
 * across both, a closed connection frees its slot for the other replica, and with Redis gone each
 * replica keeps serving on its share of the limit.
 */
const postgresServer = realPostgres('websocket-replicas.test.ts');
const canRun = postgresServer.canRun;

describe.runIf(canRun)('WebSocket connections of one user on two replicas sharing Redis', () => {
  let postgres: ThrowawayPostgres | undefined;
  let redis: ThrowawayRedis;
  let database: TestDatabase;
  let node: FakeNode;
  let a: TestApp;
  let b: TestApp;
  const bases = { a: '', b: '' };

  beforeAll(async () => {
    postgres = await postgresServer.start();
    const { url } = postgres;
    redis = await startThrowawayRedis();
    database = await postgresSchema(url);
    node = await startFakeNode();
    const env = { UPSTREAM_MAINNET_URL: node.url, REDIS_URL: redis.url };
    const clock = new ManualClock();
    a = await startTestApp(env, { database, clock });
    b = await startTestApp(env, { database, clock });
    bases.a = (await a.app.listen({ host: '127.0.0.1', port: 0 })).replace(/^http/, 'ws');
    bases.b = (await b.app.listen({ host: '127.0.0.1', port: 0 })).replace(/^http/, 'ws');
  }, 60_000);
  afterAll(async () => {
    try {
      await a?.close();
      await b?.close();
      await node?.close();
      await database?.drop();
    } finally {
      await redis?.stop();
      postgres?.stop();
    }
  }, 60_000);

  const url = (replica: 'a' | 'b', holder: KeyHolder) => `${bases[replica]}/api/v1/mainnet/${holder.apiKey}`;

  /** `count` handshakes at once on a replica: the sockets opened, and the statuses of those refused. */
  async function handshakes(replica: 'a' | 'b', holder: KeyHolder, count: number): Promise<{ open: WebSocket[]; refused: number[] }> {
    const open: WebSocket[] = [];
    const refused: number[] = [];
    await Promise.all(
      Array.from({ length: count }, async () => {
        try {
          open.push((await rawClient(url(replica, holder))).socket);
        } catch {
          refused.push((await refusal(url(replica, holder))).status);
        }
      }),
    );
    return { open, refused };
  }

  it("holds the plan's 5 (Free) across both replicas; a close on one frees a slot for the other", async () => {
    const holder = await keyHolder(a.app, 'wsreplicas');
    const [onA, onB] = await Promise.all([handshakes('a', holder, 30), handshakes('b', holder, 30)]);
    expect(onA.open.length + onB.open.length).toBe(5);
    expect([...onA.refused, ...onB.refused].every((status) => status === 429)).toBe(true);
    expect((await refusal(url('b', holder))).status).toBe(429);
    const [closing] = [...onA.open, ...onB.open];
    closing?.close();
    let again: WebSocket | null = null;
    // The close reaches Redis a moment later (the slot is removed after the socket closed).
    for (let attempt = 0; attempt < 50 && again === null; attempt += 1) {
      again = await rawClient(url('b', holder)).then(
        (client) => client.socket,
        () => null,
      );
      if (again === null) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(again).not.toBeNull();
    for (const socket of [...onA.open, ...onB.open, again]) socket?.close();
  });

  it('closes the newest beyond the limit with 4002 once Redis is back: 7 opened on a limit of 5 while it was away become 5', async () => {
    const holder = await keyHolder(a.app, 'wsreconcile');
    const clients = [await rawClient(url('a', holder)), await rawClient(url('a', holder)), await rawClient(url('a', holder))];
    await redis.kill();
    try {
      // Two more on each replica, one at a time: within either replica's share however many it heard of.
      for (const replica of ['a', 'a', 'b', 'b'] as const) clients.push(await rawClient(url(replica, holder)));
    } finally {
      await redis.start();
    }
    const ended: Array<{ code: number; reason: string } | null> = clients.map(() => null);
    for (const [index, client] of clients.entries()) void client.closed.then((end) => (ended[index] = end));
    // Each replica renews its connections into Redis within 10 s of its return, and counts again.
    await until(() => ended.filter((end) => end !== null).length >= 2, 'two connections closed', 30_000);
    const overLimit = { code: 4002, reason: "beyond the plan's WebSocket connections: the newest are closed" };
    expect(ended.slice(5)).toEqual([overLimit, overLimit]);
    expect(ended.slice(0, 5).every((end) => end === null)).toBe(true);
    expect((await refusal(url('a', holder))).status).toBe(429);
    for (const { socket } of clients) socket.close();
  }, 60_000);

  it('keeps serving without Redis, each replica on its share of the limit (2 of 5 with two replicas)', async () => {
    const holder = await keyHolder(a.app, 'wsnoredis');
    // Each replica's heartbeat (every second) has heard the other: the limit is shared by two.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await redis.kill();
    try {
      const onA = await handshakes('a', holder, 5);
      expect(onA.open).toHaveLength(2);
      expect(onA.refused).toEqual([429, 429, 429]);
      for (const socket of onA.open) socket.close();
    } finally {
      await redis.start();
    }
  });
});
