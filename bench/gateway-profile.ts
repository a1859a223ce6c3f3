/**
 * `npm run bench:gateway:profile`: the gateway under the benchmark's load for 10 s, its processes
 * started with `node --cpu-prof`, then the functions that took the most CPU (self time) in the
 * busiest one (an HTTP worker), grouped by where they live. The .cpuprofile files are kept (open
 * one in Chrome DevTools → Performance). `... read <dir>` summarises a directory again; `... stalls <dir>`
 * lists its busy stretches (profiles sampled every 250 µs: --latency's, the WebSocket row's BENCH_WS_PROFILE).
 *
 * `... -- --latency [--workers 1]`: the latency bench's open-loop load instead (300 req/s of
 * eth_blockNumber over 40 Free-plan keys), sampled every 250 µs, and for every process its busy
 * stretches (bench/profile-stalls.ts): what kept its event loop from answering, longest first.
 */
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAnvil } from '@server/nodes/anvil';
import { DEFAULT_NETWORK, NETWORK_FACTS } from '@/domain/networks';
import { freeLoopbackPort } from '@server/nodes/free-port';
import { parseArgs } from 'node:util';
import { cacheHeader } from '@server/gateway/gateway';
import { prepareMix, runMixLoad } from './gateway-mix';
import { startGateway } from './gateway-target';
import { runLoad } from './load';
import { runOpenLoop } from './open-loop';
import { findStalls, printStalls } from './profile-stalls';

const measuredSeconds = 10;
const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] });

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly children?: number[];
}

interface Profile {
  readonly nodes: ProfileNode[];
  /** The node of each sample, and the µs since the previous one. */
  readonly samples: number[];
  readonly timeDeltas: number[];
}

function isProfile(value: unknown): value is Profile {
  return (
    typeof value === 'object' &&
    value !== null &&
    'nodes' in value &&
    Array.isArray(value.nodes) &&
    'samples' in value &&
    Array.isArray(value.samples) &&
    'timeDeltas' in value &&
    Array.isArray(value.timeDeltas)
  );
}

/** µs from the profile's start of the measured run: its last seconds (start-up and warm-up left out). */
function measuredWindow(profile: Profile, seconds: number): { start: number; end: number } {
  const time = profile.timeDeltas.reduce((sum, delta) => sum + delta, 0);
  // The run ends a little before the profile does (the gateway and the node stopping).
  const end = time - 300_000;
  return { start: end - seconds * 1_000_000, end };
}

/** Samples per node id, of the measured run only. */
function measuredHits(profile: Profile, seconds: number): Map<number, number> {
  const times: number[] = [];
  let time = 0;
  for (const delta of profile.timeDeltas) {
    time += delta;
    times.push(time);
  }
  const { start, end } = measuredWindow(profile, seconds);
  const hits = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    const at = times[index] ?? 0;
    if (at >= start && at <= end) hits.set(id, (hits.get(id) ?? 0) + 1);
  });
  return hits;
}

