import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPublicClient, createWalletClient, defineChain, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '@server/spa-build';
import { copyCheckout } from '../support/checkout-copy';
import { freePort } from '../support/free-port';
import { uniqueEmail } from './helpers/accounts';
import { json, rpcOver, signUp } from './helpers/started-server';

/**
 * `npm start` as an operator or a container runs it: the npm process itself, in a copy of the
 * project as a fresh clone has it (no dist/, node_modules linked), signalled as `docker stop` and
 * Ctrl-C signal it. What it must do: build the dashboard without touching the server's own settings
 * (WORKERS=2 starts: Vite's NODE_ENV=production once reached the HTTP workers), say where the local
 * nodes are and which accounts they fund, and stop gracefully — no process left behind — on
 * SIGTERM and SIGINT sent to npm.
 */
let dir: string;
let clone: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'npm-start-'));
  clone = join(dir, 'clone');
  await copyCheckout(projectRoot, clone);
  // `npm install`'s result, linked: installing again would take minutes and change nothing here.
  await symlink(join(projectRoot, 'node_modules'), join(clone, 'node_modules'), 'dir');
}, 60_000);

const running = new Set<ChildProcess>();
/** The processes below each npm started, with their start times: one that outlived npm (orphaned) is found here, not under npm. */
const leftovers = new Map<number, string | null>();

