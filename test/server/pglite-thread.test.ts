import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation, type Db } from '@server/db/db';
import { openPglite } from '@server/db/pglite';

/**
 * The embedded database in its own thread (server/db/pglite.ts, pglite-thread.ts): the same Db as
 * in-process PGlite (values, errors with their SQLSTATE, transactions), and a long query does not
 * stop the server's event loop (gateway calls would wait behind it).
 */
let db: Db;

beforeAll(async () => {
  db = await openPglite('memory://');
  await db.exec(`
    CREATE TABLE things (id int PRIMARY KEY, note text, at timestamptz, big bigint, bytes bytea, doc jsonb);
    CREATE TABLE counter (id int PRIMARY KEY, n int NOT NULL);
    INSERT INTO counter VALUES (1, 0);
    CREATE TABLE deferred (id int PRIMARY KEY, ref int REFERENCES counter (id) DEFERRABLE INITIALLY DEFERRED);
  `);
});

afterAll(async () => {
  await db.close();
});

describe('the embedded database in its own thread', () => {
  it('hands back what PGlite parses: dates, bigints, bytes, JSON, nulls', async () => {
    const at = new Date('2026-11-24T12:00:00.000Z');
    await db.query('INSERT INTO things VALUES ($1, $2, $3, $4, $5, $6)', [
      1,
      'ß✓',
      at,
      12_345_678_901_234n,
      new Uint8Array([0, 1, 255]),
      { a: [1, 'x'] },
    ]);
    await db.query('INSERT INTO things (id) VALUES ($1)', [2]);
    const { rows } = await db.query<Record<string, unknown>>('SELECT * FROM things ORDER BY id');
    expect(rows[0]).toEqual({ id: 1, note: 'ß✓', at, big: 12_345_678_901_234, bytes: new Uint8Array([0, 1, 255]), doc: { a: [1, 'x'] } });
    expect(rows[1]).toEqual({ id: 2, note: null, at: null, big: null, bytes: null, doc: null });
  });

  it("keeps PostgreSQL's error fields: a unique violation is still one", async () => {
    const error: unknown = await db.query('INSERT INTO things (id) VALUES (1)').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(isUniqueViolation(error)).toBe(true);
    expect(error).toMatchObject({ code: '23505', constraint: 'things_pkey' });
    await expect(db.query('SELECT * FROM nowhere')).rejects.toMatchObject({ code: '42P01', message: 'relation "nowhere" does not exist' });
  });

  it('commits a transaction, and rolls back one whose work threw', async () => {
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO things (id, note) VALUES (10, $1)', ['kept']);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO things (id, note) VALUES (11, $1)', ['dropped']);
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    const { rows } = await db.query<{ id: number }>('SELECT id FROM things WHERE id IN (10, 11) ORDER BY id');
    expect(rows).toEqual([{ id: 10 }]);
  });

  it('rejects with the error COMMIT itself raised, and keeps nothing of that transaction', async () => {
    const failed = db.transaction(async (tx) => {
      await tx.query('INSERT INTO deferred VALUES (1, 99)');
    });
    await expect(failed).rejects.toMatchObject({ code: '23503' });
    expect((await db.query('SELECT * FROM deferred')).rows).toEqual([]);
  });

  it('runs 60 transactions sent at once one after another: no increment is lost', async () => {
    await Promise.all(
      Array.from({ length: 60 }, () =>
        db.transaction(async (tx) => {
          const { rows } = await tx.query<{ n: number }>('SELECT n FROM counter WHERE id = 1');
          await tx.query('UPDATE counter SET n = $1 WHERE id = 1', [(rows[0]?.n ?? 0) + 1]);
        }),
      ),
    );
    expect((await db.query('SELECT n FROM counter WHERE id = 1')).rows).toEqual([{ n: 60 }]);
  });

  it("keeps the server's event loop turning while a long query runs", async () => {
    let turns = 0;
    const ticker = setInterval(() => {
      turns += 1;
    }, 5);
    let turnsWhenDone = -1;
    try {
      await db.query('SELECT count(*) FROM generate_series(1, 3000000) AS n, LATERAL (SELECT md5(n::text)) AS h');
      turnsWhenDone = turns;
    } finally {
      clearInterval(ticker);
    }
    // In this thread the query would have run with the loop stopped: no tick before it ended.
    expect(turnsWhenDone).toBeGreaterThan(2);
  });

  it('fails every call after close with words, and closes twice without error', async () => {
    const other = await openPglite('memory://');
    await other.close();
    await other.close();
    await expect(other.query('SELECT 1')).rejects.toThrow('The embedded database is closed.');
  });
});
