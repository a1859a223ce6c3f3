/**
 * `npm run bench:gateway` (not part of `npm test`): one run, side by side, against the same anvil
 * node: (a) anvil directly, (b) Debian's nginx as a plain keep-alive reverse proxy, (c) the gateway
 * (key auth, rate-limit and quota checks, credits and metering on every call). Same autocannon
 * load for each (50 connections, 10 s, a fixed eth_chainId body, after a 2 s warm-up). The last line,
 * `ratio: X.XX`, is the gateway's throughput over nginx's (goal: at least 0.6).
 */
import { startAnvil } from '@server/nodes/anvil';
import { localChainIds } from '@server/nodes/local-nodes';
import { freeLoopbackPort } from '@server/nodes/free-port';
import { startGateway } from './gateway-target';
import { runLoad, type LoadResult, type LoadSettings } from './load';
import { startNginx } from './nginx';

const settings: LoadSettings = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  durationSeconds: Number(process.env.BENCH_SECONDS ?? 10),
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
};
/** HTTP worker processes of the gateway (WORKERS): nginx runs one worker per core here (`auto`). */
const workers = Number(process.env.BENCH_WORKERS ?? 2);
const warmUp: LoadSettings = { ...settings, durationSeconds: 2 };
const goal = 0.6;

async function measure(name: string, url: string): Promise<LoadResult> {
  process.stdout.write(`${name}: warming up, then ${settings.durationSeconds} s with ${settings.connections} connections...\n`);
  await runLoad(url, warmUp);
  const result = await runLoad(url, settings);
  if (result.failures > 0) console.warn(`  ${name}: ${result.failures} failed answers (non-2xx, errors, time-outs)`);
  return result;
}

function printTable(rows: ReadonlyArray<readonly [string, LoadResult]>): void {
  const lines = [
    ['target', 'req/s', 'p50 ms', 'p99 ms', 'requests'],
    ...rows.map(([name, result]) => [name, result.requestsPerSecond.toFixed(0), String(result.p50Ms), String(result.p99Ms), String(result.total)]),
  ];
  const widths = lines[0]?.map((_, column) => Math.max(...lines.map((line) => (line[column] ?? '').length))) ?? [];
  console.log('');
  for (const [index, line] of lines.entries()) {
    console.log(line.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  '));
    if (index === 0) console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  }
}

async function main(): Promise<void> {
  const node = await startAnvil({ chainId: localChainIds.mainnet });
  const stops: Array<() => Promise<void>> = [() => node.stop()];
  try {
    const nginx = await startNginx(await freeLoopbackPort(), node.port);
    stops.unshift(() => nginx.stop());
    const gateway = await startGateway(await freeLoopbackPort(), node.url, workers);
    stops.unshift(() => gateway.stop());

    const results: Array<readonly [string, LoadResult]> = [];
    results.push(['anvil (direct)', await measure('anvil (direct)', node.url)]);
    results.push(['nginx -> anvil', await measure('nginx -> anvil', nginx.url)]);
    results.push([`gateway -> anvil (${workers} workers)`, await measure('gateway -> anvil', gateway.url)]);
    printTable(results);

    const nginxRate = results[1]?.[1].requestsPerSecond ?? Number.NaN;
    const gatewayRate = results[2]?.[1].requestsPerSecond ?? Number.NaN;
    const ratio = gatewayRate / nginxRate;
    console.log(`\ngoal: gateway / nginx >= ${goal} (${ratio >= goal ? 'met' : 'NOT met'})`);
    console.log(`ratio: ${ratio.toFixed(2)}`);
  } finally {
    for (const stop of stops) await stop().catch((error: unknown) => console.error(error));
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
