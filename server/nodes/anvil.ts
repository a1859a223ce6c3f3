import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import { UPSTREAM_URL_SETTINGS } from '@/domain/networks';
import { freeLoopbackPort } from '@server/nodes/free-port';

/** A running anvil (a real EVM node: the binary of npm @foundry-rs/anvil-linux-amd64, the platform package of @foundry-rs/anvil) on loopback. */
export interface AnvilNode {
  readonly url: string;
  readonly port: number;
  readonly chainId: number;
  /** The process id (e.g. for the benchmark's CPU accounting). */
  readonly pid: number;
  /** Stops the process (SIGTERM, then SIGKILL after 3 s); resolves once it is gone. */
  stop(): Promise<void>;
}

export interface AnvilOptions {
  readonly chainId: number;
  /** More command-line flags (e.g. a block time). */
  readonly args?: readonly string[];
  /** How long to wait for the node to answer its first call. */
  readonly readyTimeoutMs?: number;
}

const platformPackages: Readonly<Record<string, string>> = {
  'linux-x64': 'anvil-linux-amd64',
  'linux-arm64': 'anvil-linux-arm64',
  'darwin-x64': 'anvil-darwin-amd64',
  'darwin-arm64': 'anvil-darwin-arm64',
  'win32-x64': 'anvil-win32-amd64',
};

/** The anvil binary that npm installed for this platform (never a download). */
export function anvilBinary(): string {
  const packageName = platformPackages[`${process.platform}-${process.arch}`];
  if (packageName === undefined)
    throw new Error(`anvil has no binary for ${process.platform}-${process.arch}: set ${UPSTREAM_URL_SETTINGS}.`);
  const require = createRequire(import.meta.url);
  let packageJson: string;
  try {
    packageJson = require.resolve(`@foundry-rs/${packageName}/package.json`);
  } catch {
    throw new Error(`@foundry-rs/${packageName} is not installed (run npm install), or set ${UPSTREAM_URL_SETTINGS}.`);
  }
  return join(dirname(packageJson), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
}

let setprivPath: string | null | undefined;

/** util-linux's setpriv, if this is Linux and it is installed (Debian's util-linux is essential). */
function setpriv(): string | null {
  if (setprivPath !== undefined) return setprivPath;
  setprivPath = null;
  if (process.platform !== 'linux') return setprivPath;
  for (const dir of (process.env.PATH ?? '').split(delimiter).concat('/usr/bin', '/bin')) {
    try {
      accessSync(join(dir, 'setpriv'), constants.X_OK);
      setprivPath = join(dir, 'setpriv');
      break;
    } catch {
      // not in this directory
    }
  }
  return setprivPath;
}

/**
 * The command that runs anvil. On Linux, setpriv sets the parent-death signal and execs anvil in
 * its own place (same pid, still our child): the kernel kills anvil when the thread that spawned
 * it ends, so even `kill -9` of the server leaves no node behind. Elsewhere, the exit hook below.
 */
function anvilCommand(binary: string, args: readonly string[]): [string, string[]] {
  const wrapper = setpriv();
  return wrapper === null ? [binary, [...args]] : [wrapper, ['--pdeathsig', 'KILL', '--', binary, ...args]];
}

/** Nodes still running: killed when this process exits, whatever the way (a node must not outlive us). */
const running = new Set<ChildProcess>();
let exitHookInstalled = false;

function killOnExit(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}

async function answersChainId(url: string, chainId: number): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1000),
    });
    const answer: unknown = await response.json();
    return typeof answer === 'object' && answer !== null && 'result' in answer && answer.result === `0x${chainId.toString(16)}`;
  } catch {
    return false;
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

type Attempt = { node: AnvilNode } | { exited: string };

async function attempt(binary: string, options: AnvilOptions): Promise<Attempt> {
  const port = await freeLoopbackPort();
  const url = `http://127.0.0.1:${port}`;
  // --quiet: no line per call (it would cost the node throughput, and nobody reads it).
  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(options.chainId), '--quiet', ...(options.args ?? [])];
  const [command, commandArgs] = anvilCommand(binary, args);
  const child = spawn(command, commandArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
  killOnExit(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-2000);
  });
  let exited: string | null = null;
  child.once('error', (error) => {
    exited = error.message;
  });
  child.once('exit', (code, signal) => {
    exited ??= `anvil exited (${signal ?? `code ${code}`})${stderr.trim() === '' ? '' : `: ${stderr.trim()}`}`;
  });
  const deadline = Date.now() + (options.readyTimeoutMs ?? 20_000);
  while (Date.now() < deadline) {
    if (exited !== null) return { exited };
    if (await answersChainId(url, options.chainId)) {
      const node: AnvilNode = { url, port, chainId: options.chainId, pid: child.pid ?? 0, stop: () => stopChild(child) };
      return { node };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stopChild(child);
  throw new Error(
    `anvil did not answer on ${url} within ${options.readyTimeoutMs ?? 20_000} ms${stderr.trim() === '' ? '' : `: ${stderr.trim()}`}`,
  );
}

/**
 * Starts anvil on a free loopback port and resolves once it answers eth_chainId. The port is
 * probed free just before; if another process takes it meanwhile anvil exits, and we try another.
 */
export async function startAnvil(options: AnvilOptions): Promise<AnvilNode> {
  const binary = anvilBinary();
  let lastFailure = '';
  for (let tries = 0; tries < 3; tries += 1) {
    const result = await attempt(binary, options);
    if ('node' in result) return result.node;
    lastFailure = result.exited;
  }
  throw new Error(`Could not start anvil: ${lastFailure}`);
}
