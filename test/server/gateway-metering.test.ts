import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '@/api/schema';
import { call, keyHolder, me, rpc, storedCredits, setUpGatewayApp, type KeyHolder } from './gateway-harness';
import { bearer, login } from './helpers/accounts';
import { ManualClock } from './helpers/manual-clock';
import { startTestApp } from './helpers/test-app';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

type UsageReport = components['schemas']['UsageReport'];

const server = setUpGatewayApp({ devnet: true, fullBucketEachTest: true });

const logsFilter = { fromBlock: '0x0', toBlock: 'latest' };

/** Calls of every credit class, a batch among them; returns the credits they must cost. */
async function spend(app: FastifyInstance, holder: KeyHolder): Promise<number> {
  const answers = await Promise.all([
    rpc(app, holder.apiKey, call('eth_chainId', 1)),
    rpc(app, holder.apiKey, call('eth_blockNumber', 2), { network: 'devnet' }),
    rpc(app, holder.apiKey, call('eth_getLogs', 3, [logsFilter])),
    rpc(app, holder.apiKey, call('eth_sendRawTransaction', 4, ['0x00'])),
    rpc(app, holder.apiKey, [call('eth_chainId', 5), call('eth_getLogs', 6, [logsFilter])]),
  ]);
  for (const answer of answers) expect(answer.statusCode).toBe(200);
  return answers.reduce((sum, answer) => sum + Number(answer.headers['x-credits-used']), 0);
}

async function usage(app: FastifyInstance, token: string, query = ''): Promise<UsageReport> {
  const response = await app.inject({ method: 'GET', url: `/api/usage${query}`, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('metering', () => {
  it('stores exactly the credits of the calls answered, per user and per minute', async () => {
    const holder = await keyHolder(server.app);
    const spent = await spend(server.app, holder);
    expect(spent).toBe(20 + 20 + 60 + 40 + 20 + 60);
    await server.app.metering.flush();
    expect(await storedCredits(server.app, holder.userId)).toEqual({ creditsUsed: spent, metered: spent, requests: 6 });
    expect((await me(server.app, holder.token)).currentCredit).toBe(spent);
    // Once written, nothing is written twice.
    await server.app.metering.flush();
    expect((await storedCredits(server.app, holder.userId)).creditsUsed).toBe(spent);
  });

  it('counts refusals per method without charging them', async () => {
    const holder = await keyHolder(server.app);
    await server.app.inject({
      method: 'PUT',
      url: '/api/accessControl',
      headers: bearer(holder.token),
      payload: { domains: ['example.com'], ips: [], cidrs: [] },
    });
    const origin = { origin: 'https://example.com' };
    await Promise.all(
      Array.from({ length: 12 }, (_, index) => rpc(server.app, holder.apiKey, call('eth_chainId', index), { headers: origin })),
    );
    await rpc(server.app, holder.apiKey, call('eth_getLogs', 1, [logsFilter]), { headers: { origin: 'https://elsewhere.org' } });
    await server.app.metering.flush();
    const rows = await server.app.db.query<{ method: string; requests: number; credits: number; rate_limited: number; refused: number }>(
      'SELECT method, requests::int, credits::int, rate_limited::int, refused::int FROM usage_minutes WHERE user_id = $1 ORDER BY method',
      [holder.userId],
    );
    expect(rows.rows).toEqual([
      { method: 'eth_chainId', requests: 10, credits: 200, rate_limited: 2, refused: 0 },
      { method: 'eth_getLogs', requests: 0, credits: 0, rate_limited: 0, refused: 1 },
    ]);
  });

  it('reports usage by method and by usage type, with what is not written yet', async () => {
    const holder = await keyHolder(server.app);
    const spent = await spend(server.app, holder);
    const byMethod = await usage(server.app, holder.token);
    expect(byMethod).toMatchObject({
      range: '1m',
      groupBy: 'method',
      totals: { requests: 6, credits: spent, rateLimited: 0, refused: 0 },
      cycle: { creditsUsed: spent, creditsLimit: 500_000 },
    });
    expect(byMethod.rows).toEqual([
      { name: 'eth_getLogs', usageType: 'logs', requests: 2, credits: 120, rateLimited: 0, refused: 0 },
      { name: 'eth_chainId', usageType: 'standard', requests: 2, credits: 40, rateLimited: 0, refused: 0 },
      { name: 'eth_sendRawTransaction', usageType: 'transaction', requests: 1, credits: 40, rateLimited: 0, refused: 0 },
      { name: 'eth_blockNumber', usageType: 'standard', requests: 1, credits: 20, rateLimited: 0, refused: 0 },
    ]);
    const byType = await usage(server.app, holder.token, '?groupBy=usageType&range=1d');
    expect(byType.rows).toEqual([
      { name: 'logs', usageType: 'logs', requests: 2, credits: 120, rateLimited: 0, refused: 0 },
      { name: 'standard', usageType: 'standard', requests: 3, credits: 60, rateLimited: 0, refused: 0 },
      { name: 'transaction', usageType: 'transaction', requests: 1, credits: 40, rateLimited: 0, refused: 0 },
    ]);
    const created = new Date((await me(server.app, holder.token)).createdAt);
    expect(new Date(byMethod.cycle.start).getTime()).toBe(created.getTime());
    expect(byMethod.cycle.end).toBe(
      new Date(
        Date.UTC(
          2030,
          1,
          created.getUTCDate(),
          created.getUTCHours(),
          created.getUTCMinutes(),
          created.getUTCSeconds(),
          created.getUTCMilliseconds(),
        ),
      ).toISOString(),
    );
  });

  it('keeps older calls out of shorter ranges', async () => {
    const holder = await keyHolder(server.app);
    const spent = await spend(server.app, holder);
    server.clock.advance(2 * 24 * 3_600_000);
    const token = await login(server.app, holder.email);
    expect((await usage(server.app, token, '?range=1d')).totals.credits).toBe(0);
    expect((await usage(server.app, token, '?range=1m')).totals.credits).toBe(spent);
    expect((await usage(server.app, token, '?range=3m')).rows).toHaveLength(4);
    const refused = await server.app.inject({ method: 'GET', url: '/api/usage?range=1y', headers: bearer(token) });
    expect(refused.statusCode).toBe(400);
  });
});

describe('metering across a restart', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  it('writes what is still in memory when the app closes', async () => {
    const clock = new ManualClock();
    const env = { UPSTREAM_MAINNET_URL: server.node.url, UPSTREAM_DEVNET_URL: server.node.url };
    const first = await startTestApp(env, { database, clock });
    const holder = await keyHolder(first.app);
    let spent = 0;
    for (let round = 0; round < 3; round += 1) {
      clock.advance(1000);
      spent += await spend(first.app, holder);
    }
    await first.close();

    const second = await startTestApp(env, { database, clock });
    try {
      expect(await storedCredits(second.app, holder.userId)).toEqual({ creditsUsed: spent, metered: spent, requests: 18 });
      expect((await me(second.app, holder.token)).currentCredit).toBe(spent);
    } finally {
      await second.close();
    }
  });
});
