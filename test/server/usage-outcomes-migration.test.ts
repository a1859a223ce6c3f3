import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@server/db/db';
import { openDatabase } from '@server/db/open';
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
