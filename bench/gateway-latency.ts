/**
 * `npm run bench:gateway -- --latency`: what a dapp calling at a steady rate feels. An open-loop,
 * fixed-rate load (bench/open-loop-client.ts: requests leave at fixed times, so a stall is not
 * hidden by the generator waiting) of eth_blockNumber, spread over Free-plan keys of new users, sent
 * in one run to anvil directly, to nginx → anvil and to the gateway as `npm start` runs it
 * (embedded database, one anvil upstream) with each worker count asked for. Every target runs
 * `runs` times, the order turning each run, after a warm-up of a second at the same rate. Prints
 * p50, p99 and p99.9 per target (the range over runs, and over all requests together) and what the
 * gateway adds to anvil directly, against the goal: ≤ 200 µs at p50 and ≤ 1 ms at p99.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAnvil } from '@server/nodes/anvil';
import { freeLoopbackPort } from '@server/nodes/free-port';
import { DEFAULT_NETWORK, NETWORK_FACTS } from '@/domain/networks';
import { projectRoot } from '@server/spa-build';
import { defaultPlan, lowestWith } from '@/domain/plan-catalog';
import pg from 'pg';
import { findPostgresBin, startThrowawayPostgres } from '../test/support/throwaway-postgres';
import { startThrowawayRedis } from '../test/support/throwaway-redis';
import { canMeasureCpu, cpuNanoseconds } from './cpu-time';
import { type RunningGateway, startGateway } from './gateway-target';
import { printProbe, startProbe } from './loop-probe-summary';
import { startNginx } from './nginx';
import { type OpenLoopSample, runOpenLoop } from './open-loop';
import { printTable } from './print-table';

export interface LatencySettings {
  /** Requests a second, all targets alike. */
  readonly rate: number;
  /** Seconds of each measured run. */
  readonly seconds: number;
  /** Free-plan keys the gateway's load is spread over (one user each). */
  readonly keys: number;
  readonly runs: number;
  /** Gateway worker counts (WORKERS) to measure, each its own server. */
  readonly workers: readonly number[];
  /** Load bench/loop-probe.ts into the gateway's processes and summarise it (event-loop delay, GC, CPU). */
  readonly probe: boolean;
  /** Measure each gateway on PostgreSQL (a throwaway server, as npm test starts) as well as on PGlite. */
  readonly postgres: boolean;
  /**
   * Replicas sharing Redis too (implies PostgreSQL): for each worker count, one replica on PostgreSQL
   * without Redis, one with REDIS_URL (a Redis round trip per admission), and two replicas on the same
   * database and Redis with the load split between them.
   */
  readonly redis: boolean;
  /**
   * A git revision to measure beside this checkout, in the same run: for each worker count, the
   * gateway of that revision (a temporary worktree sharing node_modules) on PGlite with Free keys.
   */
  readonly baseline: string | null;
  /**
   * The gateway's load on one key of a plan with no practical rate limit instead of Free-plan keys:
   * with WORKERS > 1 its leases carry spare tokens, so the difference is what a lease per call costs.
   */
  readonly benchPlan: boolean;
  /**
   * The request log's cost: the Free-plan keys' users on Developer, each gateway twice,
   * once with the keys' request log on and once off.
   */
  readonly requestLog: boolean;
}

export const defaultLatencySettings: LatencySettings = {
  rate: 300,
  seconds: 8,
  keys: 40,
  runs: 3,
  workers: [1, 2],
  probe: false,
  postgres: false,
  redis: false,
  baseline: null,
  benchPlan: false,
  requestLog: false,
};

/** A throwaway PostgreSQL server (Debian's binaries, run as `postgres`), and a fresh database on it per gateway. */
async function startPostgres(): Promise<{ database(name: string): Promise<string>; stop(): Promise<void> }> {
  const bin = findPostgresBin();
  if (bin === undefined) throw new Error('--postgres needs PostgreSQL server binaries: apt-get install -y postgresql');
  const server = await startThrowawayPostgres(bin);
  return {
    database: async (name) => {
      const admin = new pg.Client({ connectionString: server.url });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      const url = new URL(server.url);
      url.pathname = `/${name}`;
      return url.toString();
    },
    stop: async () => server.stop(),
  };
}

