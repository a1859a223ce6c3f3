/**
 * `npm run bench:gateway` (not part of `npm test`): one run, side by side, against the same anvil
 * node: (a) anvil directly, (b) Debian's nginx as a plain keep-alive reverse proxy, (c) a Node
 * proxy on Node's HTTP server with as many processes as the gateway and no checks at all
 * (bench/bare-proxy.ts: what Node's HTTP server and undici cost here), (d) the gateway (key auth,
 * rate-limit and quota checks, credits and metering on every call; its workers read plain calls
 * off the socket: server/cluster/rpc-connection.ts). Same autocannon load for each (50 connections, 10 s, a fixed
 * eth_chainId body, after a 2 s warm-up), twice: in order, then in reverse order (each line is the
 * mean of its two passes). The last line,
 * `ratio: X.XX`, is the gateway's throughput over nginx's (goal: at least 0.8).
 * Then the WebSocket row (bench/gateway-websocket.ts): newHeads subscribers on anvil mining
 * every 100 ms, directly and through the gateway's WebSocket endpoint, delivery delay p50/p99 and
 * notifications lost. BENCH_WS_SUBSCRIBERS (200 each way), BENCH_WS_SECONDS (20), BENCH_WS_WORKERS (1),
 * BENCH_WS_BARE=1 (a third group through a bare Node ws relay, bench/bare-ws-relay.ts), BENCH_WS_PROCESSES=1 (each
 * group's subscribers in a process of their own, clocks compared), BENCH_WS_PROFILE=DIR
 * (the gateway's CPU profiles there; `npx tsx bench/gateway-profile.ts read DIR` or `stalls DIR`).
 *
 * `npm run bench:gateway -- --websocket` runs the WebSocket row alone (~40 s with the defaults).
 *
 * `npm run bench:gateway -- --mix` runs the method-mix row instead (bench/gateway-mix.ts, ~2 min with the
 * defaults): calls in the proportions dapps send them, through nginx, the gateway and the gateway with
 * CACHE_BYTES=0, with the gateway's share of cached answers. BENCH_MIX_BLOCK_SECONDS (2; 0: none): a
 * block mined that often during the load. Not part of the default run, which it would make ~2 min longer.
 *
 * `npm run bench:gateway -- --latency [--rate 300] [--seconds 8] [--keys 40] [--runs 3] [--workers 1,2] [--probe] [--postgres] [--redis] [--baseline REV] [--bench-plan] [--request-log]`
 * measures latency instead, with an open-loop fixed-rate load: bench/gateway-latency.ts. With
 * --probe it also prints each gateway process's event-loop delay, GC pauses and CPU (bench/loop-probe.ts);
 * with --postgres each gateway runs on PostgreSQL too (a throwaway server: Debian's binaries, as root);
 * with --redis, on PostgreSQL without and with a throw-away Redis, and as two replicas sharing both;
 * with --baseline REV, the gateway of an earlier commit beside this one's, in the same run;
 * with --bench-plan the gateway's load uses one key of an unlimited plan (no lease per call);
 * with --request-log the keys' users are on Developer and each gateway runs twice, the keys' request log on and off.
 *
 * `npm run bench:gateway -- --flood [--seconds 10] [--workers 1] [--rate 30] [--connections 50]` measures what a flood of refused
 * calls from one key costs another key's calls: bench/gateway-flood.ts.
 */
import { parseArgs } from 'node:util';
import { startAnvil } from '@server/nodes/anvil';
import { DEFAULT_NETWORK, NETWORK_FACTS } from '@/domain/networks';
import { freeLoopbackPort } from '@server/nodes/free-port';
import { startBareProxy } from './bare-proxy';
import { defaultFloodSettings, type FloodSettings, runFloodBench } from './gateway-flood';
import { defaultLatencySettings, type LatencySettings, runLatencyBench } from './gateway-latency';
import { type MixSettings, runMixBench } from './gateway-mix';
import { startGateway } from './gateway-target';
import { defaultWebSocketSettings, runWebSocketBench, type WebSocketSettings } from './gateway-websocket';
import { canMeasureCpu, cpuNanoseconds } from './cpu-time';
import { combineLoads, runLoad, type LoadResult, type LoadSettings } from './load';
import { startNginx } from './nginx';
import { printTable } from './print-table';

const settings: LoadSettings = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  durationSeconds: Number(process.env.BENCH_SECONDS ?? 10),
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
};
/** HTTP worker processes of the gateway (WORKERS): nginx runs one worker per core here (`auto`). */
const workers = Number(process.env.BENCH_WORKERS ?? 2);
const warmUp: LoadSettings = { ...settings, durationSeconds: 2 };
const goal = 0.8;

