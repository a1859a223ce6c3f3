import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));

export interface LoadSettings {
  readonly connections: number;
  readonly durationSeconds: number;
  readonly body: string;
  /** Requests each connection sends before its answers (autocannon -p); 1 when absent. */
  readonly pipelining?: number;
}

export interface LoadResult {
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly total: number;
  /** Answers that were not 2xx, connection errors and time-outs: a fair run has none. */
  readonly failures: number;
}

function numberAt(value: unknown, ...path: string[]): number {
  let current: unknown = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null || !(key in current)) return Number.NaN;
    current = Reflect.get(current, key);
  }
  return typeof current === 'number' ? current : Number.NaN;
}

/**
 * autocannon in its own process (its CLI with --json), so the load generator never shares an
 * event loop with what it measures.
 */
export function runLoad(url: string, settings: LoadSettings): Promise<LoadResult> {
  const args = [
    join(root, 'node_modules', 'autocannon', 'autocannon.js'),
    '--json',
    '-c',
    String(settings.connections),
    '-d',
    String(settings.durationSeconds),
    '-p',
    String(settings.pipelining ?? 1),
    '-m',
    'POST',
    '-H',
    'content-type=application/json',
    '-b',
    settings.body,
    url,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) {
        reject(new Error(`autocannon exited with ${code}`));
        return;
      }
      const result: unknown = JSON.parse(output.trim().split('\n').at(-1) ?? '{}');
      resolve({
        requestsPerSecond: numberAt(result, 'requests', 'average'),
        p50Ms: numberAt(result, 'latency', 'p50'),
        p99Ms: numberAt(result, 'latency', 'p99'),
        total: numberAt(result, 'requests', 'total'),
        failures: numberAt(result, 'non2xx') + numberAt(result, 'errors') + numberAt(result, 'timeouts'),
      });
    });
  });
}

/** The passes of one target as one: mean throughput and latencies, all requests and failures. */
export function combineLoads(results: readonly LoadResult[]): LoadResult {
  const sum = (pick: (result: LoadResult) => number) => results.reduce((total, result) => total + pick(result), 0);
  const mean = (pick: (result: LoadResult) => number) => sum(pick) / results.length;
  return {
    requestsPerSecond: mean((result) => result.requestsPerSecond),
    p50Ms: mean((result) => result.p50Ms),
    p99Ms: mean((result) => result.p99Ms),
    total: sum((result) => result.total),
    failures: sum((result) => result.failures),
  };
}
