import { lstat, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const prefix = 'rpc-dashboard-';
/** `rpc-dashboard-<pid>-<mkdtemp's 6 characters>`: the pid says whose it is. */
const namePattern = /^rpc-dashboard-(\d+)-[A-Za-z0-9]{6}$/;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return !(typeof error === 'object' && error !== null && 'code' in error && error.code === 'ESRCH');
  }
}

/**
 * Removes the socket directories that a main process killed without its shutdown (kill -9, a
 * crash) left in `base`: ours (same owner), named by a pid that no longer runs.
 */
export async function removeStaleSocketDirs(base: string = tmpdir()): Promise<string[]> {
  const uid = process.getuid?.();
  const removed: string[] = [];
  for (const name of await readdir(base)) {
    const pid = Number(namePattern.exec(name)?.[1] ?? Number.NaN);
    if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid || isRunning(pid)) continue;
    const path = join(base, name);
    try {
      const stat = await lstat(path);
      if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid)) continue;
      await rm(path, { recursive: true, force: true });
      removed.push(path);
    } catch {
      // Gone meanwhile (another start cleaning too), or not ours to remove.
    }
  }
  return removed;
}

/**
 * A new private directory (mode 0700, a name nobody can take first: mkdtemp) for the main
 * process's socket, after removing those of dead main processes.
 */
export async function createSocketDir(base: string = tmpdir()): Promise<string> {
  await removeStaleSocketDirs(base);
  return mkdtemp(join(base, `${prefix}${process.pid}-`));
}
