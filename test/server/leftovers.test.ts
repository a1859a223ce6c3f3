import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../support/free-port';
import { uniqueEmail } from './helpers/accounts';
import { anvilChildren, json, rpcOver, signUp, start, stop, stopAllStarted } from './helpers/started-server';

/** Processes whose parent is `parentPid` (Linux: read from /proc). */
function childrenOf(parentPid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const [, rest = ''] = /^\d+ \(.*\) (.*)$/.exec(readFileSync(`/proc/${pid}/stat`, 'utf8').trim()) ?? [];
        return Number(rest.split(' ')[1]) === parentPid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/** Gone, or a zombie waiting for whoever adopted it to reap it: it runs no more. */
function isGone(pid: number): boolean {
  try {
    const [, rest = ''] = /^\d+ \(.*\) (.*)$/.exec(readFileSync(`/proc/${pid}/stat`, 'utf8').trim()) ?? [];
    return rest.startsWith('Z') || rest.startsWith('X');
  } catch {
    return true;
  }
}

let base: string;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'leftovers-'));
});
afterAll(async () => {
  await stopAllStarted();
  await rm(base, { recursive: true, force: true });
});

describe.runIf(process.platform === 'linux')('npm start killed with SIGKILL (WORKERS=2, local anvil nodes)', () => {
  it('leaves no node or worker running, and the next start removes its socket directory and works', async () => {
    const port = await freePort();
    // The server's tmpdir: its socket directories are made here, where this test can see them.
    const socketBase = join(base, 'tmp');
    await mkdir(socketBase);
    const settings = { WORKERS: '2', TMPDIR: socketBase };

    const first = await start(join(base, 'data'), port, settings);
    const pid = first.child.pid ?? -1;
    const nodes = anvilChildren(pid);
    expect(nodes).toHaveLength(2);
    // Not tsx's esbuild service: the processes forked with server/cluster/worker.ts.
    const workers = childrenOf(pid).filter((child) => cmdline(child).includes('server/cluster/worker.ts'));
    expect(workers).toHaveLength(2);
    // (tsx keeps its cache in the same tmpdir.)
    const socketDirs = () => readdirSync(socketBase).filter((name) => name.startsWith('rpc-dashboard-'));
    const ownDirs = () => socketDirs().filter((name) => name.startsWith(`rpc-dashboard-${pid}-`));
    expect(ownDirs()).toHaveLength(1);

    first.child.kill('SIGKILL');
    await vi.waitFor(() => expect([...nodes, ...workers].filter((child) => !isGone(child))).toEqual([]), { timeout: 20_000, interval: 50 });
    // Nobody was left to remove it.
    expect(ownDirs()).toHaveLength(1);

    const second = await start(join(base, 'data'), port, settings);
    try {
      expect(ownDirs()).toEqual([]);
      expect(socketDirs()).toHaveLength(1);
      const { apiKey } = await signUp(second.url, uniqueEmail('leftovers'));
      expect(await json(await rpcOver(second.url, 'mainnet', apiKey, 'eth_chainId'))).toEqual({ jsonrpc: '2.0', id: 1, result: '0x138de' });
    } finally {
      expect(await stop(second)).toBe(0);
    }
    expect(socketDirs()).toEqual([]);
    for (const node of nodes) expect(existsSync(`/proc/${node}`) && !isGone(node)).toBe(false);
  }, 240_000);
});
