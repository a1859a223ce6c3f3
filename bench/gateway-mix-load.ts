/**
 * The method mix's load generator, run in its own process by bench/gateway-mix.ts so that it never
 * shares an event loop with what it measures: autocannon over a list of bodies (each connection
 * sends them in turn, over and over), counting the answers that carry the cache's header
 * (`x-cache: HIT`) and those that are JSON-RPC errors.
 *
 * Input: one JSON object (MixRun) on stdin. Output: one JSON line (MixLoad) on stdout.
 */
import { text } from 'node:stream/consumers';
import autocannon, { type Headers } from 'autocannon';
import type { MixLoad, MixRun } from './gateway-mix';

function parseRun(input: string): MixRun {
  const value: unknown = JSON.parse(input);
  if (typeof value !== 'object' || value === null) throw new Error('expected the run as a JSON object');
  const [url, hitHeader, connections, durationSeconds, bodies] = ['url', 'hitHeader', 'connections', 'durationSeconds', 'bodies'].map(
    (key) => Reflect.get(value, key),
  );
  if (typeof url !== 'string' || typeof hitHeader !== 'string') throw new Error('url and hitHeader are required');
  if (typeof connections !== 'number' || typeof durationSeconds !== 'number')
    throw new Error('connections and durationSeconds are required');
  if (!Array.isArray(bodies) || bodies.length === 0 || !bodies.every((body) => typeof body === 'string'))
    throw new Error('bodies: a list of request bodies');
  return { url, hitHeader, connections, durationSeconds, bodies };
}

async function main(): Promise<void> {
  const run = parseRun(await text(process.stdin));
  let hits = 0;
  let rpcErrors = 0;
  // Results are hex, blocks, receipts and logs: only an error answer holds this member.
  const onResponse = (_status: number, body: string, _context: unknown, headers: Headers) => {
    if (headers[run.hitHeader] === 'HIT') hits += 1;
    if (body.includes('"error":')) rpcErrors += 1;
  };
  const cpuBefore = process.cpuUsage();
  const result = await autocannon({
    url: run.url,
    connections: run.connections,
    duration: run.durationSeconds,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: run.bodies.map((body) => ({ method: 'POST', body, onResponse })),
  });
  const cpu = process.cpuUsage(cpuBefore);
  const load: MixLoad = {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    meanMs: result.latency.mean,
    total: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
    hits,
    rpcErrors,
    loadCpuUs: cpu.user + cpu.system,
  };
  process.stdout.write(`${JSON.stringify(load)}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