/**
 * For --redis: one replica on PostgreSQL alone, one with Redis, and two replicas sharing both (the
 * load's keys are the same; the open loop sends each call to the next URL, so to each replica in turn).
 */
async function replicaTargets(
  workers: number,
  nodeUrl: string,
  redisUrl: string,
  postgres: { database(name: string): Promise<string> },
  settings: LatencySettings,
  stops: Array<() => Promise<void>>,
): Promise<Target[]> {
  const keys = settings.benchPlan ? {} : { freeKeys: settings.keys };
  const target = (name: string, gateways: readonly RunningGateway[]): Target => ({
    name: `gateway -> anvil (WORKERS=${workers}, PostgreSQL${name})`,
    urls: interleave(gateways.map((gateway) => gateway.urls)),
    pids: gateways.map((gateway) => gateway.pid),
    samples: [],
    cpuUs: [],
    windows: [],
  });
  const started = async (databaseUrl: string, env: Readonly<Record<string, string>>, apiKeys?: readonly string[]) => {
    const gateway = await startGateway(await freeLoopbackPort(), nodeUrl, workers, {
      ...keys,
      databaseUrl,
      env,
      ...(apiKeys ? { apiKeys } : {}),
    });
    stops.unshift(() => gateway.stop());
    return gateway;
  };
  const alone = await started(await postgres.database(`gateway_bench_${workers}_alone`), {});
  const withRedis = await started(await postgres.database(`gateway_bench_${workers}_redis`), { REDIS_URL: redisUrl });
  const sharedUrl = await postgres.database(`gateway_bench_${workers}_replicas`);
  const first = await started(sharedUrl, { REDIS_URL: redisUrl });
  const second = await started(sharedUrl, { REDIS_URL: redisUrl }, first.apiKeys);
  return [target('', [alone]), target(', Redis', [withRedis]), target(', Redis, 2 replicas', [first, second])];
}