/** One measured run: the load's figures and the CPU time the target's processes took meanwhile. */
interface Measured extends LoadResult {
  /** CPU nanoseconds of the target's processes (not the load generator's), NaN where unknown. */
  readonly cpuNs: number;
}

interface Target {
  readonly name: string;
  readonly url: string;
  /** The target's (main) process: its children count too. */
  readonly pid: number;
}

const cpuKnown = canMeasureCpu();

async function measure(target: Target): Promise<Measured> {
  await runLoad(target.url, warmUp);
  const cpuBefore = cpuKnown ? cpuNanoseconds(target.pid) : Number.NaN;
  const result = await runLoad(target.url, settings);
  const cpuNs = cpuKnown ? cpuNanoseconds(target.pid) - cpuBefore : Number.NaN;
  process.stdout.write(
    `${target.name}: ${result.requestsPerSecond.toFixed(0)} req/s (${settings.durationSeconds} s, ${settings.connections} connections, after a warm-up)\n`,
  );
  if (result.failures > 0) console.warn(`  ${target.name}: ${result.failures} failed answers (non-2xx, errors, time-outs)`);
  return { ...result, cpuNs };
}

/** The passes of one target as one line: mean throughput and latencies, all requests and CPU time. */
function combine(results: readonly Measured[]): Measured {
  return { ...combineLoads(results), cpuNs: results.reduce((total, result) => total + result.cpuNs, 0) };
}

/** Microseconds of the target's CPU per answered request. */
function cpuPerRequest(result: Measured): number {
  return result.cpuNs / 1000 / result.total;
}

function printRows(rows: ReadonlyArray<readonly [string, Measured]>): void {
  console.log('');
  printTable(
    ['target', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'CPU µs/req'],
    rows.map(([name, result]) => [
      name,
      result.requestsPerSecond.toFixed(0),
      result.p50Ms.toFixed(0),
      result.p99Ms.toFixed(0),
      String(result.total),
      cpuPerRequest(result).toFixed(0),
    ]),
  );
}

async function main(): Promise<void> {
  const node = await startAnvil({ chainId: NETWORK_FACTS[DEFAULT_NETWORK].chainId });
  const stops: Array<() => Promise<void>> = [() => node.stop()];
  try {
    const nginx = await startNginx(await freeLoopbackPort(), node.port);
    stops.unshift(() => nginx.stop());
    const bare = await startBareProxy(await freeLoopbackPort(), node.url, workers);
    stops.unshift(() => bare.stop());
    const gateway = await startGateway(await freeLoopbackPort(), node.url, workers);
    stops.unshift(() => gateway.stop());

    const anvilTarget: Target = { name: 'anvil (direct)', url: node.url, pid: node.pid };
    const nginxTarget: Target = { name: 'nginx -> anvil', url: nginx.url, pid: nginx.pid };
    const bareTarget: Target = { name: `Node http proxy -> anvil (${workers} processes, no checks)`, url: bare.url, pid: bare.pid };
    const gatewayTarget: Target = { name: `gateway -> anvil (${workers} workers)`, url: gateway.url, pid: gateway.pid };
    const targets = [anvilTarget, nginxTarget, bareTarget, gatewayTarget];
    // Two passes, the second in reverse order, so that a machine slowing down (or speeding up)
    // during the run weighs on every target alike instead of on whichever comes last.
    const passes = new Map<Target, Measured[]>(targets.map((target) => [target, []]));
    for (const target of [...targets, ...[...targets].reverse()]) passes.get(target)?.push(await measure(target));
    const result = (target: Target) => combine(passes.get(target) ?? []);
    printRows(targets.map((target) => [target.name, result(target)] as const));
    if (cpuKnown) console.log("\nCPU µs/req: the target's own processes (a proxy's, not anvil's behind it), per answered request.");

    const rate = (target: Target) => result(target).requestsPerSecond;
    const ratio = rate(gatewayTarget) / rate(nginxTarget);
    console.log(
      `\nNode http proxy / nginx: ${(rate(bareTarget) / rate(nginxTarget)).toFixed(2)} (Node's HTTP server and undici, no checks at all)`,
    );
    console.log(
      `gateway / Node http proxy: ${(rate(gatewayTarget) / rate(bareTarget)).toFixed(2)} (the workers' fast path, with every check and metering)`,
    );
    console.log(`goal: gateway / nginx >= ${goal} (${ratio >= goal ? 'met' : 'NOT met'})`);
    console.log(`ratio: ${ratio.toFixed(2)}`);
  } finally {
    for (const stop of stops) await stop().catch((error: unknown) => console.error(error));
  }
  // Its own anvil (mining) and gateway (WORKERS of its own), once the HTTP rows are done with theirs.
  await runWebSocketBench(webSocketSettings());
}

