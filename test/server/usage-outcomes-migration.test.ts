import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@server/db/db';
import { migrate, readMigrations } from '@server/db/migrate';
import { openDatabase } from '@server/db/open';
import { openPglite } from '@server/db/pglite';
import { openPostgres } from '@server/db/postgres';
import { seedPlans } from '@server/db/seed-plans';
import { newUsageMinute, writeUsageBatch, NO_CREDITS } from '@server/repos/usage';
import { insertUser } from '@server/repos/users';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

/** Migrations 009 and 010: the histogram sum the metering upsert relies on, and the hours and days, on PGlite and PostgreSQL. */
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
    const user = await insertUser(db, {
      email: 'outcomes@example.com',
      passwordHash: null,
      origin: 'password',
      now: new Date(),
      emailVerified: false,
    });
    const where = { apiKeyId: 77, userId: user.id, network: 'mainnet' as const, method: 'eth_call', minute: 120_000 };
    const first = { ...newUsageMinute(where), requests: 2, credits: 40, refusedQuota: 1, rateLimited: 1, latency: [1, 1, 0] };
    const second = { ...newUsageMinute(where), upstreamErrors: 3, upstreamTimeouts: 1, latency: [0, 2, 5, 1] };
    await writeUsageBatch(db, [first], NO_CREDITS);
    await writeUsageBatch(db, [second], NO_CREDITS);
    await writeUsageBatch(db, [newUsageMinute(where)], NO_CREDITS);
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

describe('migration 010: hours and days of what 009 metered', () => {
  it('sums the existing minutes into UTC hours and days, histograms included', async () => {
    const fresh = await createTestDatabase({ fresh: true });
    const raw = fresh.kind === 'postgres' ? await openPostgres(fresh.env.DATABASE_URL ?? '') : await openPglite(fresh.env.DATA_DIR ?? '');
    try {
      const all = await readMigrations();
      await migrate(
        raw,
        all.filter((migration) => migration.version <= 9),
      );
      await seedPlans(raw);
      // Raw SQL: the users table as migration 009 left it (insertUser writes today's columns).
      const inserted = await raw.query<{ id: number }>(
        "INSERT INTO users (email, origin, plan_id, cycle_start, created_at) VALUES ('backfill@example.com', 'password', 1, now(), now()) RETURNING id",
      );
      const user = { id: inserted.rows[0]?.id ?? 0 };
      const insert = (minute: string, requests: number, latency: string) =>
        raw.query(
          `INSERT INTO usage_minutes (api_key_id, user_id, network, method, minute, requests, credits, upstream_errors, latency)
           VALUES (5, $1, 'mainnet', 'eth_call', $2, $3::bigint, $3::bigint * 20, 1, $4::bigint[])`,
          [user.id, minute, requests, latency],
        );
      await insert('2030-01-14T23:58:00Z', 1, '{1}');
      await insert('2030-01-14T23:59:00Z', 2, '{0,2}');
      await insert('2030-01-15T00:01:00Z', 4, '{}');
      expect(await migrate(raw)).toContain('010_usage_hours_days.sql');
      const read = async (table: string, start: string) =>
        (
          await raw.query<{
            start: Date;
            requests: string | number;
            credits: string | number;
            upstream_errors: string | number;
            latency: unknown[];
          }>(`SELECT ${start} AS start, requests, credits, upstream_errors, latency FROM ${table} ORDER BY ${start}`)
        ).rows.map((row) => ({
          start: new Date(row.start).toISOString(),
          requests: Number(row.requests),
          credits: Number(row.credits),
          upstreamErrors: Number(row.upstream_errors),
          latency: row.latency.map(Number),
        }));
      const expected = [
        { start: '2030-01-14T23:00:00.000Z', requests: 3, credits: 60, upstreamErrors: 2, latency: [1, 2] },
        { start: '2030-01-15T00:00:00.000Z', requests: 4, credits: 80, upstreamErrors: 1, latency: [] },
      ];
      expect(await read('usage_hours', 'hour')).toEqual(expected);
      expect(await read('usage_days', 'day')).toEqual([
        { ...expected[0], start: '2030-01-14T00:00:00.000Z' },
        { ...expected[1], start: '2030-01-15T00:00:00.000Z' },
      ]);
    } finally {
      await raw.close();
      await fresh.drop();
    }
  });
});
