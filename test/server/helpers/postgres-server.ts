import { afterAll, beforeAll } from 'vitest';
import { findPostgresBin, startThrowawayPostgres, type ThrowawayPostgres } from '../../support/throwaway-postgres';
import { postgresDatabase, type TestDatabase, testDatabaseUrl } from './test-database';

export interface PostgresServer {
  /** A fresh database of its own on the server, dropped by its drop(). */
  database(): Promise<TestDatabase>;
}

/**
 * A PostgreSQL server for the tests of this file (or describe block) that need one whatever the run:
 * production refuses to start without DATABASE_URL. TEST_DATABASE_URL's when set (npm test's
 * PostgreSQL run), else a throw-away one started once in beforeAll and stopped in afterAll. Never
 * skipped: without either, the tests fail saying what to install.
 */
export function setUpPostgresServer(): PostgresServer {
  let throwaway: ThrowawayPostgres | undefined;
  let url = testDatabaseUrl;
  beforeAll(async () => {
    if (url !== undefined) return;
    const bin = findPostgresBin();
    if (bin === undefined) {
      throw new Error(
        'These tests need a PostgreSQL server (production requires DATABASE_URL): set TEST_DATABASE_URL, or install one (apt-get install -y postgresql) and run as root.',
      );
    }
    throwaway = await startThrowawayPostgres(bin);
    url = throwaway.url;
  });
  afterAll(() => {
    throwaway?.stop();
  });
  return {
    database: () => {
      if (url === undefined) throw new Error('no PostgreSQL server: its beforeAll did not run or failed');
      return postgresDatabase(url);
    },
  };
}