afterAll(async () => {
  // A test that failed half-way: its server is stopped the hard way, nodes and workers with it.
  for (const child of running) for (const pid of [...descendants(child.pid ?? -1), child.pid ?? -1]) kill(pid, 'SIGKILL');
  // The start time tells one of ours from another process that got its pid since.
  for (const [pid, started] of leftovers) if (alive(pid) && started !== null && startTime(pid) === started) kill(pid, 'SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

function kill(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

/** Every process below `pid` (Linux: read from /proc). */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // ended meanwhile
    }
  }
  const found: number[] = [];
  const queue = [pid];
  for (let parent = queue.shift(); parent !== undefined; parent = queue.shift()) {
    for (const [child, itsParent] of parents) {
      if (itsParent !== parent) continue;
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** When the process started (field 22 of /proc/PID/stat), or null if it is gone. */
function startTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    // A zombie has exited: only its entry is left for its parent to collect.
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

interface NpmStart {
  readonly npm: ChildProcess;
  readonly url: string;
  output(): string;
  /** npm's exit code, once it has exited. */
  readonly exited: Promise<number | null>;
  /** Once everything it and the processes below it printed is read (they all closed the pipes). */
  readonly closed: Promise<void>;
}

/** `npm start` in the clone, in local mode on a free port with its own data directory, until it says it runs. */
function npmStart(
  settings: Record<string, string>,
  options: { readonly ownGroup?: boolean; readonly script?: readonly string[] } = {},
): Promise<NpmStart> {
  return freePort().then(
    (port) =>
      new Promise((resolve, reject) => {
        // A shell's environment: no NODE_ENV, nothing of vitest's or of the npm running this test.
        const env = {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? tmpdir(),
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: join(dir, `data-${port}`),
          ...settings,
        };
        // ownGroup: npm leads a process group of its own, as a terminal's foreground job does.
        const npm = spawn('npm', [...(options.script ?? ['start'])], {
          cwd: clone,
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
          detached: options.ownGroup === true,
        });
        running.add(npm);
        let output = '';
        npm.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
        npm.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
        const exited = new Promise<number | null>((done) => npm.once('exit', done));
        const closed = new Promise<void>((done) => npm.once('close', () => done()));
        // 'close': what it printed before it exited is in the message.
        void closed.then(() => reject(new Error(`npm start exited (${npm.exitCode}) before the server ran:\n${output}`)));
        const timer = setTimeout(() => reject(new Error(`npm start did not say it runs within 240 s:\n${output}`)), 240_000);
        const onData = () => {
          const match = /is running at (http:\/\/[^\s"]+)/.exec(output);
          if (match?.[1] === undefined) return;
          clearTimeout(timer);
          npm.stdout?.off('data', onData);
          resolve({ npm, url: match[1], output: () => output, exited, closed });
        };
        npm.stdout?.on('data', onData);
      }),
  );
}

/** True once nothing accepts connections on the URL's port. */
function refused(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/**
 * Sends `signal` to the npm process only, as `docker stop` or `kill <pid>` does (or with `group`, to
 * its whole process group, as a terminal's Ctrl-C does); then everything below it must end.
 */
async function stopWith(started: NpmStart, signal: NodeJS.Signals, options: { readonly group?: boolean } = {}): Promise<void> {
  const pid = started.npm.pid ?? -1;
  const below = descendants(pid);
  for (const pid of below) leftovers.set(pid, startTime(pid));
  // The server, its two anvil nodes (and its workers): all of them must be gone after the signal.
  expect(below.length).toBeGreaterThanOrEqual(3);
  if (options.group === true) process.kill(-pid, signal);
  else started.npm.kill(signal);
  const code = await started.exited;
  running.delete(started.npm);
  // npm waits for the server: it exits after it, with its status. Nothing of the server may be left
  // running: each process below is waited for until it is gone (on a busy machine a node or worker
  // may take seconds to be reaped); the bound only turns a hang into a failure that names them.
  const deadline = Date.now() + 120_000;
  while (below.some(alive) && Date.now() < deadline) await new Promise((wait) => setTimeout(wait, 100));
  expect(below.filter(alive)).toEqual([]);
  await started.closed;
  expect(code).toBe(0);
  expect(started.output()).toContain(`${signal}: shutting down...`);
  expect(await refused(started.url)).toBe(true);
}

/** The local nodes start-up names: network, URL, chain id. */
function printedNodes(output: string): Array<{ network: string; url: string; chainId: number }> {
  return [...output.matchAll(/^ {2}(mainnet|devnet) +(http:\/\/\S+) {2}chain id (\d+)$/gm)].map(([, network = '', url = '', chainId]) => ({
    network,
    url,
    chainId: Number(chainId),
  }));
}

/** A contract whose code returns 42 (PUSH1 42, PUSH1 0, MSTORE, PUSH1 32, PUSH1 0, RETURN), and the init code that deploys it. */
const runtimeCode = '0x602a60005260206000f3';
const initCode = '0x69602a60005260206000f3600052600a6016f3';

function isHex(value: string): value is `0x${string}` {
  return /^0x[0-9a-fA-F]+$/.test(value);
}

/** Deploys the contract on `url` with the printed account, as a developer would (viem, a key signed locally). */
async function deployWith(url: string, chainId: number, privateKey: `0x${string}`): Promise<string | undefined> {
  const chain = defineChain({
    id: chainId,
    name: 'local anvil',
    nativeCurrency: { name: 'BERA', symbol: 'BERA', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  });
  const wallet = createWalletClient({ account: privateKeyToAccount(privateKey), chain, transport: http(url) });
  const reader = createPublicClient({ chain, transport: http(url) });
  const hash = await wallet.sendTransaction({ data: initCode });
  const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.contractAddress === null || receipt.contractAddress === undefined) return undefined;
  return reader.getCode({ address: receipt.contractAddress });
}

describe('npm start from a fresh clone', () => {
  it('builds the dashboard in its own process and starts with WORKERS=2; SIGTERM to npm stops it all gracefully', async () => {
    expect(existsSync(join(clone, 'dist'))).toBe(false);
    const started = await npmStart({ WORKERS: '2' });
    expect(started.output()).toContain('Building the dashboard');
    expect(existsSync(join(clone, 'dist', 'index.html'))).toBe(true);

    const plans = await fetch(`${started.url}/api/plans`);
    expect(plans.status).toBe(200);
    expect(await plans.json()).toEqual(expect.arrayContaining([expect.objectContaining({ name: expect.any(String) })]));
    const { apiKey } = await signUp(started.url, uniqueEmail('npmstart'));
    expect(await json(await rpcOver(started.url, 'mainnet', apiKey, 'eth_chainId'))).toEqual({ jsonrpc: '2.0', id: 1, result: '0x138de' });

    await stopWith(started, 'SIGTERM');
  }, 300_000);

  it('drains once on Ctrl-C in a terminal (SIGINT to the whole process group: npm relays a copy to the server)', async () => {
    const started = await npmStart({ WORKERS: '1' }, { ownGroup: true });
    await stopWith(started, 'SIGINT', { group: true });
    expect(started.output()).not.toContain('exiting now');
  }, 300_000);

  it('npm run dev (Vite dev server in front of the API): SIGTERM to npm stops it all gracefully, not by Vite alone', async () => {
    const started = await npmStart({ DEV_API_PORT: String(await freePort()) }, { script: ['run', 'dev'] });
    await stopWith(started, 'SIGTERM');
  }, 300_000);

  it('says where the local nodes are and which funded accounts to use; SIGINT to npm stops it all gracefully', async () => {
    // dist/ was built by the test above (or is built now): this start is the second one.
    const started = await npmStart({ WORKERS: '1' });
    // Printed once the server listens, right after the line with its URL.
    for (let waited = 0; !started.output().includes('These keys are public') && waited < 5000; waited += 50)
      await new Promise((wait) => setTimeout(wait, 50));
    const output = started.output();
    const nodes = printedNodes(output);
    expect(nodes.map(({ network, chainId }) => [network, chainId])).toEqual([
      ['mainnet', 80094],
      ['devnet', 80069],
    ]);
    const printedKey = /^ {2}(0x[0-9a-fA-F]{40}) {2}private key (0x[0-9a-f]{64})$/m.exec(output);
    const [, address = '', key = ''] = printedKey ?? [];
    if (!isHex(key)) throw new Error(`no private key printed:\n${output}`);
    expect(privateKeyToAccount(key).address).toBe(address);
    expect(output).toMatch(/10 well-known development accounts with 10,000 ETH apiece \(mnemonic "(\w+ ){11}\w+"\)/);
    for (const node of nodes) {
      const chainId = await json(
        await fetch(node.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
        }),
      );
      expect(chainId).toEqual({ jsonrpc: '2.0', id: 1, result: `0x${node.chainId.toString(16)}` });
      expect(await deployWith(node.url, node.chainId, key)).toBe(runtimeCode);
    }

    await stopWith(started, 'SIGINT');
  }, 300_000);
});
