/**
 * `npm run bench:shutdown` (not part of `npm test`): how long the server takes from SIGTERM to exit
 * while it is under load, as an orchestrator stopping a replica sees it. For each worker count
 * (WORKERS=1 and 2, `--workers` to choose), the server as `npm start` runs it (bench/gateway-target.ts)
 * takes an open-loop load of eth_blockNumber at `--rate` req/s (default 300) over 40 Free-plan keys;
 * after 2 s it gets SIGTERM, and the time until its process has exited is measured (it finishes
 * the calls it has, writes its last metering batch and closes its database). Three runs each, `--runs`.
 */
import { parseArgs } from 'node:util';
import { startAnvil } from '@server/nodes/anvil';
import { freeLoopbackPort } from '@server/nodes/free-port';
import { DEFAULT_NETWORK, NETWORK_FACTS } from '@/domain/networks';
import { startGateway } from './gateway-target';
import { runOpenLoop } from './open-loop';

const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] });
const loadSeconds = 4;
const signalAfterMs = 2000;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Resolves with the ms from now until the process is gone (polled every 2 ms). */
function exitTime(pid: number): Promise<number> {
  const started = performance.now();
  return new Promise((resolve) => {
    const poll = setInterval(() => {
      if (alive(pid)) return;
      clearInterval(poll);
      resolve(performance.now() - started);
    }, 2);
  });
}

async function once(
  nodeUrl: string,
  workers: number,
  rate: number,
): Promise<{ exitMs: number; answered: number; sent: number; firstFailure: string | null }> {
  const gateway = await startGateway(await freeLoopbackPort(), nodeUrl, workers, { freeKeys: 40 });
  try {
    const load = runOpenLoop({ urls: gateway.urls, body, rate, seconds: loadSeconds });
    await new Promise((resolve) => setTimeout(resolve, signalAfterMs));
    const exited = exitTime(gateway.pid);
    process.kill(gateway.pid, 'SIGTERM');
    const exitMs = await exited;
    const sample = await load;
    return { exitMs, answered: sample.answered, sent: sample.sent, firstFailure: sample.firstFailure };
  } finally {
    await gateway.stop();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { workers: { type: 'string' }, rate: { type: 'string' }, runs: { type: 'string' } } });
  const workerCounts = (values.workers ?? '1,2').split(',').map(Number);
  const rate = Number(values.rate ?? 300);
  const runs = Number(values.runs ?? 3);
  if (workerCounts.some((count) => !Number.isInteger(count) || count < 1) || !(rate > 0) || !Number.isInteger(runs) || runs < 1)
    throw new Error('--workers takes whole numbers of at least 1 (e.g. 1,2), --rate a positive number, --runs a whole number');
  const node = await startAnvil({ chainId: NETWORK_FACTS[DEFAULT_NETWORK].chainId });
  try {
    for (const workers of workerCounts) {
      const times: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        const { exitMs, answered, sent, firstFailure } = await once(node.url, workers, rate);
        times.push(exitMs);
        console.log(
          `WORKERS=${workers} run ${run + 1}: SIGTERM to exit ${exitMs.toFixed(0)} ms at ${rate} req/s ` +
            `(${answered}/${sent} calls answered over ${loadSeconds} s, SIGTERM after ${signalAfterMs / 1000} s; first failure: ${firstFailure ?? 'none'})`,
        );
      }
      const sorted = [...times].sort((a, b) => a - b);
      console.log(
        `WORKERS=${workers}: SIGTERM to exit ${sorted.map((ms) => ms.toFixed(0)).join(', ')} ms (median ${sorted[Math.floor(runs / 2)]?.toFixed(0)})`,
      );
    }
  } finally {
    await node.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
