import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, mkdtemp, rm, symlink, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '@server/spa-build';
import { setUpTestAnvil } from '../support/anvil';
import { copyCheckout } from '../support/checkout-copy';
import { freePort } from '../support/free-port';
import { uniqueEmail } from './helpers/accounts';
import { productionStripeSettings } from './helpers/production-settings';
import { json, rpcOver, signUp } from './helpers/started-server';
import { setUpPostgresServer } from './helpers/postgres-server';
import type { TestDatabase } from './helpers/test-database';

/**
 * The production recipe, as docs/operations.md gives it, in a copy of the checkout: `npm run build` (with the
 * dev dependencies), then `npm ci --omit=dev`, then `npm start` with NODE_ENV=production — node
 * alone runs the compiled server, without tsx, Vite or TypeScript installed.
 *
 * Production requires a PostgreSQL server: TEST_DATABASE_URL's, else a throw-away one started here
 * (never skipped: in CI the binaries are installed before the tests run). `npm test` runs this file
 * once, in its first run (its PostgreSQL run of test/server leaves it out): one `npm ci` a suite.
 */
const anvil = setUpTestAnvil();
const postgres = setUpPostgresServer();

let dir: string;
let clone: string;
let database: TestDatabase;
const running = new Set<ChildProcess>();

/** A shell's environment: nothing of vitest's or of the npm running this test. */
function shellEnv(settings: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...settings };
}

function npm(args: readonly string[], env: Record<string, string> = shellEnv()): void {
  execFileSync('npm', [...args], { cwd: clone, env, stdio: ['ignore', 'pipe', 'pipe'], timeout: 300_000 });
}

