import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { projectRoot } from '@server/spa-build';

/**
 * vitest's globalSetup of the projects that start servers: an embedded database created and migrated
 * once per run, as `npm start` does on a first start (build-database-template.ts). Creating one costs
 * 2 to 3 s of CPU (initdb in WebAssembly, then every migration); copying this one about 0.4 s, and a
 * test file starts one or more. What a first start does is still tested on fresh
 * directories (npm-start, persistence, start-refusals).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'database-template-'));
  const dataDir = join(dir, 'data');
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'test/support/build-database-template.ts', dataDir], {
    cwd: projectRoot,
    encoding: 'utf8',
  });
  if (built.status !== 0) {
    await rm(dir, { recursive: true, force: true });
    throw new Error(`The tests' database template could not be built (${built.status ?? built.signal}):\n${built.stderr}`);
  }
  project.provide('databaseTemplate', dataDir);
  return () => rm(dir, { recursive: true, force: true });
}
