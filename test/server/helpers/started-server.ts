import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '@server/spa-build';
import { freePort } from '../../support/free-port';
import { goodPassword } from './accounts';

/** `npm start` as a user runs it (server/start.ts through tsx), with its own data directory. */
export interface StartedServer {
  readonly child: ChildProcess;
  readonly url: string;
  output(): string;
}

const running = new Set<ChildProcess>();

/** A test that failed half-way leaves its server running: stop it as a user would, so it stops its nodes. */
export async function stopAllStarted(): Promise<void> {
  await Promise.all([...running].map((child) => stopChild(child)));
}

/** Its pipes closed: the parent has read all it printed (at 'exit' the last lines may still be on their way). */
function allRead(child: ChildProcess): boolean {
  return [child.stdout, child.stderr].every((stream) => stream === null || stream.closed);
}

/** Stops the child, and resolves with its exit code once it has exited and everything it printed has been read. */
export function stopChild(child: ChildProcess): Promise<number | null> {
  const exited = child.exitCode !== null || child.signalCode !== null;
  if (exited && allRead(child)) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const force = exited ? undefined : setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('close', (code) => {
      clearTimeout(force);
      resolve(code);
    });
    if (!exited) child.kill('SIGTERM');
  });
}

/** server/start.ts with its data in `dataDir` on `port`, and any other settings (e.g. WORKERS). */
export function start(dataDir: string, port: number, settings: Record<string, string> = {}): Promise<StartedServer> {
  // Only what the server needs: a developer's UPSTREAM_*, DATABASE_URL or NODE_ENV must not leak in.
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    DATA_DIR: join(dataDir, 'data'),
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    SKIP_SPA_BUILD: '1',
    ...settings,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: projectRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server/start.ts did not say it runs within 90 s:\n${output}`)), 90_000);
    const onData = () => {
      // [^\s"]: in production the line is JSON, the URL inside a string.
      const match = /is running at (http:\/\/[^\s"]+)/.exec(output);
      if (match?.[1] === undefined) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      resolve({ child, url: match[1], output: () => output });
    };
    child.stdout?.on('data', onData);
    // 'close': everything it printed before it exited is in the message.
    child.once('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`server/start.ts exited (${code}) before it ran:\n${output}`));
    });
  });
}

/**
 * V8's own abort while the embedded database's WebAssembly is compiled and tiered up, a V8 bug open
 * upstream (nodejs/node#64500, "Check failed: jit_page.has_value()" in ThreadIsolation): seen once so
 * far, on Node 24 with the box at its busiest. Not the server's doing: the start is tried again.
 */
const v8JitPageAbort = /Check failed: jit_page/;

/**
 * `start` on a free port. A free port is only free until someone binds it: when another test's
 * server took it first (the child says so and exits), it starts again on another, at most 3 times;
 * so does a start that V8 aborted (v8JitPageAbort).
 */
export async function startOnFreePort(dataDir: string, settings: Record<string, string> = {}): Promise<StartedServer> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await start(dataDir, await freePort(), settings);
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      const again = /Port \d+ is already in use/.test(message) || v8JitPageAbort.test(message);
      if (!again || attempt === 3) throw error;
      if (v8JitPageAbort.test(message))
        console.warn(`server/start.ts was aborted by V8 (nodejs/node#64500); starting it again:\n${message}`);
    }
  }
}

export function stop(server: StartedServer): Promise<number | null> {
  return stopChild(server.child);
}

/** Pids of the anvil processes the server started (Linux: read from /proc). */
export function anvilChildren(parentPid: number): number[] {
  return childrenNamed(parentPid, 'anvil');
}

/** Pids of the processes named `name` that `parentPid` started (Linux: read from /proc); `node` for the HTTP workers. */
export function childrenNamed(parentPid: number, processName: string): number[] {
  if (!existsSync('/proc')) return [];
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').trim();
        const [, name = '', rest = ''] = /^\d+ \((.*)\) (.*)$/.exec(stat) ?? [];
        return name === processName && Number(rest.split(' ')[1]) === parentPid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

export async function json(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${text}`);
  return JSON.parse(text);
}

export function field(value: unknown, name: string): unknown {
  if (typeof value !== 'object' || value === null || !(name in value)) return undefined;
  const found: unknown = Reflect.get(value, name);
  return found;
}

export async function signIn(url: string, email: string): Promise<string> {
  const answer = await json(
    await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: goodPassword }),
    }),
  );
  const token = field(answer, 'access_token');
  if (typeof token !== 'string') throw new Error('no access_token');
  return token;
}

/** Registers `email` on the running server and signs in: its session token and the key signup made. */
export async function signUp(url: string, email: string): Promise<{ token: string; apiKey: string }> {
  await json(
    await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: goodPassword }),
    }),
  );
  const token = await signIn(url, email);
  const apiKey = field(await getMe(url, token), 'apiKey');
  if (typeof apiKey !== 'string') throw new Error('no apiKey');
  return { token, apiKey };
}

export async function getMe(url: string, token: string): Promise<unknown> {
  return json(await fetch(`${url}/api/users/me`, { headers: { authorization: `Bearer ${token}` } }));
}

export async function rpcOver(url: string, network: string, apiKey: string, method: string, params: unknown[] = []): Promise<Response> {
  return fetch(`${url}/api/v1/${network}/${apiKey}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
}
