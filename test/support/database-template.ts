import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated embedded database every test database copies (database-template-setup.ts). */
    databaseTemplate: string | undefined;
  }
}

/**
 * The run's migrated template; undefined where there is none: a project without the globalSetup
 * (dom), or a process a test started itself (the dom tests' billing server), where vitest's state is
 * not reachable. Those create their database as before.
 */
function databaseTemplate(): string | undefined {
  try {
    return inject('databaseTemplate');
  } catch {
    return undefined;
  }
}

/** Puts a copy of the run's template at `dataDir` (which must not exist yet); false when there is no template. */
export async function copyDatabaseTemplate(dataDir: string): Promise<boolean> {
  const template = databaseTemplate();
  if (template === undefined) return false;
  await cp(template, dataDir, { recursive: true, errorOnExist: true, force: false });
  return true;
}

/**
 * A server's DATA_DIR: a new temporary directory holding a copy of the template, or, where there is
 * no template, an embedded database in memory ('memory://', nothing to remove).
 */
export async function testDataDir(prefix: string): Promise<{ readonly dataDir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), `${prefix}-`));
  const dataDir = join(dir, 'data');
  const remove = () => rm(dir, { recursive: true, force: true });
  if (await copyDatabaseTemplate(dataDir)) return { dataDir, remove };
  await remove();
  return { dataDir: 'memory://', remove: async () => {} };
}
