import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** One fixed-rate run: `rate` requests a second for `seconds`, the URLs taken in turn. */
export interface OpenLoopRun {
  readonly urls: readonly string[];
  readonly body: string;
  readonly rate: number;
  readonly seconds: number;
}

/** What one run measured; latencies in microseconds, over the answered requests. */
export interface OpenLoopSample {
  readonly sent: number;
  readonly answered: number;
  /** Non-200 answers, answers without a JSON-RPC result, and connection errors. */
  readonly failures: number;
  readonly firstFailure: string | null;
  readonly p50Us: number;
  readonly p95Us: number;
  readonly p99Us: number;
  readonly p999Us: number;
  readonly maxUs: number;
  /** The most the generator's own timer sent a request after its scheduled time. */
  readonly lateMaxUs: number;
}

function isSample(value: unknown): value is OpenLoopSample {
  if (typeof value !== 'object' || value === null) return false;
  return ['sent', 'answered', 'failures', 'p50Us', 'p95Us', 'p99Us', 'p999Us', 'maxUs', 'lateMaxUs'].every(
    (key) => typeof Reflect.get(value, key) === 'number',
  );
}

/**
 * Runs bench/open-loop-client.ts in its own process (the generator never shares an event loop, or
 * a core's time slice, with what it measures more than the machine forces) and returns its figures.
 */
export function runOpenLoop(run: OpenLoopRun): Promise<OpenLoopSample> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'open-loop-client.ts'), JSON.stringify(run)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = output.trim().split('\n').at(-1) ?? '';
      let sample: unknown;
      try {
        sample = JSON.parse(line);
      } catch {
        sample = undefined;
      }
      if (code !== 0 || !isSample(sample)) {
        reject(new Error(`the open-loop generator exited with ${code}: ${output.slice(0, 500)}`));
        return;
      }
      resolve(sample);
    });
  });
}
