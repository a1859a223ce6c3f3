import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { testDataDir } from '../../support/database-template';

/**
 * The one place tests choose their database. By default PGlite (a copy of a migrated template in a
 * temp dir, or a fresh directory). With TEST_DATABASE_URL set, a real PostgreSQL server: each test
 * database is a fresh schema there, dropped afterwards.
 */
export interface TestDatabase {
  /** Environment variables that point loadConfig at this database. */
  readonly env: Record<string, string>;
  readonly kind: 'pglite' | 'postgres';
  drop(): Promise<void>;
}

export const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;

/** A fresh schema on the PostgreSQL server at `serverUrl`, dropped by drop(). */
export async function postgresSchema(serverUrl: string): Promise<TestDatabase> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    kind: 'postgres',
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA ${schema} CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * A database of its own on the PostgreSQL server at `serverUrl`, dropped by drop(): for what a schema
 * does not separate (NOTIFY channels and advisory locks are per database) and for a started server.
 */
export async function postgresDatabase(serverUrl: string, prefix = 'test'): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const own = new URL(serverUrl);
  own.pathname = `/${name}`;
  return { kind: 'postgres', env: { DATABASE_URL: own.toString() }, drop: () => admin(`DROP DATABASE ${name} WITH (FORCE)`) };
}

/**
 * A database that lives until drop(). PGlite: a copy of the run's migrated template on disk
 * (test/support/database-template.ts), which an app may close and reopen (in memory where there is
 * no template); `fresh` starts from an empty directory instead, created and migrated by the app's
 * first start as `npm start` does.
 */
export async function createTestDatabase(options: { fresh?: boolean } = {}): Promise<TestDatabase> {
  if (testDatabaseUrl !== undefined) return postgresSchema(testDatabaseUrl);
  if (options.fresh !== true) {
    const copy = await testDataDir('rpc-dashboard-test');
    return { kind: 'pglite', env: { DATA_DIR: copy.dataDir }, drop: copy.remove };
  }
  const dir = await mkdtemp(join(tmpdir(), 'rpc-dashboard-test-'));
  return { kind: 'pglite', env: { DATA_DIR: join(dir, 'data') }, drop: () => rm(dir, { recursive: true, force: true }) };
}
