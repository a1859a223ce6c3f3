import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NETWORKS, upstreamSettings } from '@/domain/networks';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { findUserByEmail, setUserPlan } from '@server/repos/users';
import { projectRoot } from '@server/spa-build';
import { serverBuildDir } from '@server/server-build';
import { lowestWith } from '@/domain/plan-catalog';

export interface RunningGateway {
  /** The RPC URL of the first key on mainnet. */
  readonly url: string;
  /** The RPC URLs of every key prepared (`benchUsers` on the bench plan, default one, or `freeKeys` on Free). */
  readonly urls: readonly string[];
  readonly apiKeys: readonly string[];
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
export const benchPlan = { id: 99, name: 'Bench', ratePerSecond: 10_000_000, creditsPerMonth: 1_000_000_000_000 };

type Prepared = Awaited<ReturnType<typeof buildApp>>;

/**
 * The bench user on the bench plan; returns their key. With `users` > 1, that many users on it
 * (bench-0@…, bench-1@…), one key each: what a user may hold at once that is not the plan's rate or
 * quota (WebSocket connections, src/domain/plan-catalog.ts) is spread over them.
 */
async function prepareBenchPlan(app: Prepared, users = 1): Promise<string[]> {
  await app.db.query(
    `INSERT INTO plans (id, name, description, sort_order, monthly_price_usd, credits_per_month, rate_per_second, max_keys)
     VALUES ($1, $2, 'Benchmark only', 99, NULL, $3, $4, NULL)`,
    [benchPlan.id, benchPlan.name, benchPlan.creditsPerMonth, benchPlan.ratePerSecond],
  );
  const keys: string[] = [];
  for (let index = 0; index < users; index += 1) {
    const email = users === 1 ? benchUser.email : `bench-${index}@example.com`;
    // A documentation address per account: sign-ups are limited per address.
    const remoteAddress = `192.0.2.${(index % 250) + 1}`;
    const registered = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: benchUser.password },
      remoteAddress,
    });
    if (registered.statusCode !== 201) throw new Error(`register answered ${registered.statusCode}: ${registered.body}`);
    const user = await findUserByEmail(app.db, email);
    if (user === null) throw new Error(`${email} is missing`);
    await setUserPlan(app.db, user.id, { planId: benchPlan.id, frequency: 'MONTHLY', now: new Date() });
    const found = await app.db.query<{ key: string }>('SELECT key FROM api_keys WHERE user_id = $1', [user.id]);
    const apiKey = found.rows[0]?.key;
    if (apiKey === undefined) throw new Error(`${email} has no key`);
    keys.push(apiKey);
  }
  return keys;
}

/**
 * `count` new users on Free, one key each (the key every account gets at sign-up): the rate limit
 * is per user, so 300 req/s over 40 users stays under Free's 10 per second each.
 */
async function prepareFreeKeys(app: Prepared, count: number): Promise<string[]> {
  const keys: string[] = [];
  for (let user = 0; user < count; user += 1) {
    const email = `free-${user}@example.com`;
    // A documentation address per account: sign-ups are limited per address.
    const remoteAddress = `192.0.2.${(user % 250) + 1}`;
    const registered = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: benchUser.password },
      remoteAddress,
    });
    if (registered.statusCode !== 201) throw new Error(`register answered ${registered.statusCode}: ${registered.body}`);
    const found = await app.db.query<{ key: string }>('SELECT k.key FROM api_keys k JOIN users u ON u.id = k.user_id WHERE u.email = $1', [
      email,
    ]);
    const apiKey = found.rows[0]?.key;
    if (apiKey === undefined) throw new Error(`${email} has no key`);
    keys.push(apiKey);
  }
  return keys;
}

/**
 * The Free-plan users' accounts moved to the lowest plan with a request log (Developer, 50 calls a
 * second each), as `npm run admin -- set-plan` does: their keys log their calls, unless
 * `requestLog` is false, which turns each key's log off as the dashboard does.
 */
async function moveToDeveloper(app: Prepared, count: number, requestLog: boolean): Promise<void> {
  const planId = lowestWith('requestLog').id;
  for (let user = 0; user < count; user += 1) {
    const found = await findUserByEmail(app.db, `free-${user}@example.com`);
    if (found === null) throw new Error(`free-${user}@example.com is missing`);
    await setUserPlan(app.db, found.id, { planId, frequency: 'MONTHLY', now: new Date() });
    await app.db.query('UPDATE api_keys SET request_log = $2 WHERE user_id = $1', [found.id, requestLog]);
  }
}

/** A fresh database (DATA_DIR or DATABASE_URL) with the bench's accounts; returns the keys to call with. */
async function prepare(
  database: Readonly<Record<string, string>>,
  freeKeys: number | undefined,
  benchUsers: number | undefined,
  developer: { readonly requestLog: boolean } | undefined,
): Promise<string[]> {
  const app = await buildApp(loadConfig({ ...database, LOG_LEVEL: 'silent' }), { distDir: null });
  try {
    if (freeKeys === undefined) return await prepareBenchPlan(app, benchUsers);
    const keys = await prepareFreeKeys(app, freeKeys);
    if (developer !== undefined) await moveToDeveloper(app, freeKeys, developer.requestLog);
    return keys;
  } finally {
    await app.close();
  }
}