/** A detached worktree of this repository at `revision`, using this checkout's node_modules. */
async function worktreeAt(revision: string): Promise<{ readonly dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'gateway-baseline-'));
  const git = (args: readonly string[]) => {
    const result = spawnSync('git', args, { cwd: projectRoot, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  };
  git(['worktree', 'add', '--detach', dir, revision]);
  await symlink(join(projectRoot, 'node_modules'), join(dir, 'node_modules'));
  return {
    dir,
    remove: async () => {
      git(['worktree', 'remove', '--force', dir]);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** [[a1, a2], [b1, b2]] → [a1, b1, a2, b2]: consecutive calls go to different replicas. */
function interleave(lists: ReadonlyArray<readonly string[]>): string[] {
  const longest = Math.max(...lists.map((list) => list.length));
  const out: string[] = [];
  for (let index = 0; index < longest; index += 1) for (const list of lists) if (list[index] !== undefined) out.push(list[index] ?? '');
  return out;
}

const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] });
const goal = { addedP50Us: 200, addedP99Us: 1000 };

interface Target {
  readonly name: string;
  readonly urls: readonly string[];
  /** Its processes (their children count too): CPU per answered call. */
  readonly pids: readonly number[];
  readonly samples: OpenLoopSample[];
  /** CPU µs per answered call, each run. */
  readonly cpuUs: number[];
  /** Epoch ms of each measured run, start and end (the probe's seconds inside them are summarised). */
  readonly windows: Array<readonly [number, number]>;
  /** Where its processes write their probe lines, when probed. */
  readonly probeDir?: string;
}

const ms = (us: number) => (us / 1000).toFixed(us < 10_000 ? 2 : 1);
const range = (values: readonly number[]) => {
  const low = Math.min(...values);
  const high = Math.max(...values);
  return low === high ? ms(low) : `${ms(low)}-${ms(high)}`;
};
const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

async function measure(target: Target, settings: LatencySettings): Promise<void> {
  await runOpenLoop({ urls: target.urls, body, rate: settings.rate, seconds: 1 });
  const start = Date.now();
  const cpu = () => (canMeasureCpu() ? target.pids.reduce((sum, pid) => sum + cpuNanoseconds(pid), 0) : Number.NaN);
  const cpuBefore = cpu();
  const sample = await runOpenLoop({ urls: target.urls, body, rate: settings.rate, seconds: settings.seconds });
  target.cpuUs.push((cpu() - cpuBefore) / 1000 / Math.max(1, sample.answered));
  target.windows.push([start, Date.now()]);
  target.samples.push(sample);
  const failed = sample.failures > 0 ? `, ${sample.failures} FAILED (first: ${sample.firstFailure})` : '';
  console.log(
    `${target.name}: p50 ${ms(sample.p50Us)} ms, p99 ${ms(sample.p99Us)} ms, p99.9 ${ms(sample.p999Us)} ms, max ${ms(sample.maxUs)} ms` +
      ` (${sample.answered}/${sample.sent} answered; generator late by ${ms(sample.lateMaxUs)} ms at most${failed})`,
  );
}

export async function runLatencyBench(settings: LatencySettings): Promise<void> {
  console.log(
    `Open loop: ${settings.rate} req/s of eth_blockNumber, ${settings.runs} × ${settings.seconds} s per target, ` +
      `the gateway's load over ${settings.benchPlan ? "one key of the bench's unlimited plan" : `${settings.keys} ${settings.requestLog ? lowestWith('requestLog').name : `${defaultPlan.name}-plan`} keys`};` +
      ` workers: ${settings.workers.join(', ')}` +
      `${settings.redis ? '; on PostgreSQL without and with Redis, and two replicas sharing both' : settings.postgres ? '; on PGlite and on PostgreSQL' : ''}\n`,
  );
  const node = await startAnvil({ chainId: NETWORK_FACTS[DEFAULT_NETWORK].chainId });
  const stops: Array<() => Promise<void>> = [() => node.stop()];
  try {
    const nginx = await startNginx(await freeLoopbackPort(), node.port);
    stops.unshift(() => nginx.stop());
    const targets: Target[] = [
      { name: 'anvil (direct)', urls: [node.url], pids: [node.pid], samples: [], cpuUs: [], windows: [] },
      { name: 'nginx -> anvil', urls: [nginx.url], pids: [nginx.pid], samples: [], cpuUs: [], windows: [] },
    ];
    const gateways: Target[] = [];
    const postgres = settings.postgres || settings.redis ? await startPostgres() : null;
    if (postgres !== null) stops.unshift(() => postgres.stop());
    if (settings.redis && postgres !== null) {
      const redis = await startThrowawayRedis();
      stops.push(() => redis.stop());
      for (const workers of settings.workers)
        gateways.push(...(await replicaTargets(workers, node.url, redis.url, postgres, settings, stops)));
    }
    if (settings.baseline !== null) {
      const baseline = await worktreeAt(settings.baseline);
      stops.push(baseline.remove);
      for (const workers of settings.workers) {
        const gateway = await startGateway(await freeLoopbackPort(), node.url, workers, { freeKeys: settings.keys, root: baseline.dir });
        stops.unshift(() => gateway.stop());
        gateways.push({
          name: `gateway ${settings.baseline} -> anvil (WORKERS=${workers}, PGlite)`,
          urls: gateway.urls,
          pids: [gateway.pid],
          samples: [],
          cpuUs: [],
          windows: [],
        });
      }
    }
    const databases = settings.redis ? [] : postgres === null ? ['PGlite'] : ['PGlite', 'PostgreSQL'];
    // With --request-log, each gateway twice: Developer keys logging their calls, and the same with the log off.
    const logs = settings.requestLog ? [true, false] : [null];
    for (const workers of settings.workers)
      for (const database of databases)
        for (const requestLog of logs) {
          const probe = settings.probe ? await startProbe() : null;
          const databaseUrl =
            database === 'PostgreSQL'
              ? await postgres?.database(`gateway_bench_${workers}${requestLog === false ? '_off' : ''}`)
              : undefined;
          const gateway = await startGateway(await freeLoopbackPort(), node.url, workers, {
            ...(settings.benchPlan ? {} : { freeKeys: settings.keys }),
            ...(requestLog === null ? {} : { developer: { requestLog } }),
            ...probe?.options,
            ...(databaseUrl === undefined ? {} : { databaseUrl }),
          });
          stops.unshift(() => gateway.stop());
          const log = requestLog === null ? '' : `, Developer keys, request log ${requestLog ? 'on' : 'off'}`;
          gateways.push({
            name: `gateway -> anvil (WORKERS=${workers}${postgres === null ? '' : `, ${database}`}${log})`,
            urls: gateway.urls,
            pids: [gateway.pid],
            samples: [],
            cpuUs: [],
            windows: [],
            ...(probe === null ? {} : { probeDir: probe.dir }),
          });
        }
    targets.push(...gateways);
    for (let run = 0; run < settings.runs; run += 1) {
      console.log(`run ${run + 1} of ${settings.runs}`);
      // The order turns each run, so a machine slowing down weighs on every target alike.
      const order = run % 2 === 0 ? targets : [...targets].reverse();
      for (const target of order) await measure(target, settings);
    }

    const [anvil] = targets;
    if (anvil === undefined) return;
    console.log('\nlatency in ms: range over the runs (median of the runs)');
    printTable(
      ['target', 'p50', 'p99', 'p99.9', 'CPU µs/call', 'failed'],
      targets.map((target) => {
        const pick = (key: 'p50Us' | 'p99Us' | 'p999Us') => target.samples.map((sample) => sample[key]);
        return [
          target.name,
          `${range(pick('p50Us'))} (${ms(median(pick('p50Us')))})`,
          `${range(pick('p99Us'))} (${ms(median(pick('p99Us')))})`,
          `${range(pick('p999Us'))} (${ms(median(pick('p999Us')))})`,
          Number.isNaN(median(target.cpuUs)) ? '?' : median(target.cpuUs).toFixed(0),
          String(target.samples.reduce((sum, sample) => sum + sample.failures, 0)),
        ];
      }),
    );

    console.log('\nwhat the gateway adds to anvil directly (medians of the runs, each run against the same run of anvil):');
    for (const gateway of gateways) {
      const added = (key: 'p50Us' | 'p99Us' | 'p999Us') =>
        median(gateway.samples.map((sample, run) => sample[key] - (anvil.samples[run]?.[key] ?? Number.NaN)));
      const p50 = added('p50Us');
      const p99 = added('p99Us');
      // Refused calls (a rate above the keys' plan) answer early: their figures would flatter the gateway.
      const failures = gateway.samples.reduce((sum, sample) => sum + sample.failures, 0);
      const verdict =
        failures > 0 ? `not comparable: ${failures} calls failed` : p50 <= goal.addedP50Us && p99 <= goal.addedP99Us ? 'met' : 'NOT met';
      console.log(
        `${gateway.name}: +${Math.round(p50)} µs at p50, +${ms(p99)} ms at p99, +${ms(added('p999Us'))} ms at p99.9` +
          ` (goal ≤ ${goal.addedP50Us} µs and ≤ ${ms(goal.addedP99Us)} ms: ${verdict})`,
      );
    }
    if (settings.probe) for (const gateway of gateways) await printProbe(gateway.name, gateway.probeDir ?? '', gateway.windows);
  } finally {
    for (const stop of stops) await stop().catch((error: unknown) => console.error(error));
  }
}
