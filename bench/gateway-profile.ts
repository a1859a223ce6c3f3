/**
 * `npm run bench:gateway:profile`: the gateway under the benchmark's load for 10 s, its processes
 * started with `node --cpu-prof`, then the functions that took the most CPU (self time) in the
 * busiest one (an HTTP worker), grouped by where they live. The .cpuprofile files are kept (open
 * one in Chrome DevTools → Performance). `... read <dir>` summarises a directory again.
 */
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAnvil } from '@server/nodes/anvil';
import { localChainIds } from '@server/nodes/local-nodes';
import { freeLoopbackPort } from '@server/nodes/free-port';
import { startGateway } from './gateway-target';
import { runLoad } from './load';

const measuredSeconds = 10;
const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] });

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
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

/** Samples per node id, of the measured run only (its last seconds: start-up and warm-up left out). */
function measuredHits(profile: Profile, seconds: number): Map<number, number> {
  const times: number[] = [];
  let time = 0;
  for (const delta of profile.timeDeltas) {
    time += delta;
    times.push(time);
  }
  // The run ends a little before the profile does (the gateway and the node stopping).
  const end = time - 300_000;
  const start = end - seconds * 1_000_000;
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

/** The gateway's processes run under `node --cpu-prof` (each writes its profile when it exits). */
async function profile(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'gateway-profile-'));
  const node = await startAnvil({ chainId: localChainIds.mainnet });
  try {
    const gateway = await startGateway(await freeLoopbackPort(), node.url, workers, {
      nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${dir}`],
    });
    try {
      await runLoad(gateway.url, { connections: 50, durationSeconds: 2, body });
      const result = await runLoad(gateway.url, { connections: 50, durationSeconds: measuredSeconds, body });
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

(process.argv[2] === 'read' ? summarise(process.argv[3] ?? '') : profile()).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
