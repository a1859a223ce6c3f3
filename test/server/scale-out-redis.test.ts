import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realPostgres, type ThrowawayPostgres } from '../support/throwaway-postgres';
import { startThrowawayRedis, type ThrowawayRedis } from '../support/throwaway-redis';
import { signedInUser } from './helpers/accounts';
import { startFakeNode, type FakeNode } from './helpers/fake-node';
import { keyCalls } from './helpers/key-calls';
import { ManualClock } from './helpers/manual-clock';
import { expectDeletionReachesReplica, within } from './helpers/replicas';
import { startTestApp, type TestApp } from './helpers/test-app';
import { postgresSchema, type TestDatabase } from './helpers/test-database';
import { call, me, rpc } from './gateway-harness';

/**
 * Two replicas (two apps in this process) on one PostgreSQL database and one real Redis (REDIS_URL):
 * key changes travel by Redis pub/sub, not PostgreSQL's NOTIFY. The database is TEST_DATABASE_URL's
 * server, else a throw-away one (root and Debian's binaries); Redis is always a throw-away
 * redis-server, which npm test provides.
 */
const postgresServer = realPostgres('scale-out-redis.test.ts');
const canRun = postgresServer.canRun;

const clock = new ManualClock();

async function readyz(server: TestApp): Promise<{ status: number; body: unknown }> {
  const answer = await server.app.inject({ method: 'GET', url: '/api/readyz' });
  return { status: answer.statusCode, body: answer.json() };
}

describe.runIf(canRun)('two replicas sharing one Redis (key changes)', () => {
  let postgres: ThrowawayPostgres | undefined;
  let redis: ThrowawayRedis;
  let database: TestDatabase;
  let node: FakeNode;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    postgres = await postgresServer.start();
    const { url } = postgres;
    redis = await startThrowawayRedis();
    database = await postgresSchema(url);
    node = await startFakeNode();
    const env = { UPSTREAM_MAINNET_URL: node.url, REDIS_URL: redis.url };
    a = await startTestApp(env, { database, clock });
    b = await startTestApp(env, { database, clock });
  }, 60_000);
  afterAll(async () => {
    // The throw-away servers go whatever else fails: they would outlive the run otherwise.
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

  it('/api/readyz checks Redis', async () => {
    expect(await readyz(a)).toEqual({
      status: 200,
      body: { status: 'ready', checks: ['database', 'redis', 'mainnet nodes'], degraded: [] },
    });
  });

  it('a key deleted through A is refused by B within 1 s, though B had it cached', async () => {
    await expectDeletionReachesReplica(a, b, 'redis-keys');
  });

  it('redis-server stopped and started again: B drops every cached key, and later changes keep arriving', async () => {
    const { token } = await signedInUser(a.app, 'redis-restart');
    const { apiKey } = await me(a.app, token);
    if (apiKey === null) throw new Error('no key');
    expect((await rpc(b.app, apiKey, call('eth_chainId'))).statusCode).toBe(200);
    // Changed behind the servers' backs (a hand-run SQL): nobody publishes it, so only a resync shows it.
    await a.app.db.query('DELETE FROM api_keys WHERE key = $1', [apiKey]);
    expect((await rpc(b.app, apiKey, call('eth_chainId'))).statusCode).toBe(200);
    await redis.kill();
    // While Redis is away the gateway goes on serving from its cache (no 5xx for Redis), and readiness
    // says what is missing while staying ready (every replica is degraded alike).
    expect((await rpc(b.app, apiKey, call('eth_chainId'))).statusCode).toBe(200);
    const away = await within(
      clock,
      3000,
      () => readyz(b),
      (answer) => JSON.stringify(answer.body).includes('redis: could not be reached'),
    );
    expect(away.value).toEqual({
      status: 200,
      body: { status: 'ready', checks: ['database', 'redis', 'mainnet nodes'], degraded: ['redis: could not be reached'] },
    });
    await redis.start();
    const refused = await within(
      clock,
      5000,
      async () => (await rpc(b.app, apiKey, call('eth_chainId'))).statusCode,
      (status) => status === 401,
    );
    expect(refused.value).toBe(401);
    // Subscribed again: the next change made through A reaches B.
    const next = await signedInUser(a.app, 'redis-after');
    const created = (await keyCalls(a.app, next.token).create({ name: 'after' })).json<{ id: number; apiKey: string }>();
    expect((await rpc(b.app, created.apiKey, call('eth_chainId'))).statusCode).toBe(200);
    // A publishes on its command connection: the change is sent once that one is back too (ready again).
    const back = await within(
      clock,
      5000,
      () => readyz(a),
      (answer) => !JSON.stringify(answer.body).includes('redis'),
    );
    expect(back.value.body).toMatchObject({ degraded: [] });
    expect((await keyCalls(a.app, next.token).remove(created.id)).statusCode).toBe(204);
    const again = await within(
      clock,
      1000,
      async () => (await rpc(b.app, created.apiKey, call('eth_chainId'))).statusCode,
      (status) => status === 401,
    );
    expect(again.value).toBe(401);
  }, 30_000);
});
