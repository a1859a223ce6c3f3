import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@server/db/db';
import { openDatabase } from '@server/db/open';
import { newUsageMinute, writeUsageBatch } from '@server/repos/usage';
import { insertUser } from '@server/repos/users';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

/** Migration 009 (issue 24): the histogram sum the metering upsert relies on, on PGlite and PostgreSQL. */
let database: TestDatabase | undefined;
let db: Db | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  db = await openDatabase({ databaseUrl: database.env.DATABASE_URL ?? null, dataDir: database.env.DATA_DIR ?? '' });
});
afterAll(async () => {
  await db?.close();
  await database?.drop();
});

describe('add_histograms', () => {
  it.each([
    ['{1,2,3}', '{10,20,30}', [11, 22, 33]],
    ['{}', '{4,0,1}', [4, 0, 1]],
    ['{4,0,1}', '{}', [4, 0, 1]],
    ['{}', '{}', []],
    ['{1}', '{1,1}', [2, 1]],
  ])('%s + %s', async (a, b, sum) => {
    if (db === undefined) throw new Error('no database');
    const { rows } = await db.query<{ sum: Array<string | number> }>('SELECT add_histograms($1::bigint[], $2::bigint[]) AS sum', [a, b]);
    expect(rows[0]?.sum.map(Number)).toEqual(sum);
  });
});

describe('the metering batch with outcomes and latency', () => {
  it('adds counters and histograms of the same minute across batches', async () => {
    if (db === undefined) throw new Error('no database');
    const user = await insertUser(db, { email: 'outcomes@example.com', passwordHash: null, origin: 'password', now: new Date() });
    const where = { apiKeyId: 77, userId: user.id, network: 'mainnet' as const, method: 'eth_call', minute: 120_000 };
    const first = { ...newUsageMinute(where), requests: 2, credits: 40, refusedQuota: 1, rateLimited: 1, latency: [1, 1, 0] };
    const second = { ...newUsageMinute(where), upstreamErrors: 3, upstreamTimeouts: 1, latency: [0, 2, 5, 1] };
    await writeUsageBatch(db, [first], []);
    await writeUsageBatch(db, [second], []);
    await writeUsageBatch(db, [newUsageMinute(where)], []);
    const { rows } = await db.query<Record<string, unknown>>(
      `SELECT requests::int, credits::int, rate_limited::int, refused_quota::int, upstream_errors::int, upstream_timeouts::int, latency
       FROM usage_minutes WHERE api_key_id = 77`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      requests: 2,
      credits: 40,
      rate_limited: 1,
      refused_quota: 1,
      upstream_errors: 3,
      upstream_timeouts: 1,
    });
    const latency = rows[0]?.latency;
    expect(Array.isArray(latency) ? latency.map(Number) : latency).toEqual([1, 3, 5, 1]);
  });
});
