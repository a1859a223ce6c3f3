/**
 * `npm run bench:gateway:profile`: the gateway under the benchmark's load for 10 s inside a process
 * started with `node --cpu-prof`, then the functions that took the most CPU (self time), grouped
 * by where they live. The .cpuprofile is kept (open it in Chrome DevTools → Performance).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
  return typeof value === 'object' && value !== null && 'nodes' in value && Array.isArray(value.nodes) && 'samples' in value && Array.isArray(value.samples) && 'timeDeltas' in value && Array.isArray(value.timeDeltas);
}

/** Samples per node id, of the measured run only (its last seconds: start-up and warm-up left out). */
function measuredHits(profile: Profile, seconds: number): Map<number, number> {
  const times: number[] = [];
  let time = 0;
  for (const delta of profile.timeDeltas) times.push((time += delta));
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
  if (modules >= 0) return url.slice(modules + 'node_modules/'.length).split('/').slice(0, url.includes('/@') ? 2 : 1).join('/');
  return url.replace(/^.*\/(server|src|bench)\//, '$1/');
}

async function summarise(dir: string): Promise<void> {
  // One profile per thread (tsx's loader has its own): the main thread's is the biggest.
  const files = await Promise.all((await readdir(dir)).filter((name) => name.endsWith('.cpuprofile')).map(async (name) => ({ name, size: (await stat(join(dir, name))).size })));
  const last = files.sort((a, b) => b.size - a.size)[0]?.name;
  if (last === undefined) return;
  const parsed: unknown = JSON.parse(await readFile(join(dir, last), 'utf8'));
  if (!isProfile(parsed)) return;
  const measured = measuredHits(parsed, measuredSeconds);
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
    [...map].sort((a, b) => b[1] - a[1]).slice(0, count).map(([name, hits]) => `${((hits / total) * 100).toFixed(1).padStart(5)}%  ${name}`);
  console.log(`\nprofile: ${join(dir, last)}\n\nself time by place:\n${top(byPlace, 15).join('\n')}\n\nby function:\n${top(byFunction, 30).join('\n')}`);
}

async function main(): Promise<void> {
  const node = await startAnvil({ chainId: localChainIds.mainnet });
  try {
    const gateway = await startGateway(await freeLoopbackPort(), node.url);
    try {
      await runLoad(gateway.url, { connections: 50, durationSeconds: 2, body });
      const result = await runLoad(gateway.url, { connections: 50, durationSeconds: measuredSeconds, body });
      console.log(`gateway -> anvil: ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms`);
    } finally {
      await gateway.stop();
    }
  } finally {
    await node.stop();
  }
}

/** Re-runs this file under `node --cpu-prof` (the profile is written when that process exits), then reads it. */
async function profile(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'gateway-profile-'));
  const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--import', 'tsx', fileURLToPath(import.meta.url), 'target'], { stdio: 'inherit' });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the profiled run exited with ${code}`);
  await summarise(dir);
}

(process.argv[2] === "target" ? main() : process.argv[2] === "read" ? summarise(process.argv[3] ?? "") : profile()).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