/** A whole number of at least 1 from an option or variable (`name`, e.g. --rate), or the default; anything else stops with a message naming it. */
function countOption(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`${name} must be a whole number of at least 1, not "${value}"`);
  return parsed;
}

/** BENCH_WS_SUBSCRIBERS, BENCH_WS_SECONDS, BENCH_WS_WORKERS, BENCH_WS_BARE and BENCH_WS_PROFILE over the WebSocket row's defaults. */
function webSocketSettings(): WebSocketSettings {
  const defaults = defaultWebSocketSettings;
  return {
    subscribers: countOption('BENCH_WS_SUBSCRIBERS', process.env.BENCH_WS_SUBSCRIBERS, defaults.subscribers),
    seconds: countOption('BENCH_WS_SECONDS', process.env.BENCH_WS_SECONDS, defaults.seconds),
    workers: countOption('BENCH_WS_WORKERS', process.env.BENCH_WS_WORKERS, defaults.workers),
    bare: process.env.BENCH_WS_BARE === '1',
    processes: process.env.BENCH_WS_PROCESSES === '1',
    profileDir: process.env.BENCH_WS_PROFILE || defaults.profileDir,
  };
}

/** The default load's connections and duration, WORKERS, and BENCH_MIX_BLOCK_SECONDS (0 or more). */
function mixSettings(): MixSettings {
  const value = process.env.BENCH_MIX_BLOCK_SECONDS;
  const blockSeconds = value === undefined || value === '0' ? Number(value ?? 2) : countOption('BENCH_MIX_BLOCK_SECONDS', value, 2);
  return { connections: settings.connections, durationSeconds: settings.durationSeconds, workers, blockSeconds };
}

function latencySettings(values: Record<string, string | boolean | undefined>): LatencySettings {
  const text = (name: string) => {
    const value = values[name];
    return typeof value === 'string' ? value : undefined;
  };
  const defaults = defaultLatencySettings;
  const workers =
    text('workers')
      ?.split(',')
      .map((count) => countOption('--workers', count.trim(), 1)) ?? defaults.workers;
  return {
    rate: countOption('--rate', text('rate'), defaults.rate),
    seconds: countOption('--seconds', text('seconds'), defaults.seconds),
    keys: countOption('--keys', text('keys'), defaults.keys),
    runs: countOption('--runs', text('runs'), defaults.runs),
    workers,
    probe: values.probe === true,
    postgres: values.postgres === true,
    redis: values.redis === true,
    baseline: text('baseline') ?? null,
    benchPlan: values['bench-plan'] === true,
    requestLog: values['request-log'] === true,
  };
}

function floodSettings(values: Record<string, string | boolean | undefined>): FloodSettings {
  const text = (name: string) => {
    const value = values[name];
    return typeof value === 'string' ? value : undefined;
  };
  const defaults = defaultFloodSettings;
  return {
    seconds: countOption('--seconds', text('seconds'), defaults.seconds),
    workers: countOption('--workers', text('workers'), defaults.workers),
    rate: countOption('--rate', text('rate'), defaults.rate),
    connections: countOption('--connections', text('connections'), defaults.connections),
  };
}

function chosen(): Promise<void> {
  const { values } = parseArgs({
    options: {
      latency: { type: 'boolean' },
      flood: { type: 'boolean' },
      websocket: { type: 'boolean' },
      mix: { type: 'boolean' },
      rate: { type: 'string' },
      seconds: { type: 'string' },
      keys: { type: 'string' },
      runs: { type: 'string' },
      workers: { type: 'string' },
      probe: { type: 'boolean' },
      postgres: { type: 'boolean' },
      redis: { type: 'boolean' },
      baseline: { type: 'string' },
      'bench-plan': { type: 'boolean' },
      'request-log': { type: 'boolean' },
      connections: { type: 'string' },
    },
  });
  if (values.websocket) return runWebSocketBench(webSocketSettings());
  if (values.mix) return runMixBench(mixSettings());
  if (values.flood) return runFloodBench(floodSettings(values));
  return values.latency ? runLatencyBench(latencySettings(values)) : main();
}

chosen().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
