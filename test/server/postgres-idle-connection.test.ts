import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpPostgresServer } from './helpers/postgres-server';
import { startTestApp, type TestApp } from './helpers/test-app';
import type { TestDatabase } from './helpers/test-database';

/**
 * PostgreSQL ends the pool's idle connections (a server restart, `pg_terminate_backend`, a network
 * cut): pg reports that on the pool, and without a listener it is an uncaught error that stops the
 * process (vitest fails the run on it). The app goes on, and its next queries get new connections.
 */
const postgres = setUpPostgresServer();
let database: TestDatabase;
let server: TestApp;

beforeAll(async () => {
  database = await postgres.database();
  server = await startTestApp({}, { database });
});
afterAll(async () => {
  await server?.close();
  await database?.drop();
});

describe('pooled PostgreSQL connections ended by the server while idle', () => {
  it('are replaced: the app answers its next requests', async () => {
    // Several connections in the pool, then idle.
    await Promise.all(Array.from({ length: 5 }, () => server.app.db.query('SELECT pg_sleep(0.05)')));
    const admin = new pg.Client({ connectionString: database.env.DATABASE_URL });
    await admin.connect();
    try {
      const ended = await admin.query<{ n: number }>(
        `SELECT count(pg_terminate_backend(pid))::integer AS n FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'idle'`,
      );
      expect(ended.rows[0]?.n).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // The pool hears of the ends on its idle clients; the next queries open new connections.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const plans = await server.app.inject({ method: 'GET', url: '/api/plans' });
    expect(plans.statusCode).toBe(200);
    expect((await server.app.db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });
});
