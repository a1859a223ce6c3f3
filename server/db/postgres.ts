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

/**
 * A PostgreSQL server through a connection pool. An idle connection the server ends (a restart, an
 * administrator's command, a network cut) is reported to `onIdleError` and replaced by the pool at
 * its next use; without a listener pg re-throws it as an uncaught error, which would stop the process.
 */
export async function openPostgres(databaseUrl: string, onIdleError: (error: Error) => void = () => undefined): Promise<Db> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: postgresPoolSize });
  pool.on('error', onIdleError);
  // Fail at start-up, with the server's own message, rather than at the first request.
  const probe = await pool.connect();
  probe.release();
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
