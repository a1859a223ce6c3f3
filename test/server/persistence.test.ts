import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, readMigrations } from '@server/db/migrate';
import { openPglite } from '@server/db/pglite';
import { bearer, login, register, uniqueEmail } from './helpers/accounts';
import { startTestApp } from './helpers/test-app';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from './helpers/test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ fresh: true });
});
afterAll(() => database.drop());

describe('a restart', () => {
  it('keeps accounts, keys and sessions', async () => {
    const email = uniqueEmail();
    const first = await startTestApp({}, { database });
    // TEST_DATABASE_URL (CI) runs these tests on a PostgreSQL server instead of PGlite.
    expect(first.app.db.kind).toBe(testDatabaseUrl === undefined ? 'pglite' : 'postgres');
    await register(first.app, email);
    const token = await login(first.app, email);
    const before = (await first.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).json();
    await first.close();

    const second = await startTestApp({}, { database, clock: first.clock });
    try {
      expect(await login(second.app, email)).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const after = await second.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
      expect(after.statusCode).toBe(200);
      expect(after.json()).toEqual(before);
    } finally {
      await second.close();
    }
  });
});

describe('migrations', () => {
  it('are applied once, recorded in schema_migrations, and a second run changes nothing', async () => {
    const server = await startTestApp({}, { database });
    try {
      const files = await readMigrations();
      expect(files.map((file) => file.name)[0]).toBe('001_init.sql');
      expect(await migrate(server.app.db)).toEqual([]);
      const { rows } = await server.app.db.query<{ version: number; name: string }>(
        'SELECT version, name FROM schema_migrations ORDER BY version',
      );
      expect(rows).toEqual(files.map((file) => ({ version: file.version, name: file.name })));
      const plans = await server.app.db.query<{ count: number }>('SELECT count(*)::int AS count FROM plans');
      expect(plans.rows[0]?.count).toBe(5);
    } finally {
      await server.close();
    }
  });

  it('apply a new numbered migration after the recorded ones', async () => {
    const server = await startTestApp({}, { database });
    try {
      const extra = { version: 999, name: '999_probe.sql', sql: 'CREATE TABLE migration_probe (id integer);' };
      expect(await migrate(server.app.db, [...(await readMigrations()), extra])).toEqual(['999_probe.sql']);
      expect(await migrate(server.app.db, [...(await readMigrations()), extra])).toEqual([]);
      await server.app.db.exec('DROP TABLE migration_probe; DELETE FROM schema_migrations WHERE version = 999;');
    } finally {
      await server.close();
    }
  });
});

describe('the embedded database directory', () => {
  it('refuses a second process while another live one holds it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rpc-dashboard-lock-'));
    try {
      // Our parent process is alive and is not us: it stands for a running server.
      await writeFile(join(dir, 'server.pid'), String(process.ppid));
      await expect(openPglite(dir)).rejects.toThrow(`The data directory ${dir} is in use by process ${process.ppid}`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
