/**
 * The latency bench's `--probe`: starts the gateway's processes with bench/loop-probe.ts and sums
 * up, per process, the seconds that fell inside the measured runs: how late the event loop ran
 * (the median second's p99 and the worst stall), how long the garbage collector paused it, and
 * how much CPU the process took.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GatewayOptions } from './gateway-target';
import type { ProbeLine } from './loop-probe';

const probeFile = join(dirname(fileURLToPath(import.meta.url)), 'loop-probe.ts');

export interface Probe {
  readonly dir: string;
  readonly options: Pick<GatewayOptions, 'nodeFlags' | 'env'>;
}

export async function startProbe(): Promise<Probe> {
  const dir = await mkdtemp(join(tmpdir(), 'loop-probe-'));
  return { dir, options: { nodeFlags: ['--import', probeFile], env: { LOOP_PROBE_DIR: dir } } };
}

function isProbeLine(value: unknown): value is ProbeLine {
  if (typeof value !== 'object' || value === null) return false;
  return ['t', 'pid', 'delayP50Us', 'delayP99Us', 'delayMaxUs', 'gcCount', 'gcUs', 'gcMaxUs', 'cpuUs'].every(
    (key) => typeof Reflect.get(value, key) === 'number',
  );
}

async function readLines(dir: string): Promise<ProbeLine[]> {
  const lines: ProbeLine[] = [];
  for (const file of await readdir(dir)) {
    for (const text of (await readFile(join(dir, file), 'utf8')).split('\n')) {
      if (text === '') continue;
      const parsed: unknown = JSON.parse(text);
      if (isProbeLine(parsed)) lines.push(parsed);
    }
  }
  return lines;
}

const ms = (us: number) => (us / 1000).toFixed(2);

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Prints the probe's figures for the seconds wholly inside `windows`, then removes its files. */
export async function printProbe(name: string, dir: string, windows: ReadonlyArray<readonly [number, number]>): Promise<void> {
  const inside = (line: ProbeLine) => windows.some(([start, end]) => line.t - 1000 >= start && line.t <= end);
  const lines = (await readLines(dir)).filter(inside);
  await rm(dir, { recursive: true, force: true });
  console.log(`\n${name}, per process over the measured seconds (bench/loop-probe.ts):`);
  const byPid = new Map<number, ProbeLine[]>();
  for (const line of lines) byPid.set(line.pid, [...(byPid.get(line.pid) ?? []), line]);
  for (const [pid, seconds] of byPid) {
    const count = seconds.length;
    const sum = (pick: (line: ProbeLine) => number) => seconds.reduce((total, line) => total + pick(line), 0);
    const max = (pick: (line: ProbeLine) => number) => Math.max(...seconds.map(pick));
    console.log(
      `  ${seconds[0]?.role ?? '?'} ${pid} (${count} s): event-loop delay p50 ${ms(median(seconds.map((line) => line.delayP50Us)))} ms,` +
        ` p99 ${ms(median(seconds.map((line) => line.delayP99Us)))} ms (worst second ${ms(max((line) => line.delayP99Us))} ms),` +
        ` longest stall ${ms(max((line) => line.delayMaxUs))} ms;` +
        ` GC ${(sum((line) => line.gcCount) / count).toFixed(1)}/s, ${ms(sum((line) => line.gcUs) / count)} ms/s, longest ${ms(max((line) => line.gcMaxUs))} ms;` +
        ` CPU ${((sum((line) => line.cpuUs) / count / 1_000_000) * 100).toFixed(0)} %`,
    );
  }
}
