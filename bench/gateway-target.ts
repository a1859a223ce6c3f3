import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { findUserByEmail, setUserPlan } from '@server/repos/users';
import { projectRoot } from '@server/spa-build';

export interface RunningGateway {
  /** The RPC URL of the bench user's key on mainnet. */
  readonly url: string;
  /** The main process: its HTTP workers are its children. */
  readonly pid: number;
  stop(): Promise<void>;
}

const benchUser = { email: 'bench@example.com', password: 'Bench$Pass1' };
/**
 * A plan only the benchmark's own database has (the catalogue's plans are re-seeded at every
 * start, this row is left alone): a rate and a quota far above what one machine can send, so
 * neither is the bottleneck, while the bucket and the credit ledger still run for every call.
 */
const benchPlan = { id: 99, name: 'Bench', ratePerSecond: 10_000_000, creditsPerMonth: 1_000_000_000_000 };

/** The bench user on the bench plan in a fresh data directory; returns their key. */
async function prepare(dataDir: string): Promise<string> {
  const app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), { distDir: null });
  try {
    const registered = await app.inject({ method: 'POST', url: '/api/auth/register', payload: benchUser });
    if (registered.statusCode !== 201) throw new Error(`register answered ${registered.statusCode}: ${registered.body}`);
    await app.db.query(
      `INSERT INTO plans (id, name, description, sort_order, monthly_price_usd, credits_per_month, rate_per_second, max_keys)
       VALUES ($1, $2, 'Benchmark only', 99, NULL, $3, $4, NULL)`,
      [benchPlan.id, benchPlan.name, benchPlan.creditsPerMonth, benchPlan.ratePerSecond],
    );
    const user = await findUserByEmail(app.db, benchUser.email);
    if (user === null) throw new Error('the bench user is missing');
    await setUserPlan(app.db, user.id, { planId: benchPlan.id, frequency: 'MONTHLY', now: new Date() });
    const keys = await app.db.query<{ key: string }>('SELECT key FROM api_keys WHERE user_id = $1', [user.id]);
    const apiKey = keys.rows[0]?.key;
    if (apiKey === undefined) throw new Error('the bench user has no key');
    return apiKey;
  } finally {
    await app.close();
  }
}

function waitForStart(child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (!output.includes(' is running at ')) return;
      clearTimeout(timer);
      resolve();
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before it started:\n${output}`));
    });
  });
}

/**
 * The server as `npm start` runs it (server/start.ts, its own process, WORKERS HTTP workers, an
 * embedded database on disk; `nodeFlags` for its node, e.g. --cpu-prof) in front of the given node, with the bench user on the bench plan:
 * key lookup, the rate limiter, the credit quota and metering all run for every call.
 */
export async function startGateway(
  port: number,
  nodeUrl: string,
  workers: number,
  nodeFlags: readonly string[] = [],
): Promise<RunningGateway> {
  const dataDir = await mkdtemp(join(tmpdir(), 'gateway-bench-'));
  const apiKey = await prepare(join(dataDir, 'data'));
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    DATA_DIR: join(dataDir, 'data'),
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'info',
    UPSTREAM_MAINNET_URL: nodeUrl,
    UPSTREAM_DEVNET_URL: nodeUrl,
    WORKERS: String(workers),
    SKIP_SPA_BUILD: '1',
  };
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', 'server/start.ts'], {
    cwd: projectRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForStart(child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}/api/v1/mainnet/${apiKey}`, pid: child.pid ?? 0, stop };
}
