/**
 * CPU time of a process tree, from Linux's /proc (every thread's schedstat: nanoseconds on a CPU).
 * Throughput on a shared machine swings with its neighbours; CPU time per request swings much
 * less, so the gateway benchmark prints both.
 */
import { readdirSync, readFileSync } from 'node:fs';

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    // The process or thread is gone (or this is not Linux).
    return null;
  }
}

/** The parent of each running process. */
function parents(): Map<number, number> {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ')'.
    const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
    const parent = Number(fields?.[1]);
    if (Number.isInteger(parent)) parentOf.set(Number(entry), parent);
  }
  return parentOf;
}

/** `root` and every process below it. */
export function processTree(root: number): number[] {
  const parentOf = parents();
  const tree = [root];
  for (let index = 0; index < tree.length; index += 1) {
    for (const [pid, parent] of parentOf) if (parent === tree[index]) tree.push(pid);
  }
  return tree;
}

/** Nanoseconds on a CPU so far, summed over every thread of every process of the tree under `root`. */
export function cpuNanoseconds(root: number): number {
  let total = 0;
  for (const pid of processTree(root)) {
    let threads: string[];
    try {
      threads = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const thread of threads) total += Number(read(`/proc/${pid}/task/${thread}/schedstat`)?.split(' ')[0] ?? 0) || 0;
  }
  return total;
}

/** Whether this machine can tell (Linux with schedstat). */
export function canMeasureCpu(): boolean {
  return read('/proc/self/schedstat') !== null;
}
