import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db } from '@server/db/db';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

/** Any fixed number: it names the lock that serialises migrations between server replicas. */
const migrationLock = 4_242_001;

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/** The numbered files of server/db/migrations (001_init.sql, 002_...), in order. */
export async function readMigrations(dir: string = migrationsDir): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => /^\d{3}_[\w-]+\.sql$/.test(file)).sort();
  return Promise.all(
    files.map(async (file) => ({
      version: Number(file.slice(0, 3)),
      name: file,
      sql: await readFile(`${dir}${file}`, 'utf8'),
    })),
  );
}

/** Applies every migration not yet recorded in schema_migrations, each in its own transaction. */
export async function migrate(db: Db, migrations?: readonly Migration[]): Promise<string[]> {
  const all = migrations ?? (await readMigrations());
  await db.transaction(async (tx) => {
    // Under the lock too: two replicas starting at once would race on CREATE TABLE IF NOT EXISTS.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [migrationLock]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  });
  const applied: string[] = [];
  for (const migration of all) {
    const didApply = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [migrationLock]);
      const done = await tx.query<{ version: number }>('SELECT version FROM schema_migrations WHERE version = $1', [migration.version]);
      if (done.rows.length > 0) return false;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      return true;
    });
    if (didApply) applied.push(migration.name);
  }
  return applied;
}

/** A database's schema against the migrations this server has: what is applied, what is not yet, what it does not know. */
export interface MigrationStatus {
  readonly applied: ReadonlyArray<{ readonly version: number; readonly name: string; readonly appliedAt: Date }>;
  /** This server's migrations the database has not had: `migrate` (or a server's start) applies them. */
  readonly pending: readonly Migration[];
  /** Applied by a newer release: this one does not have them. */
  readonly unknown: ReadonlyArray<{ readonly version: number; readonly name: string }>;
}

/** Reads schema_migrations (none yet: nothing applied) without changing anything. */
export async function migrationStatus(db: Db, migrations?: readonly Migration[]): Promise<MigrationStatus> {
  const all = migrations ?? (await readMigrations());
  const table = await db.query<{ present: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS present");
  const rows =
    table.rows[0]?.present === true
      ? (
          await db.query<{ version: number; name: string; applied_at: Date }>(
            'SELECT version, name, applied_at FROM schema_migrations ORDER BY version',
          )
        ).rows
      : [];
  const applied = rows.map((row) => ({ version: row.version, name: row.name, appliedAt: new Date(row.applied_at) }));
  const known = new Set(all.map((migration) => migration.version));
  const done = new Set(applied.map((row) => row.version));
  return {
    applied,
    pending: all.filter((migration) => !done.has(migration.version)),
    unknown: applied.filter((row) => !known.has(row.version)).map(({ version, name }) => ({ version, name })),
  };
}
