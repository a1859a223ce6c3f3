/**
 * Loaded into the gateway's processes by the latency bench (`--probe`: node --import this file;
 * cluster workers inherit the flag). Every second it appends one line per process to
 * `$LOOP_PROBE_DIR/<pid>.jsonl`: the event loop's delay (perf_hooks.monitorEventLoopDelay, 1 ms
 * resolution), the garbage collector's pauses (PerformanceObserver 'gc') and the CPU the process
 * took, so a stall can be placed in time, in a process, and told apart from a collection.
 */
import cluster from 'node:cluster';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

/** One second of one process. Times in microseconds. */
export interface ProbeLine {
  /** Epoch ms at the end of the second. */
  readonly t: number;
  readonly pid: number;
  readonly role: 'main' | 'worker';
  readonly delayP50Us: number;
  readonly delayP99Us: number;
  readonly delayMaxUs: number;
  readonly gcCount: number;
  readonly gcUs: number;
  readonly gcMaxUs: number;
  readonly cpuUs: number;
}

const directory = process.env.LOOP_PROBE_DIR;
if (directory !== undefined && directory !== '') {
  const file = join(directory, `${process.pid}.jsonl`);
  const role = cluster.isPrimary ? 'main' : 'worker';
  // Its own floor is the resolution: 1 ms is the smallest Node accepts without busy sampling.
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  let gcCount = 0;
  let gcUs = 0;
  let gcMaxUs = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const us = entry.duration * 1000;
      gcCount += 1;
      gcUs += us;
      gcMaxUs = Math.max(gcMaxUs, us);
    }
  }).observe({ entryTypes: ['gc'] });
  let cpu = process.cpuUsage();
  const timer = setInterval(() => {
    const used = process.cpuUsage(cpu);
    cpu = process.cpuUsage();
    const line: ProbeLine = {
      t: Date.now(),
      pid: process.pid,
      role,
      // The histogram is in nanoseconds.
      delayP50Us: Math.round(delay.percentile(50) / 1000),
      delayP99Us: Math.round(delay.percentile(99) / 1000),
      delayMaxUs: Math.round(delay.max / 1000),
      gcCount,
      gcUs: Math.round(gcUs),
      gcMaxUs: Math.round(gcMaxUs),
      cpuUs: used.user + used.system,
    };
    delay.reset();
    gcCount = 0;
    gcUs = 0;
    gcMaxUs = 0;
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  }, 1000);
  timer.unref();
}