/** `count` Free-plan users signed up through the running server's API; their first keys. */
async function signUpOverHttp(origin: string, count: number): Promise<string[]> {
  const keys: string[] = [];
  for (let user = 0; user < count; user += 1) {
    const post = (path: string) =>
      fetch(`${origin}/api/auth/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${(user % 250) + 1}` },
        body: JSON.stringify({ email: `free-${user}@example.com`, password: benchUser.password }),
      });
    const registered = await post('register');
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
    const session: unknown = await (await post('login')).json();
    const token = typeof session === 'object' && session !== null ? Reflect.get(session, 'access_token') : undefined;
    if (typeof token !== 'string') throw new Error(`free-${user}@example.com could not sign in`);
    const listed: unknown = await (await fetch(`${origin}/api/apiKeys`, { headers: { authorization: `Bearer ${token}` } })).json();
    const apiKey: unknown = Array.isArray(listed) ? Reflect.get(listed[0] ?? {}, 'apiKey') : undefined;
    if (typeof apiKey !== 'string') throw new Error(`free-${user}@example.com has no key`);
    keys.push(apiKey);
  }
  return keys;
}

let compiling: Promise<void> | null = null;

/** `npm run build`'s server half, once per bench run: build/server/ from the sources as they are. */
function compileServer(): Promise<void> {
  compiling ??= new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/build-server.ts'], { cwd: projectRoot, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`compiling the server exited with ${code}`))));
  });
  return compiling;
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

export interface GatewayOptions {
  /** Flags for the server's node, e.g. --cpu-prof. */
  readonly nodeFlags?: readonly string[];
  /** Free-plan keys (one per new user) instead of the bench user on the bench plan. */
  readonly freeKeys?: number;
  /** With `freeKeys`: their users on Developer instead, their keys' request log on or off (--request-log). */
  readonly developer?: { readonly requestLog: boolean };
  /** Users on the bench plan, one key each (default 1); ignored with `freeKeys`. */
  readonly benchUsers?: number;
  /** More environment for the server, e.g. LOOP_PROBE_DIR. */
  readonly env?: Readonly<Record<string, string>>;
  /** An empty PostgreSQL database to use instead of the embedded one in a fresh data directory. */
  readonly databaseUrl?: string;
  /** Keys another replica prepared in the same database (DATABASE_URL): none is made here. */
  readonly apiKeys?: readonly string[];
  /**
   * Another checkout to run the server from (an earlier commit: --baseline). Its Free-plan keys are
   * made over HTTP once it runs (its own migrations, whatever this checkout's code is).
   */
  readonly root?: string;
  /**
   * Runs the compiled server (build/server/start.js, compiled from the sources once per bench run by
   * server/build-server.ts) with node alone, as production does, instead of server/start.ts under tsx.
   */
  readonly compiled?: boolean;
}

/**
 * The server as `npm start` runs it (server/start.ts, its own process, WORKERS HTTP workers, an
 * embedded database on disk) in front of the given node, with the bench user on the bench plan (or
 * `freeKeys` Free-plan keys): key lookup, the rate limiter, the credit quota and metering all run
 * for every call.
 */
export async function startGateway(port: number, nodeUrl: string, workers: number, options: GatewayOptions = {}): Promise<RunningGateway> {
  const { nodeFlags = [], freeKeys, benchUsers, env: moreEnv = {}, databaseUrl } = options;
  const dataDir = await mkdtemp(join(tmpdir(), 'gateway-bench-'));
  const database: Record<string, string> = databaseUrl === undefined ? { DATA_DIR: join(dataDir, 'data') } : { DATABASE_URL: databaseUrl };
  const overHttp = options.root !== undefined;
  if (overHttp && freeKeys === undefined) throw new Error('a server from another checkout is measured with Free-plan keys only');
  const prepared = overHttp ? [] : (options.apiKeys ?? (await prepare(database, freeKeys, benchUsers, options.developer)));
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    ...database,
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'info',
    // One node serves every network.
    ...Object.fromEntries(NETWORKS.map((network) => [upstreamSettings(network).url, nodeUrl])),
    WORKERS: String(workers),
    SKIP_SPA_BUILD: '1',
    // Sign-ups over HTTP name their (documentation) address in X-Forwarded-For: they are limited per address.
    ...(overHttp ? { TRUST_PROXY: '127.0.0.1' } : {}),
    ...moreEnv,
  };
  if (options.compiled === true) await compileServer();
  // The flags after tsx: an --import of a .ts file needs it loaded first.
  const entry =
    options.compiled === true ? [...nodeFlags, join(serverBuildDir, 'start.js')] : ['--import', 'tsx', ...nodeFlags, 'server/start.ts'];
  const child = spawn(process.execPath, entry, {
    cwd: options.root ?? projectRoot,
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
  const apiKeys = overHttp ? await signUpOverHttp(`http://127.0.0.1:${port}`, freeKeys ?? 0) : prepared;
  const urls = apiKeys.map((apiKey) => `http://127.0.0.1:${port}/api/v1/mainnet/${apiKey}`);
  return { url: urls[0] ?? '', urls, apiKeys, pid: child.pid ?? 0, stop };
}
