import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseDir, releaseEntries } from '@server/release-layout';
import { projectRoot } from '@server/spa-build';
import { setUpTestAnvil } from '../support/anvil';
import { copyCheckout } from '../support/checkout-copy';
import { freePort } from '../support/free-port';
import { startThrowawayRedis, type ThrowawayRedis } from '../support/throwaway-redis';
import { uniqueEmail } from './helpers/accounts';
import { productionStripeSettings } from './helpers/production-settings';
import { json, rpcOver, signUp } from './helpers/started-server';
import { setUpPostgresServer } from './helpers/postgres-server';
import type { TestDatabase } from './helpers/test-database';

/**
 * The release, as docs/operations.md gives it: `npm run build` in a copy of the checkout (with the
 * dev dependencies) assembles release/; only that directory is copied to a fresh place, where
 * `npm ci --omit=dev` installs its own package.json's packages and node alone runs it with
 * NODE_ENV=production on PostgreSQL and Redis. Then the source tree's own production start
 * (`NODE_ENV=production npm start` after `npm run build`) and its refusals.
 *
 * PostgreSQL: TEST_DATABASE_URL's, else a throw-away one started here (never skipped: in CI the
 * binaries are installed before the tests run). `npm test` runs this file once, in its first run
 * (its PostgreSQL run of test/server leaves it out): one `npm ci` a suite.
 */
const anvil = setUpTestAnvil();
const postgres = setUpPostgresServer();

let dir: string;
let clone: string;
/** The release, copied alone out of the clone. */
let release: string;
let database: TestDatabase;
let redis: ThrowawayRedis;
const running = new Set<ChildProcess>();

/** A shell's environment: nothing of vitest's or of the npm running this test. */
function shellEnv(settings: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...settings };
}

function npm(cwd: string, args: readonly string[], env: Record<string, string> = shellEnv()): void {
  execFileSync('npm', [...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], timeout: 300_000 });
}

/** Bytes under `path`, as `du` counts them (what the disk holds). */
function diskBytes(path: string): number {
  return Number(execFileSync('du', ['-sb', path]).toString('utf8').split('\t')[0]);
}

