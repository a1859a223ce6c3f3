import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated embedded database every test database copies (database-template-setup.ts). */
    databaseTemplate: string;
  }
}

/** A data directory of its own, a copy of the run's migrated template, at `dataDir` (which must not exist yet). */
export async function copyDatabaseTemplate(dataDir: string): Promise<void> {
  await cp(inject('databaseTemplate'), dataDir, { recursive: true, errorOnExist: true, force: false });
}

/** A new temporary directory holding `data`, a copy of the template: for a server's DATA_DIR. */
export async function templateCopy(prefix: string): Promise<{ readonly dataDir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), `${prefix}-`));
  const dataDir = join(dir, 'data');
  await copyDatabaseTemplate(dataDir);
  return { dataDir, remove: () => rm(dir, { recursive: true, force: true }) };
}
