import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

/** The command that provides the binary on Debian (npm test runs it when root, else prints it). */
export const redisInstallCommand = 'apt-get install -y redis-server';

/** Debian's redis-server (package redis-server), or undefined when it is not installed. */
export function findRedisServer(): string | undefined {
  return ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((path) => existsSync(path));
}

export interface ThrowawayRedis {
  /** redis://127.0.0.1:PORT — loopback only, without the password (options.password) when it has one. */
  readonly url: string;
  readonly port: number;
  /** Its working directory (removed by stop()). */
  readonly dir: string;
  /** Stops the server as a crash would (SIGKILL), keeping the port: a later start() takes it again. */
  kill(): Promise<void>;
  /** Stops it answering without closing a connection (SIGSTOP), as a stalled server or a cut network does. */
  pause(): void;
  /** Lets a paused server answer again (SIGCONT), with everything it held. */
  resume(): void;
  /** Starts it again on the same port (empty: nothing is saved). */
  start(): Promise<void>;
  /** Stops it and removes every trace. */
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Resolves once the server logs that it accepts connections; rejects with its output if it exits first. */
function ready(child: ChildProcess, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => finish(new Error(`redis-server was not ready within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Ready to accept connections')) finish(null);
    };
    const onExit = () => finish(new Error(`redis-server exited before it was ready:\n${output}`));
    function finish(error: Error | null) {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
      // Keeps reading its output (unused) so a full pipe never blocks the server.
      child.stdout?.resume();
      if (error === null) resolve();
      else reject(error);
    }
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
}

/**
 * A fresh redis-server on a free loopback port, for one test file: nothing saved to disk (`--save ''`,
 * `--appendonly no`), its working directory a temporary one that stop() removes. A server of our own,
 * never one that may be running on the default port 6379 (another project's, or Debian's service).
 */
export async function startThrowawayRedis(
  binary = findRedisServer(),
  options: { readonly password?: string } = {},
): Promise<ThrowawayRedis> {
  if (binary === undefined) throw new Error(`No redis-server found: install it (${redisInstallCommand}) and run the tests again.`);
  const dir = mkdtempSync(join(tmpdir(), 'test-redis-'));
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--daemonize', 'no'];
    if (options.password !== undefined) args.push('--requirepass', options.password);
    const started = spawn(binary, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    child = started;
    await ready(started, 10_000);
  };
  const kill = async () => {
    const running = child;
    child = null;
    if (running === null) return;
    running.kill('SIGKILL');
    await exited(running);
  };
  try {
    await start();
  } catch (error) {
    await kill();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    dir,
    kill,
    pause: () => child?.kill('SIGSTOP'),
    resume: () => child?.kill('SIGCONT'),
    start,
    stop: async () => {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
