/**
 * `npm run bench:gateway -- --flood [--seconds 10] [--workers 1] [--rate 30] [--connections 50]`: what a flood of
 * refused calls costs another user. Two Developer users whose keys log their calls; one key
 * (the flooder) sends calls the method policy refuses (admin_peers), pipelined over many
 * connections as fast as the gateway answers (autocannon, 50 connections × 10 in flight by default), while
 * the other (the bystander) makes ordinary calls at a fixed rate (open loop, eth_chainId). The
 * bystander's p50/p95 without the flood, then during it; the goal is its p95 within 2 × the one
 * without. The gateway's metrics (METRICS_PORT) tell how many refused calls were logged and how
 * many only counted (rpc_request_log_dropped_total). Loopback only; about 3 × seconds + start-up.
 */
import { startAnvil } from '@server/nodes/anvil';
import { freeLoopbackPort } from '@server/nodes/free-port';
import { DEFAULT_NETWORK, NETWORK_FACTS } from '@/domain/networks';
import { startGateway } from './gateway-target';
import { runLoad } from './load';
import { runOpenLoop, type OpenLoopSample } from './open-loop';
import { printTable } from './print-table';

export interface FloodSettings {
  readonly seconds: number;
  readonly workers: number;
  /** The bystander's calls per second (Developer allows 50). */
  readonly rate: number;
  /** The flooder's connections, each with 10 calls in flight. */
  readonly connections: number;
}

export const defaultFloodSettings: FloodSettings = { seconds: 10, workers: 1, rate: 30, connections: 50 };

const ordinary = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] });
const refused = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'admin_peers', params: [] });
const goal = 2;

/** The sum of a Prometheus text's series of `name` whose labels include `label` (e.g. reason="refused_method"). */
function seriesSum(text: string, name: string, label: string): number {
  let total = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) || !line.includes(label)) continue;
    total += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return total;
}

interface Logged {
  readonly refused: number;
  readonly dropped: number;
}

async function loggedSoFar(metricsUrl: string): Promise<Logged> {
  const text = await (await fetch(metricsUrl)).text();
  return {
    refused: seriesSum(text, 'rpc_gateway_calls_total', 'outcome="refused_method"'),
    dropped:
      seriesSum(text, 'rpc_request_log_dropped_total', 'reason="refused_method"') +
      seriesSum(text, 'rpc_request_log_dropped_total', 'reason="ring_full"'),
  };
}

const ms = (us: number) => (us / 1000).toFixed(1);

export async function runFloodBench(settings: FloodSettings): Promise<void> {
  const node = await startAnvil({ chainId: NETWORK_FACTS[DEFAULT_NETWORK].chainId });
  const metricsPort = await freeLoopbackPort();
  const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  try {
    const gateway = await startGateway(await freeLoopbackPort(), node.url, settings.workers, {
      freeKeys: 2,
      developer: { requestLog: true },
      env: { METRICS_PORT: String(metricsPort) },
    });
    try {
      const [flooderUrl, bystanderUrl] = gateway.urls;
      if (flooderUrl === undefined || bystanderUrl === undefined) throw new Error('two keys expected');
      const bystander = () => runOpenLoop({ urls: [bystanderUrl], body: ordinary, rate: settings.rate, seconds: settings.seconds });
      // Warm-up, then the bystander alone.
      await runOpenLoop({ urls: [bystanderUrl], body: ordinary, rate: settings.rate, seconds: 2 });
      const quiet = await bystander();
      const before = await loggedSoFar(metricsUrl);
      const flood = runLoad(flooderUrl, {
        connections: settings.connections,
        pipelining: 10,
        durationSeconds: settings.seconds + 2,
        body: refused,
      });
      // The flood runs a second before the bystander starts, and a second after it ends.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const flooded = await bystander();
      const flooding = await flood;
      const after = await loggedSoFar(metricsUrl);
      report(settings, quiet, flooded, flooding.requestsPerSecond, {
        refused: after.refused - before.refused,
        dropped: after.dropped - before.dropped,
      });
    } finally {
      await gateway.stop();
    }
  } finally {
    await node.stop();
  }
}

function report(settings: FloodSettings, quiet: OpenLoopSample, flooded: OpenLoopSample, floodRate: number, logged: Logged): void {
  const seconds = settings.seconds + 2;
  console.log('');
  printTable(
    ['bystander (eth_chainId)', 'answered', 'failed', 'p50 ms', 'p95 ms', 'p99 ms'],
    [
      ['alone', String(quiet.answered), String(quiet.failures), ms(quiet.p50Us), ms(quiet.p95Us), ms(quiet.p99Us)],
      ['during the flood', String(flooded.answered), String(flooded.failures), ms(flooded.p50Us), ms(flooded.p95Us), ms(flooded.p99Us)],
    ],
  );
  const written = logged.refused - logged.dropped;
  console.log(
    `\nflood: ${floodRate.toFixed(0)} refused calls/s over ${settings.connections} connections for ${seconds} s (${settings.workers} worker(s)); ` +
      `${logged.refused} refused, ${written} logged (${(written / seconds).toFixed(1)} rows/s), ${logged.dropped} only counted`,
  );
  const ratio = flooded.p95Us / quiet.p95Us;
  console.log(`goal: bystander p95 during the flood <= ${goal} × alone (${ratio <= goal ? 'met' : 'NOT met'})`);
  console.log(`ratio: ${ratio.toFixed(2)}`);
}
