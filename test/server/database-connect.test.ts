import { createConnection, createServer, type Server } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/open';
import { freePort } from '../support/free-port';
import { setUpPostgresServer } from './helpers/postgres-server';

const postgres = setUpPostgresServer();

/** A TCP relay from `port` to the PostgreSQL server of `databaseUrl`, listening only once started. */
function relay(port: number, databaseUrl: string): { start(): void; close(): Promise<void> } {
  const target = new URL(databaseUrl);
  let server: Server | null = null;
  return {
    start: () => {
      server = createServer((client) => {
        const upstream = createConnection({ host: target.hostname, port: Number(target.port || 5432) });
        client.pipe(upstream).pipe(client);
        client.on('error', () => upstream.destroy());
        upstream.on('error', () => client.destroy());
      });
      server.listen(port, '127.0.0.1');
    },
    close: () => new Promise((resolve) => (server === null ? resolve() : server.close(() => resolve()))),
  };
}

describe('the first connection to DATABASE_URL', () => {
  it('is tried again while the server is not there yet, and opens once it is', async () => {
    const database = await postgres.database();
    onTestFinished(() => database.drop());
    const databaseUrl = database.env.DATABASE_URL ?? '';
    const port = await freePort();
    const late = relay(port, databaseUrl);
    onTestFinished(() => late.close());
    const relayed = new URL(databaseUrl);
    relayed.host = `127.0.0.1:${port}`;
    const retries: string[] = [];
    const db = await openDatabase(
      { databaseUrl: relayed.toString(), dataDir: '', databaseConnectTimeoutSeconds: 30 },
      undefined,
      (message) => {
        retries.push(message);
        // The server comes up after the first refusal.
        late.start();
      },
    );
    onTestFinished(() => db.close());
    expect(retries.length).toBeGreaterThanOrEqual(1);
    expect(retries[0]).toMatch(/ECONNREFUSED/);
    expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  }, 60_000);

  it('gives up after DATABASE_CONNECT_TIMEOUT_SECONDS, naming DATABASE_URL without its password', async () => {
    const port = await freePort();
    const retries: number[] = [];
    const started = performance.now();
    const opening = openDatabase(
      { databaseUrl: `postgres://app:s3cret-pw@127.0.0.1:${port}/dashboard`, dataDir: '', databaseConnectTimeoutSeconds: 1 },
      undefined,
      (_message, waitMs) => retries.push(waitMs),
    );
    const error = await opening.then(
      () => null,
      (refusal: unknown) => refusal,
    );
    expect(error).toBeInstanceOf(Error);
    const message = error instanceof Error ? error.message : '';
    expect(message).toMatch(
      new RegExp(
        `^Could not connect to the database of DATABASE_URL \\(127\\.0\\.0\\.1:${port}/dashboard\\): .*ECONNREFUSED.*\\(tried for 1 s: DATABASE_CONNECT_TIMEOUT_SECONDS\\)$`,
      ),
    );
    expect(message).not.toContain('s3cret-pw');
    // 250 ms, then 500 ms, then what is left of the second: a growing wait.
    expect(retries.slice(0, 2)).toEqual([250, 500]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1000);
  }, 30_000);

  it('DATABASE_CONNECT_TIMEOUT_SECONDS is 30 by default, and refused with a clear message when not whole seconds', () => {
    expect(loadConfig({}).databaseConnectTimeoutSeconds).toBe(30);
    expect(loadConfig({ DATABASE_CONNECT_TIMEOUT_SECONDS: '0' }).databaseConnectTimeoutSeconds).toBe(0);
    expect(() => loadConfig({ DATABASE_CONNECT_TIMEOUT_SECONDS: 'soon' })).toThrow(
      'DATABASE_CONNECT_TIMEOUT_SECONDS="soon" is not valid: use a whole number from 0 to 3600.',
    );
  });
});
