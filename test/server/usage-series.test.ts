import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '@/api/schema';
import { expiredBefore } from '@/domain/usage-series';
import { METRICS_NEED_PAID_PLAN } from '@server/handlers/usage';
import { deleteExpiredUsage, newUsageMinute, type UsageMinute, writeUsageBatch, NO_CREDITS } from '@server/repos/usage';
import { keyHolder, putOnPlan, type KeyHolder } from './gateway-harness';
import { bearer, signedInUser } from './helpers/accounts';
import { hours, minutes } from './helpers/manual-clock';
import { startTestApp, type TestApp } from './helpers/test-app';

type UsageSeries = components['schemas']['UsageSeries'];
type UsageReport = components['schemas']['UsageReport'];

const days = (n: number) => n * 86_400_000;

/**
 * GET /usage/series against a seeded database: calls metered 30 minutes, 3 hours, 20
 * days and 100 days ago, then the retention job run, so each range reads the table that still
 * holds it (hours and days kept after their minutes went).
 */
describe('GET /usage/series', () => {
  let server: TestApp;
  let holder: KeyHolder;
  let keyId: number;
  let secondKeyId: number;

  async function series(query: string, token = holder.token): Promise<UsageSeries> {
    const response = await server.app.inject({ method: 'GET', url: `/api/usage/series${query}`, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  async function report(query: string): Promise<UsageReport> {
    const response = await server.app.inject({ method: 'GET', url: `/api/usage${query}`, headers: bearer(holder.token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  function minuteAgo(ms: number): number {
    return Math.floor((server.clock.now().getTime() - ms) / 60_000) * 60_000;
  }

  beforeAll(async () => {
    server = await startTestApp();
    holder = await keyHolder(server.app, 'series');
    await putOnPlan(server.app, server.clock, holder.userId, 'Developer');
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/apiKeys',
      headers: bearer(holder.token),
      payload: { name: 'second' },
    });
    expect(created.statusCode, created.body).toBe(201);
    secondKeyId = created.json<{ id: number }>().id;
    const { rows } = await server.app.db.query<{ id: number }>('SELECT id FROM api_keys WHERE key = $1', [holder.apiKey]);
    keyId = rows[0]?.id ?? 0;
    const row = (ms: number, where: Partial<UsageMinute>, counts: Partial<UsageMinute>): UsageMinute => ({
      ...newUsageMinute({
        apiKeyId: keyId,
        userId: holder.userId,
        network: 'mainnet',
        method: 'eth_call',
        minute: minuteAgo(ms),
        ...where,
      }),
      ...counts,
    });
    // Two batches for the minute 30 minutes ago: the tables add them up.
    await writeUsageBatch(server.app.db, [row(minutes(30), {}, { requests: 2, credits: 40, latency: [0, 0, 2] })], NO_CREDITS);
    await writeUsageBatch(
      server.app.db,
      [
        row(minutes(30), {}, { requests: 1, credits: 20, latency: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1] }),
        row(
          hours(3),
          { network: 'devnet', method: 'eth_getLogs' },
          {
            requests: 1,
            credits: 60,
            rateLimited: 2,
            refusedQuota: 1,
            refused: 3,
            refusedMethod: 1,
            upstreamErrors: 2,
            upstreamTimeouts: 1,
          },
        ),
        row(days(20), { apiKeyId: secondKeyId }, { requests: 5, credits: 100, latency: [5] }),
        row(days(100), { method: 'eth_blockNumber' }, { requests: 7, credits: 140 }),
      ],
      NO_CREDITS,
    );
    await deleteExpiredUsage(server.app.db, expiredBefore(server.clock.now()));
  });
  afterAll(() => server?.close());

  it('keeps the hours and days of expired minutes, and days of expired hours', async () => {
    const count = async (table: string) =>
      Number(
        (await server.app.db.query<{ n: string | number }>(`SELECT count(*) AS n FROM ${table} WHERE user_id = $1`, [holder.userId]))
          .rows[0]?.n,
      );
    expect(await count('usage_minutes')).toBe(2);
    expect(await count('usage_hours')).toBe(3);
    expect(await count('usage_days')).toBe(4);
  });

  it('draws a day by the hour: every hour listed, outcomes and latency where calls were', async () => {
    const day = await series('?range=1d');
    expect(day).toMatchObject({ range: '1d', granularity: 'hour', keyId: null, network: null, method: null });
    expect(day.from).toBe('2030-01-14T10:00:00.000Z');
    expect(day.points).toHaveLength(25);
    const at = (iso: string) => day.points.find((point) => point.start === iso);
    expect(at('2030-01-15T09:00:00.000Z')).toEqual({
      start: '2030-01-15T09:00:00.000Z',
      credits: 60,
      outcomes: {
        answered: 3,
        refused_allow_list: 0,
        refused_method: 0,
        refused_quota: 0,
        refused_rate: 0,
        upstream_error: 0,
        upstream_timeout: 0,
      },
      // Two calls within 5 ms and one over 10 s: the median is 5 ms, the 95th unknown past the last bound.
      latencyMs: { p50: 5, p95: null, p99: null },
    });
    expect(at('2030-01-15T07:00:00.000Z')).toMatchObject({
      credits: 60,
      outcomes: {
        answered: 1,
        refused_allow_list: 2,
        refused_method: 1,
        refused_quota: 1,
        refused_rate: 1,
        upstream_error: 2,
        upstream_timeout: 1,
      },
      latencyMs: { p50: null, p95: null, p99: null },
    });
    expect(day.points.reduce((sum, point) => sum + point.credits, 0)).toBe(120);
    expect(day.methods.map((row) => [row.method, row.calls])).toEqual([
      ['eth_getLogs', 9],
      ['eth_call', 3],
    ]);
  });

  it('draws a month and three by the day, from the hours and days the retention job kept', async () => {
    const month = await series('?range=1m');
    expect(month).toMatchObject({ granularity: 'day', from: '2029-12-15T00:00:00.000Z' });
    expect(month.points).toHaveLength(32);
    expect(month.points.find((point) => point.start === '2029-12-26T00:00:00.000Z')?.credits).toBe(100);
    expect(month.points.reduce((sum, point) => sum + point.credits, 0)).toBe(220);
    const quarter = await series('?range=3m');
    expect(quarter.from).toBe('2029-10-15T00:00:00.000Z');
    expect(quarter.points.reduce((sum, point) => sum + point.credits, 0)).toBe(220);
    expect(quarter.methods.map((row) => row.method)).toEqual(['eth_getLogs', 'eth_call']);
  });

  it('filters by key, network and method', async () => {
    const total = (answer: UsageSeries) => answer.points.reduce((sum, point) => sum + point.credits, 0);
    expect(total(await series(`?range=3m&keyId=${secondKeyId}`))).toBe(100);
    expect(total(await series(`?range=3m&keyId=${keyId}`))).toBe(120);
    expect(total(await series('?range=3m&network=devnet'))).toBe(60);
    expect(total(await series('?range=3m&method=eth_call'))).toBe(160);
    expect(await series('?range=1d&method=eth_call&network=devnet')).toMatchObject({ method: 'eth_call', network: 'devnet', methods: [] });
  });

  it("shows nothing of another user's key", async () => {
    const other = await keyHolder(server.app, 'other');
    await putOnPlan(server.app, server.clock, other.userId, 'Business');
    const answer = await series(`?range=3m&keyId=${keyId}`, other.token);
    expect(answer.methods).toEqual([]);
    expect(answer.points.every((point) => point.credits === 0 && point.outcomes.answered === 0)).toBe(true);
  });

  it('the usage report sums a month from the hours and three from the days', async () => {
    expect((await report('?range=1d')).totals.credits).toBe(120);
    expect((await report('?range=1m')).totals).toEqual({ requests: 9, credits: 220, rateLimited: 2, refused: 3 });
    const quarter = await report('?range=3m');
    expect(quarter.from).toBe('2029-10-15T00:00:00.000Z');
    expect(quarter.totals.credits).toBe(220);
  });

  it('is refused on Free, without a session and for bad parameters', async () => {
    const free = await signedInUser(server.app, 'free');
    const refused = await server.app.inject({ method: 'GET', url: '/api/usage/series', headers: bearer(free.token) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: METRICS_NEED_PAID_PLAN });
    expect((await server.app.inject({ method: 'GET', url: '/api/usage/series' })).statusCode).toBe(401);
    for (const query of [
      'range=1y',
      'keyId=abc',
      'keyId=0',
      'keyId=99999999999',
      'network=solana',
      'method=',
      `method=${'m'.repeat(65)}`,
      'range=1d&range=3m',
    ]) {
      const answer = await server.app.inject({ method: 'GET', url: `/api/usage/series?${query}`, headers: bearer(holder.token) });
      expect(answer.statusCode, query).toBe(400);
    }
  });

  it('60 parallel reads all answer', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, index) => series(['?range=1d', '?range=1m', '?range=3m'][index % 3] ?? '')),
    );
    expect(answers.every((answer) => answer.points.length > 0)).toBe(true);
  });
});
