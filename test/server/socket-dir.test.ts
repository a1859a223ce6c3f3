import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSocketDir, removeStaleSocketDirs } from '@server/cluster/socket-dir';

/** The pid of a process that has exited (and been reaped): nothing runs under it now. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  const pid = child.pid;
  if (pid === undefined) throw new Error('no pid');
  await new Promise((resolve) => child.once('exit', resolve));
  return pid;
}

let base: string;
beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'socket-dir-test-'));
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('the main process socket directory', () => {
  it('is private (0700) and named by this process', async () => {
    const dir = await createSocketDir(base);
    expect(dir.startsWith(join(base, `rpc-dashboard-${process.pid}-`))).toBe(true);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
  });

  it('removes only the directories of dead main processes', async () => {
    const dead = await deadPid();
    const names = {
      dead: `rpc-dashboard-${dead}-aB3dE6`,
      ours: `rpc-dashboard-${process.pid}-aB3dE6`,
      parent: `rpc-dashboard-${process.ppid}-aB3dE6`,
      unrelated: 'rpc-dashboard-notapid',
      otherTool: `other-${dead}-aB3dE6`,
    };
    for (const name of Object.values(names)) await mkdir(join(base, name));
    await writeFile(join(base, names.dead, 'api.sock'), '');
    // A file of that shape is not a directory of ours: left alone.
    const deadFile = `rpc-dashboard-${dead}-zZ9yY8`;
    await writeFile(join(base, deadFile), '');

    expect(await removeStaleSocketDirs(base)).toEqual([join(base, names.dead)]);
    expect((await readdir(base)).sort()).toEqual([names.ours, names.parent, names.unrelated, names.otherTool, deadFile].sort());
  });

  it('a new one is made after the stale ones are gone', async () => {
    const stale = join(base, `rpc-dashboard-${await deadPid()}-aB3dE6`);
    await mkdir(stale);
    const dir = await createSocketDir(base);
    expect(await readdir(base)).toEqual([dir.slice(base.length + 1)]);
  });
});
