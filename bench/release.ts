/**
 * `npm run bench:release` (not part of `npm test`): the release's size and start time, the figures
 * README gives. Builds (`npm run build`), copies release/ alone to a temporary directory, installs
 * its packages (`npm ci --omit=dev`) and measures the disk it takes; then starts it `--runs` times
 * (default 5) with NODE_ENV=production on a throw-away PostgreSQL (migrated by the first start, as
 * a replica of a running service finds it) and times each start from the spawn of node to the first
 * 200 of /api/readyz. WORKERS=1 and 2, or `--workers`.
 */
import { execFileSync, spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { releaseDir, releaseEntries } from '@server/release-layout';
import { projectRoot } from '@server/spa-build';
import { findPostgresBin, startThrowawayPostgres } from '../test/support/throwaway-postgres';
import { freePort } from '../test/support/free-port';
import { productionSettings } from '../test/server/helpers/production-settings';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, workers: { type: 'string', default: '1,2' } } });
const runs = Number(values.runs);
const workerCounts = values.workers.split(',').map(Number);

function megabytes(path: string): number {
  return Number(execFileSync('du', ['-sb', path]).toString('utf8').split('\t')[0]) / 1024 / 1024;
}

const median = (numbers: readonly number[]): number => {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** One start: ms from spawning node to the first 200 of /api/readyz; then SIGTERM, and its exit. */
async function timedStart(release: string, env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [releaseEntries.start], {
    cwd: release,
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the release exited (${child.exitCode}) before it was ready`);
      const ready = await fetch(`http://127.0.0.1:${port}/api/readyz`).catch(() => null);
      if (ready?.status === 200) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const bin = findPostgresBin();
if (bin === undefined) throw new Error('PostgreSQL is not installed: apt-get install -y postgresql');
const dir = await mkdtemp(join(tmpdir(), 'bench-release-'));
const postgres = await startThrowawayPostgres(bin);
try {
  execFileSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  const release = join(dir, 'release');
  await cp(join(projectRoot, releaseDir), release, { recursive: true });
  const files = megabytes(release);
  execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], { cwd: release, stdio: ['ignore', 'ignore', 'inherit'] });
  const installed = megabytes(release);
  console.log(`release: ${files.toFixed(1)} MB of files, ${installed.toFixed(1)} MB installed with its packages`);

  // Nodes that are never called while it starts (the gateway checks its nodes once it is ready).
  const env = { ...productionSettings, HOST: '127.0.0.1', DATABASE_URL: postgres.url, PUBLIC_URL: 'https://dash.example.com' };
  // The first start migrates an empty database; the rest find it migrated, as replicas do.
  await timedStart(release, { ...env, WORKERS: '1' });
  for (const workers of workerCounts) {
    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) times.push(await timedStart(release, { ...env, WORKERS: String(workers) }));
    console.log(
      `WORKERS=${workers}: ready after ${Math.round(median(times))} ms (median of ${runs}; ${times.map((ms) => Math.round(ms)).join(', ')})`,
    );
  }
} finally {
  postgres.stop();
  await rm(dir, { recursive: true, force: true });
}
