import pg from 'pg';
import type { Db, Queryable } from '@server/db/db';

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    query: async <T>(sql: string, params: readonly unknown[] = []) => {
      const result = await client.query(sql, [...params]);
      const rows: T[] = result.rows;
      return { rows };
    },
    exec: async (sql: string) => {
      await client.query(sql);
    },
  };
}

/** Connections each replica opens at most (besides the key changes' LISTEN connection). */
export const postgresPoolSize = 10;

/** How the first connection is tried: for how long, and who hears of each failed try. */
export interface ConnectRetry {
  /** DATABASE_CONNECT_TIMEOUT_SECONDS in ms; 0 tries once. */
  readonly timeoutMs: number;
  /** A try failed and another follows after `waitMs`. */
  readonly onRetry?: (message: string, waitMs: number) => void;
}

/** Failures that may pass on their own (the server starting or restarting, a name not resolvable yet); others are said at once. */
const passingCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', '57P03']);

function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/** DATABASE_URL without its credentials: host, port and database, for a message. */
export function databaseWhere(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname || 'localhost'}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return 'its server';
  }
}

/**
 * The pool's first connection, tried again with a growing wait (250 ms doubling, 5 s at most) while
 * the failure may pass and `timeoutMs` has not run out: a replica started with its database (a
 * deploy, a restart of both) waits for it rather than exiting. The refusal names DATABASE_URL.
 */
async function firstConnection(pool: pg.Pool, databaseUrl: string, retry: ConnectRetry): Promise<void> {
  const started = performance.now();
  for (let waitMs = 250; ; waitMs = Math.min(waitMs * 2, 5000)) {
    try {
      const probe = await pool.connect();
      probe.release();
      return;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const leftMs = retry.timeoutMs - (performance.now() - started);
      const passing = passingCodes.has(codeOf(error) ?? '');
      if (!passing || leftMs <= 0) {
        const tried =
          passing && retry.timeoutMs > 0 ? ` (tried for ${Math.round(retry.timeoutMs / 1000)} s: DATABASE_CONNECT_TIMEOUT_SECONDS)` : '';
        throw new Error(`Could not connect to the database of DATABASE_URL (${databaseWhere(databaseUrl)}): ${message}${tried}`, {
          cause: error,
        });
      }
      const wait = Math.min(waitMs, leftMs);
      retry.onRetry?.(message, wait);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/**
 * A PostgreSQL server through a connection pool. An idle connection the server ends (a restart, an
 * administrator's command, a network cut) is reported to `onIdleError` and replaced by the pool at
 * its next use; without a listener pg re-throws it as an uncaught error, which would stop the process.
 */
export async function openPostgres(
  databaseUrl: string,
  onIdleError: (error: Error) => void = () => undefined,
  retry: ConnectRetry = { timeoutMs: 0 },
): Promise<Db> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: postgresPoolSize });
  pool.on('error', onIdleError);
  // Fail at start-up, with the server's own message, rather than at the first request.
  try {
    await firstConnection(pool, databaseUrl, retry);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    kind: 'postgres',
    ...wrap(pool),
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    // Idempotent: an app closing after a failed start-up may close twice.
    close: async () => {
      if (!pool.ended) await pool.end();
    },
  };
}
