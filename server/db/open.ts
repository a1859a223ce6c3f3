import type { Config } from '@server/config';
import type { Db } from '@server/db/db';
import { openPglite } from '@server/db/pglite';
import { type ConnectRetry, openPostgres } from '@server/db/postgres';
import { migrate } from '@server/db/migrate';
import { seedPlans } from '@server/db/seed-plans';

/**
 * Opens the configured database and brings its schema and plan catalogue up to date. `onIdleError`
 * hears of pooled PostgreSQL connections the server ended while idle (each is replaced); `onRetry`
 * of each failed first connection tried again (for DATABASE_CONNECT_TIMEOUT_SECONDS; once without it).
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'databaseConnectTimeoutSeconds'>>,
  onIdleError?: (error: Error) => void,
  onRetry?: ConnectRetry['onRetry'],
): Promise<Db> {
  const db = await connectDatabase(config, onIdleError, onRetry);
  try {
    await migrate(db);
    await seedPlans(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

/** The configured database as it is: no migration, no seeding (`npm run admin -- status` reads it so). */
export async function connectDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'databaseConnectTimeoutSeconds'>>,
  onIdleError?: (error: Error) => void,
  onRetry?: ConnectRetry['onRetry'],
): Promise<Db> {
  const retry: ConnectRetry = {
    timeoutMs: (config.databaseConnectTimeoutSeconds ?? 0) * 1000,
    ...(onRetry === undefined ? {} : { onRetry }),
  };
  return config.databaseUrl !== null ? await openPostgres(config.databaseUrl, onIdleError, retry) : await openPglite(config.dataDir);
}