function placeOf(url: string): string {
  if (url === '') return '(native / VM)';
  if (url.startsWith('node:')) return url.replace(/^node:internal\//, 'node:');
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0)
    return url
      .slice(modules + 'node_modules/'.length)
      .split('/')
      .slice(0, url.includes('/@') ? 2 : 1)
      .join('/');
  return url.replace(/^.*\/(server|src|bench)\//, '$1/');
}

async function readProfile(path: string): Promise<Profile | null> {
  const parsed: unknown = JSON.parse(await readFile(path, 'utf8'));
  return isProfile(parsed) ? parsed : null;
}

/** Samples of the measured run spent anywhere but idle. */
function busySamples(profile: Profile, measured: Map<number, number>): number {
  let busy = 0;
  for (const node of profile.nodes) if (node.callFrame.functionName !== '(idle)') busy += measured.get(node.id) ?? 0;
  return busy;
}

async function summarise(dir: string): Promise<void> {
  // One profile per thread and process (tsx's loader threads too): the busiest during the run is an HTTP worker's.
  let chosen: { path: string; profile: Profile; measured: Map<number, number>; busy: number } | null = null;
  for (const name of (await readdir(dir)).filter((file) => file.endsWith('.cpuprofile'))) {
    const profile = await readProfile(join(dir, name));
    if (profile === null) continue;
    const measured = measuredHits(profile, measuredSeconds);
    const busy = busySamples(profile, measured);
    if (chosen === null || busy > chosen.busy) chosen = { path: join(dir, name), profile, measured, busy };
  }
  if (chosen === null) return;
  const { profile: parsed, measured, path: last } = chosen;
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const node of parsed.nodes) {
    const hits = measured.get(node.id) ?? 0;
    total += hits;
    const place = placeOf(node.callFrame.url);
    byPlace.set(place, (byPlace.get(place) ?? 0) + hits);
    const name = `${node.callFrame.functionName || '(anonymous)'}  ${place}:${node.callFrame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + hits);
  }
  const top = (map: Map<string, number>, count: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, hits]) => `${((hits / total) * 100).toFixed(1).padStart(5)}%  ${name}`);
  console.log(
    `\nprofile: ${last}\n\nself time by place:\n${top(byPlace, 15).join('\n')}\n\nby function:\n${top(byFunction, 30).join('\n')}`,
  );
}

const workers = Number(process.env.BENCH_WORKERS ?? 2);
/** The latency profile's sampling interval (node --cpu-prof-interval, µs). */
const sampleEveryUs = 250;

/** Every process's (and thread's) stalls during the measured run, for those that did work. */
async function summariseStalls(dir: string): Promise<void> {
  for (const name of (await readdir(dir)).filter((file) => file.endsWith('.cpuprofile'))) {
    const profile = await readProfile(join(dir, name));
    if (profile === null) continue;
    const measured = measuredHits(profile, measuredSeconds);
    const busy = busySamples(profile, measured);
    const total = [...measured.values()].reduce((sum, hits) => sum + hits, 0);
    // tsx's loader threads and the like: idle through the run.
    if (total === 0 || busy / total < 0.02) continue;
    const { start, end } = measuredWindow(profile, measuredSeconds);
    printStalls(
      `${name}: busy ${((busy / total) * 100).toFixed(0)} % of the run; busy stretches of 2 ms or more`,
      findStalls(profile, { fromUs: start, toUs: end, minUs: 2000, intervalUs: sampleEveryUs }, placeOf),
      measuredSeconds,
    );
  }
  console.log(`
profiles kept in ${dir}`);
}

/** The latency bench's load, open loop, with every gateway process sampled every 250 µs. */
async function profileLatency(workerCount: number): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'gateway-profile-'));
  const node = await startAnvil({ chainId: NETWORK_FACTS[DEFAULT_NETWORK].chainId });
  const load = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] });
  try {
    const gateway = await startGateway(await freeLoopbackPort(), node.url, workerCount, {
      nodeFlags: ['--cpu-prof', `--cpu-prof-interval=${sampleEveryUs}`, `--cpu-prof-dir=${dir}`],
      freeKeys: 40,
    });
    try {
      await runOpenLoop({ urls: gateway.urls, body: load, rate: 300, seconds: 2 });
      const sample = await runOpenLoop({ urls: gateway.urls, body: load, rate: 300, seconds: measuredSeconds });
      console.log(
        `gateway -> anvil (WORKERS=${workerCount}), 300 req/s open loop: p50 ${(sample.p50Us / 1000).toFixed(2)} ms, ` +
          `p99 ${(sample.p99Us / 1000).toFixed(2)} ms, p99.9 ${(sample.p999Us / 1000).toFixed(2)} ms, ${sample.failures} failed`,
      );
    } finally {
      await gateway.stop();
    }
  } finally {
    await node.stop();
  }
  await summariseStalls(dir);
}

/** One load of `seconds` on the gateway: the bench's eth_chainId, or the method mix's list (`mix`). */
function load(url: string, seconds: number, mix: readonly string[] | null) {
  if (mix === null) return runLoad(url, { connections: 50, durationSeconds: seconds, body });
  return runMixLoad({ url, hitHeader: cacheHeader, connections: 50, durationSeconds: seconds, bodies: mix });
}

/**
 * The gateway's processes run under `node --cpu-prof` (each writes its profile when it exits).
 * `--mix`: the method mix (bench/gateway-mix.ts) on an anvil prepared for it, mostly cache hits.
 */
async function profile(withMix: boolean): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'gateway-profile-'));
  const node = await startAnvil({ chainId: NETWORK_FACTS[DEFAULT_NETWORK].chainId });
  try {
    const mix = withMix ? await prepareMix(node.url) : null;
    const gateway = await startGateway(await freeLoopbackPort(), node.url, workers, {
      nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${dir}`],
      compiled: withMix,
    });
    try {
      await load(gateway.url, 2, mix);
      const result = await load(gateway.url, measuredSeconds, mix);
      console.log(
        `gateway -> anvil (${workers} workers): ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms`,
      );
    } finally {
      await gateway.stop();
    }
  } finally {
    await node.stop();
  }
  await summarise(dir);
}

function chosen(): Promise<void> {
  if (process.argv[2] === 'read') return summarise(process.argv[3] ?? '');
  if (process.argv[2] === 'stalls') return summariseStalls(process.argv[3] ?? '');
  const { values } = parseArgs({ options: { latency: { type: 'boolean' }, mix: { type: 'boolean' }, workers: { type: 'string' } } });
  return values.latency ? profileLatency(Number(values.workers ?? 1)) : profile(values.mix === true);
}

chosen().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