describe('the release: npm run build, only release/ copied, npm ci --omit=dev there, node build/server/start.js', () => {
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'production-start-'));
    clone = join(dir, 'clone');
    await copyCheckout(projectRoot, clone);
    // The build needs the dev dependencies: the checkout's, linked (and kept for the tree's own start below).
    await symlink(join(projectRoot, 'node_modules'), join(clone, 'node_modules'), 'dir');
    npm(clone, ['run', 'build']);
    release = join(dir, 'elsewhere', 'rpc-dashboard');
    await cp(join(clone, releaseDir), release, { recursive: true });
    npm(release, ['ci', '--omit=dev', '--no-audit', '--no-fund']);
    database = await postgres.database();
    redis = await startThrowawayRedis();
  }, 600_000);

  afterAll(async () => {
    for (const child of running) child.kill('SIGKILL');
    await database?.drop();
    await redis?.stop();
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
      REDIS_URL: redis.url,
      ...anvil.upstream(),
      ...productionStripeSettings,
      ...database.env,
    };
  }

  /** `command` in `cwd`; resolves with its exit code and everything it printed once it exits. */
  function run(
    cwd: string,
    command: readonly string[],
    env: Record<string, string>,
  ): { child: ChildProcess; output: () => string; stdout: () => string; exited: Promise<number | null> } {
    const [file = 'node', ...args] = command;
    const child = spawn(file, args, { cwd, env: shellEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
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

  /** The release's server with `env`, once it answers: its URL. */
  async function startedRelease(env: Record<string, string>) {
    const url = `http://127.0.0.1:${env.PORT ?? ''}`;
    const started = run(release, ['node', releaseEntries.start], env);
    for (let tries = 0; tries < 600; tries += 1) {
      if ((await fetch(`${url}/api/plans`).catch(() => null)) !== null) return { url, ...started };
      await new Promise((wait) => setTimeout(wait, 100));
    }
    throw new Error(`no answer within 60 s:\n${started.output()}`);
  }

  /** The release's admin command: its exit code and output (stdout, then stderr). */
  function admin(env: Record<string, string>, ...args: string[]): { status: number | null; stdout: string; stderr: string } {
    const result = spawnSync('node', [releaseEntries.admin, ...args], {
      cwd: release,
      env: shellEnv(env),
      encoding: 'utf8',
      timeout: 60_000,
    });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  }

  it('installs only what production loads: no build tools, no SPA packages, no local-only parts; under 120 MB with its packages', () => {
    for (const name of [
      'tsx',
      'vite',
      'typescript',
      'esbuild',
      'react',
      '@chakra-ui/react',
      'oidc-provider',
      '@electric-sql/pglite',
      '@foundry-rs/anvil-linux-amd64',
    ]) {
      expect(existsSync(join(release, 'node_modules', name)), name).toBe(false);
    }
    for (const name of ['fastify', 'pg', 'ioredis', 'stripe']) expect(existsSync(join(release, 'node_modules', name)), name).toBe(true);
    // Nothing of the sources: the compiled server, the SPA and the files it reads.
    expect(existsSync(join(release, 'src'))).toBe(false);
    expect(existsSync(join(release, 'server', 'app.ts'))).toBe(false);
    const megabytes = diskBytes(release) / 1024 / 1024;
    console.log(
      `release: ${megabytes.toFixed(1)} MB installed (${(diskBytes(join(release, 'node_modules')) / 1024 / 1024).toFixed(1)} MB of packages)`,
    );
    expect(megabytes).toBeLessThan(120);
  });

  it('migrates as a step of its own: status lists what is pending (exit 1), migrate applies it, status then says up to date', async () => {
    const env = await settings();
    const before = admin(env, 'status');
    expect(before.status, before.stderr).toBe(1);
    expect(before.stdout).toMatch(/^pending\t001_init\.sql$/m);
    expect(before.stdout).toMatch(/\d+ pending: run `npm run admin -- migrate`/);

    const migrated = admin(env, 'migrate');
    expect(migrated.status, migrated.stderr).toBe(0);
    expect(migrated.stdout).toMatch(/^Applied 001_init\.sql, .*: the schema is at \d{3}_[\w-]+\.sql\.$/m);
    expect(admin(env, 'migrate').stdout).toMatch(/^Nothing to apply: the schema is at \d{3}_[\w-]+\.sql\.$/m);

    const after = admin(env, 'status');
    expect(after.status, after.stderr).toBe(0);
    expect(after.stdout).toMatch(/^applied\t001_init\.sql\t\d{4}-\d\d-\d\dT/m);
    expect(after.stdout).not.toMatch(/^pending/m);
    expect(after.stdout).toContain('The schema is up to date.');
  }, 120_000);

  it('starts with node alone (WORKERS=2, PostgreSQL, Redis), serves the API, the SPA, the legal texts and the gateway; SIGTERM exits 0; every stdout line is JSON', async () => {
    const env: Record<string, string> = { ...(await settings()), WORKERS: '2', METRICS_PORT: '0' };
    const url = `http://127.0.0.1:${env.PORT ?? ''}`;
    // As a process manager runs it: `npm start` in the release execs node, so SIGTERM reaches the server.
    const started = run(release, ['npm', 'start', '--silent'], env);
    const startedAt = performance.now();
    let ready: Response | null = null;
    while (ready?.status !== 200 && performance.now() - startedAt < 60_000) {
      ready = await fetch(`${url}/api/readyz`).catch(() => null);
      if (ready?.status !== 200) await new Promise((wait) => setTimeout(wait, 25));
    }
    if (ready?.status !== 200) throw new Error(`not ready within 60 s:\n${started.output()}`);
    console.log(`release start: ready after ${Math.round(performance.now() - startedAt)} ms`);
    expect(await ready.json()).toMatchObject({ status: 'ready' });

    const plans = await fetch(`${url}/api/plans`);
    expect(plans.status).toBe(200);
    expect(plans.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    expect(await plans.json()).toEqual(expect.arrayContaining([expect.objectContaining({ name: expect.any(String) })]));
    const index = await fetch(`${url}/`);
    expect(index.status).toBe(200);
    expect(await index.text()).toContain('<div id="root"');
    const terms = await fetch(`${url}/api/legal/terms`);
    expect(terms.status).toBe(200);
    expect(await terms.json()).toMatchObject({ title: expect.any(String) });

    const { apiKey } = await signUp(url, uniqueEmail('release'));
    expect(await json(await rpcOver(url, 'mainnet', apiKey, 'eth_chainId'))).toEqual({ jsonrpc: '2.0', id: 1, result: '0x138de' });

    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
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
    // Not installed, and never asked for: the local OpenID provider and the embedded database.
    expect(started.output()).not.toMatch(/oidc-provider|pglite|ERR_MODULE_NOT_FOUND/i);
  }, 120_000);

  it('runs the admin command with node alone; set-plan to the same plan twice keeps the credit cycle', async () => {
    const env = await settings();
    const email = uniqueEmail('admin');
    const { url, child, exited } = await startedRelease(env);
    await signUp(url, email);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);

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
    expect(admin(env, 'set-plan', email, 'Developer').stdout).toContain(
      `${email} is now on Developer (MONTHLY); a new credit cycle starts now.`,
    );
    const first = await cycle();
    expect(first).toEqual(expect.any(String));
    expect(admin(env, 'set-plan', email, 'Developer').stdout).toContain(
      `${email} is already on Developer (MONTHLY): nothing changed, the credit cycle goes on.`,
    );
    expect(await cycle()).toBe(first);
    expect(admin(env, 'list-users').stdout).toContain(`${email}\tDeveloper (MONTHLY)`);
    const unknown = admin(env, 'drop-everything');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('npm run admin -- migrate');
  }, 120_000);

  it('refuses to run outside production, and a copy that is incomplete or changed, naming the file', async () => {
    const env = await settings();
    const local = run(release, ['node', releaseEntries.start], { ...env, NODE_ENV: 'development' });
    expect(await local.exited).toBe(1);
    expect(local.output()).toContain('this release runs in production only: set NODE_ENV=production (it is');
    expect(local.output()).toContain('Local mode, with its embedded database and local nodes, runs from the source tree');

    await appendFile(join(release, 'dist', 'index.html'), '<!-- edited -->');
    const changed = run(release, ['node', releaseEntries.start], env);
    expect(await changed.exited).toBe(1);
    expect(changed.output()).toMatch(
      /the release was changed \(dist\/index\.html is not the file it was built with, .*\): copy the whole release directory again/,
    );

    await rm(join(release, 'server', 'legal', 'terms.md'));
    const partial = admin(env, 'status');
    expect(partial.status).toBe(1);
    expect(partial.stderr).toMatch(/the release (is incomplete \(server\/legal\/terms\.md is missing\)|was changed)/);
    expect(changed.output()).not.toMatch(/is running at/);
  }, 60_000);

  it('the source tree: NODE_ENV=production npm start refuses a build older than its sources, naming the file and the command', async () => {
    await appendFile(join(clone, 'server', 'app.ts'), '\n// changed after the build\n');
    const started = run(clone, ['npm', 'start'], await settings());
    expect(await started.exited).toBe(1);
    expect(started.output()).toMatch(
      /The build is older than the sources \(server\/app\.ts changed since it was built.*run `npm run build`/,
    );
    expect(started.output()).not.toMatch(/is running at/);
  }, 60_000);

  it('the source tree: refuses to start without the build, naming the command', async () => {
    await rm(join(clone, 'build'), { recursive: true, force: true });
    const started = run(clone, ['npm', 'start'], await settings());
    expect(await started.exited).toBe(1);
    expect(started.output()).toMatch(/NODE_ENV=production runs the compiled server, and .* is missing\. Run `npm run build`/);
  }, 60_000);
});
