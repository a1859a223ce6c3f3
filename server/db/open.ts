import type { Config } from '@server/config';
import type { Db } from '@server/db/db';
import { openPglite } from '@server/db/pglite';
import { openPostgres } from '@server/db/postgres';
import { migrate } from '@server/db/migrate';
import { seedPlans } from '@server/db/seed-plans';

/**
 * Opens the configured database and brings its schema and plan catalogue up to date. `onIdleError`
 * hears of pooled PostgreSQL connections the server ended while idle (each is replaced).
 */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>, onIdleError?: (error: Error) => void): Promise<Db> {
  const db = config.databaseUrl !== null ? await openPostgres(config.databaseUrl, onIdleError) : await openPglite(config.dataDir);
  try {
    await migrate(db);
    await seedPlans(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