describe('production: npm run build, npm ci --omit=dev, npm start', () => {
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'production-start-'));
    clone = join(dir, 'clone');
    await copyCheckout(projectRoot, clone);
    // The build needs the dev dependencies: the checkout's, linked, then unlinked for the install.
    await symlink(join(projectRoot, 'node_modules'), join(clone, 'node_modules'), 'dir');
    npm(['run', 'build']);
    await unlink(join(clone, 'node_modules'));
    npm(['ci', '--omit=dev', '--no-audit', '--no-fund']);
    database = await postgres.database();
  }, 600_000);

  afterAll(async () => {
    for (const child of running) child.kill('SIGKILL');
    await database?.drop();
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });

  async function settings(): Promise<Record<string, string>> {
    return {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      // https: the answers must then carry Strict-Transport-Security.
      PUBLIC_URL: 'https://dash.example.com',
      SMTP_URL: 'smtp://127.0.0.1:1',
      MAIL_FROM: 'no-reply@example.com',
      ...anvil.upstream(),
      ...productionStripeSettings,
      ...database.env,
    };
  }

  /** `npm start` in the clone; resolves with its exit code and everything it printed once it exits. */
  function npmStart(
    env: Record<string, string>,
    args: readonly string[] = ['start'],
  ): { child: ChildProcess; output: () => string; stdout: () => string; exited: Promise<number | null> } {
    const child = spawn('npm', [...args], { cwd: clone, env: shellEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    let output = '';
    let stdout = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      stdout += chunk.toString('utf8');
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
    void exited.then(() => running.delete(child));
    return { child, output: () => output, stdout: () => stdout, exited };
  }

  /** `npm start` with `env`, once it answers: its URL. */
  async function startedForAdmin(env: Record<string, string>) {
    const url = `http://127.0.0.1:${env.PORT ?? ''}`;
    const started = npmStart(env);
    for (let tries = 0; tries < 600; tries += 1) {
      if ((await fetch(`${url}/api/plans`).catch(() => null)) !== null) return { url, ...started };
      await new Promise((wait) => setTimeout(wait, 100));
    }
    throw new Error(`no answer within 60 s:\n${started.output()}`);
  }

  it('has none of the build tools installed', () => {
    for (const name of ['tsx', 'vite', 'typescript', '@vitejs/plugin-react', 'esbuild']) {
      expect(existsSync(join(clone, 'node_modules', name)), name).toBe(false);
    }
  });

  it('starts the compiled server with node (WORKERS=2), serves the API, the SPA and the gateway; SIGTERM exits 0; every stdout line is JSON', async () => {
    const env: Record<string, string> = { ...(await settings()), WORKERS: '2', METRICS_PORT: '0' };
    const url = `http://127.0.0.1:${env.PORT ?? ''}`;
    // --silent: npm's own banner (`> name@version start`) is not the server's to shape.
    const started = npmStart(env, ['start', '--silent']);
    const startedAt = performance.now();
    let plans: Response | null = null;
    while (plans === null && performance.now() - startedAt < 60_000) {
      plans = await fetch(`${url}/api/plans`).catch(() => null);
      if (plans === null) await new Promise((wait) => setTimeout(wait, 50));
    }
    if (plans === null) throw new Error(`no answer within 60 s:\n${started.output()}`);
    console.log(`production start: first answer after ${Math.round(performance.now() - startedAt)} ms`);
    expect(plans.status).toBe(200);
    expect(plans.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    expect(await plans.json()).toEqual(expect.arrayContaining([expect.objectContaining({ name: expect.any(String) })]));

    const index = await fetch(`${url}/`);
    expect(index.status).toBe(200);
    expect(await index.text()).toContain('<div id="root"');

    const { apiKey } = await signUp(url, uniqueEmail('production'));
    expect(await json(await rpcOver(url, 'mainnet', apiKey, 'eth_chainId'))).toEqual({ jsonrpc: '2.0', id: 1, result: '0x138de' });

    // Compiled, with nothing of the build tools in the processes.
    expect(started.output()).not.toMatch(/Building the dashboard/);
    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
    expect(started.output()).toContain('SIGTERM: shutting down...');
    // For a log collector: every line on stdout parses, the server's own lines (signal, metrics address) included.
    const lines = started
      .stdout()
      .split('\n')
      .filter((line) => line !== '');
    const unparsed = lines.filter((line) => {
      try {
        JSON.parse(line);
        return false;
      } catch {
        return true;
      }
    });
    expect(unparsed, started.stdout()).toEqual([]);
    expect(lines.some((line) => line.includes('Metrics for Prometheus at'))).toBe(true);
    expect(lines.some((line) => line.includes('SIGTERM: shutting down...'))).toBe(true);
    // The local OpenID provider's package is never loaded in production (it warns on Node 20).
    expect(started.output()).not.toContain('oidc-provider');
  }, 120_000);

  it('runs the compiled admin command with node alone; set-plan to the same plan twice keeps the credit cycle', async () => {
    const env = shellEnv(await settings());
    const email = uniqueEmail('admin');
    const { url, child, exited } = await startedForAdmin(env);
    await signUp(url, email);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);

    const admin = (...args: string[]) =>
      execFileSync('npm', ['run', '--silent', 'admin', '--', ...args], { cwd: clone, env, encoding: 'utf8', timeout: 60_000 });
    const cycle = async () => {
      const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
      await client.connect();
      try {
        const { rows } = await client.query<{ cycle: string }>('SELECT cycle_start::text AS cycle FROM users WHERE email = $1', [email]);
        return rows[0]?.cycle;
      } finally {
        await client.end();
      }
    };
    expect(admin('set-plan', email, 'Developer')).toContain(`${email} is now on Developer (MONTHLY); a new credit cycle starts now.`);
    const first = await cycle();
    expect(first).toEqual(expect.any(String));
    expect(admin('set-plan', email, 'Developer')).toContain(
      `${email} is already on Developer (MONTHLY): nothing changed, the credit cycle goes on.`,
    );
    expect(await cycle()).toBe(first);
    expect(admin('list-users')).toContain(`${email}\tDeveloper (MONTHLY)`);
  }, 120_000);

  it('refuses a build older than its sources, naming the file and the command', async () => {
    await appendFile(join(clone, 'server', 'app.ts'), '\n// changed after the build\n');
    const started = npmStart(await settings());
    expect(await started.exited).toBe(1);
    expect(started.output()).toMatch(
      /The build is older than the sources \(server\/app\.ts changed since it was built.*run `npm run build`/,
    );
    expect(started.output()).not.toMatch(/is running at/);
  }, 60_000);

  it('refuses to start without the build, naming the command', async () => {
    await rm(join(clone, 'build'), { recursive: true, force: true });
    const started = npmStart(await settings());
    expect(await started.exited).toBe(1);
    expect(started.output()).toMatch(/NODE_ENV=production runs the compiled server, and .* is missing\. Run `npm run build`/);
  }, 60_000);
});
