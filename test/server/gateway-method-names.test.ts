import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { newUsageMinute } from '@server/repos/usage';
import type { components } from '@/api/schema';
import { call, keyHolder, rpc, setUpGatewayApp, type KeyHolder } from './gateway-harness';
import { bearer } from './helpers/accounts';

type UsageReport = components['schemas']['UsageReport'];

/**
 * Method names are the client's strings: whatever a client sends, metering must keep writing (a
 * batch the database refuses used to be put back and refused again, for every user, forever).
 */
const server = setUpGatewayApp({ fullBucketEachTest: true });

async function usage(app: FastifyInstance, holder: KeyHolder): Promise<UsageReport> {
  const response = await app.inject({ method: 'GET', url: '/api/usage', headers: bearer(holder.token) });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function methodsStored(
  app: FastifyInstance,
  userId: number,
): Promise<Array<{ method: string; requests: number; credits: number; refused: number }>> {
  const { rows } = await app.db.query<{ method: string; requests: number; credits: number; refused: number }>(
    'SELECT method, SUM(requests)::int AS requests, SUM(credits)::int AS credits, SUM(refused)::int AS refused FROM usage_minutes WHERE user_id = $1 GROUP BY method ORDER BY method',
    [userId],
  );
  return rows;
}

describe('metering: the method names clients send', () => {
  it('counts a NUL and lone surrogates under one label, and keeps writing for everyone', async () => {
    const holder = await keyHolder(server.app);
    const other = await keyHolder(server.app, 'other');
    // Methods the gateway does not serve: refused, charged nothing, each counted as refused.
    expect((await rpc(server.app, holder.apiKey, call('\u0000', 1))).statusCode).toBe(403);
    // Both would be U+FFFD once encoded: one upsert would touch the same row twice.
    expect((await rpc(server.app, holder.apiKey, [call('\ud800', 2), call('\udc00', 3)])).statusCode).toBe(403);
    await usage(server.app, holder);
    const answered = await rpc(server.app, other.apiKey, call('eth_chainId', 4));
    expect(answered.statusCode).toBe(200);
    const report = await usage(server.app, other);
    expect(report.totals).toEqual({ requests: 1, credits: 20, rateLimited: 0, refused: 0 });
    expect(report.cycle.creditsUsed).toBe(20);
    expect((await usage(server.app, holder)).rows).toEqual([
      { name: '(invalid method)', usageType: 'standard', requests: 0, credits: 0, rateLimited: 0, refused: 3 },
    ]);
  });

  it('keeps at most 100 method names per key and minute, the rest under one label', async () => {
    const holder = await keyHolder(server.app);
    const invented = Array.from({ length: 1000 }, (_, index) => call(`invented_${index}`, index));
    // Methods the gateway does not serve: refused whole, each entry counted as refused.
    expect((await rpc(server.app, holder.apiKey, invented)).statusCode).toBe(403);
    const again = Array.from({ length: 1000 }, (_, index) => call(`again_${index}`, index));
    expect((await rpc(server.app, holder.apiKey, again)).statusCode).toBe(403);
    await server.app.metering.flush();
    const rows = await methodsStored(server.app, holder.userId);
    expect(rows).toHaveLength(101);
    expect(rows.find((row) => row.method === '(other methods)')).toEqual({
      method: '(other methods)',
      requests: 0,
      credits: 0,
      refused: 1900,
    });
    expect(rows.reduce((sum, row) => sum + row.refused, 0)).toBe(2000);
    // The next minute starts afresh.
    server.clock.advance(60_000);
    expect((await rpc(server.app, holder.apiKey, call('eth_chainId'))).statusCode).toBe(200);
    await server.app.metering.flush();
    expect((await methodsStored(server.app, holder.userId)).find((row) => row.method === 'eth_chainId')).toMatchObject({
      requests: 1,
      credits: 20,
    });
  });

  it('drops metered rows the database refuses for their content, and still writes the credits', async () => {
    const holder = await keyHolder(server.app);
    expect((await rpc(server.app, holder.apiKey, call('eth_chainId'))).statusCode).toBe(200);
    // A row no label can make safe: its user does not exist (a foreign key violation, every time).
    server.app.metering.meter.restore([
      {
        ...newUsageMinute({ apiKeyId: 1, userId: 999_999, network: 'mainnet', method: 'eth_chainId', minute: 60_000 }),
        requests: 1,
        credits: 20,
      },
    ]);
    const report = await usage(server.app, holder);
    expect(report.cycle.creditsUsed).toBe(20);
    expect((await rpc(server.app, holder.apiKey, call('eth_blockNumber'))).statusCode).toBe(200);
    const later = await usage(server.app, holder);
    expect(later.cycle.creditsUsed).toBe(40);
    expect(later.totals.requests).toBe(2);
  });
});
