/**
 * Where a CPU profile's stalls come from: runs of samples with no idle one between them (the event
 * loop busy without a break) longer than a threshold, each named by the frames it spent its time in
 * (the innermost frame of ours, under server/ or src/, else the leaf's package). A stall of 5 ms
 * delays every call that arrives during it by up to 5 ms: this is the tail of the latency bench.
 */
export interface StallProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly children?: readonly number[];
}

export interface StallProfile {
  readonly nodes: readonly StallProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

export interface Stall {
  /** µs from the profile's start. */
  readonly startUs: number;
  readonly durationUs: number;
  /** Where its time went, most first: [frame, µs]; '(not running)' is time without a sample. */
  readonly frames: ReadonlyArray<readonly [string, number]>;
}

/**
 * A sample more than this many sampling intervals after the previous one: the thread was not
 * running in between (another process had the core, or the whole process was stopped).
 */
const missedAfterIntervals = 4;
const notRunning = '(not running)';

const idleNames = new Set(['(idle)']);

function label(node: StallProfileNode, place: (url: string) => string): string {
  return `${node.callFrame.functionName || '(anonymous)'} ${place(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;
}

/** Busy stretches of at least `minUs` between `fromUs` and `toUs`, longest first; `intervalUs`: the sampling interval. */
export function findStalls(
  profile: StallProfile,
  window: { readonly fromUs: number; readonly toUs: number; readonly minUs: number; readonly intervalUs: number },
  place: (url: string) => string,
): Stall[] {
  const { fromUs, toUs, minUs, intervalUs } = window;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const ours = (url: string) => /\/(server|src)\//.test(url) && !url.includes('node_modules');
  /** The innermost frame of ours on the sample's stack, else its leaf's place. */
  const nameOf = (id: number): string => {
    let current: number | undefined = id;
    while (current !== undefined) {
      const node = byId.get(current);
      if (node === undefined) break;
      if (ours(node.callFrame.url)) return label(node, place);
      current = parent.get(current);
    }
    const leaf = byId.get(id);
    return leaf === undefined ? '?' : `${leaf.callFrame.functionName || '(anonymous)'} ${place(leaf.callFrame.url)}`;
  };

  const stalls: Stall[] = [];
  let time = 0;
  let start = -1;
  let frames = new Map<string, number>();
  const close = (end: number) => {
    if (start >= 0 && end - start >= minUs) {
      stalls.push({ startUs: start, durationUs: end - start, frames: [...frames].sort((a, b) => b[1] - a[1]) });
    }
    start = -1;
    frames = new Map();
  };
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    time += delta;
    if (time < fromUs || time > toUs) return;
    const node = byId.get(id);
    const idle = node === undefined || idleNames.has(node.callFrame.functionName);
    if (idle) {
      close(time);
      return;
    }
    if (start < 0) start = time - delta;
    const missed = delta > missedAfterIntervals * intervalUs ? delta - intervalUs : 0;
    if (missed > 0) frames.set(notRunning, (frames.get(notRunning) ?? 0) + missed);
    const name = nameOf(id);
    frames.set(name, (frames.get(name) ?? 0) + delta - missed);
  });
  close(time);
  return stalls.sort((a, b) => b.durationUs - a.durationUs);
}

/**
 * Prints how many stalls there were and the longest, each with the frames that took most of it,
 * and how much of them the thread spent not running at all (the machine's doing, not its code's).
 */
export function printStalls(title: string, stalls: readonly Stall[], seconds: number, shown = 8): void {
  const total = stalls.reduce((sum, stall) => sum + stall.durationUs, 0);
  const missed = stalls.reduce((sum, stall) => sum + (stall.frames.find(([frame]) => frame === notRunning)?.[1] ?? 0), 0);
  console.log(
    `\n${title}: ${stalls.length} busy stretches (${(stalls.length / seconds).toFixed(1)}/s), ${(total / 1000 / seconds).toFixed(1)} ms/s,` +
      ` of which ${(missed / 1000 / seconds).toFixed(1)} ms/s not running`,
  );
  for (const stall of stalls.slice(0, shown)) {
    const where = stall.frames
      .slice(0, 4)
      .map(([frame, us]) => `${frame} ${(us / 1000).toFixed(1)}`)
      .join('; ');
    console.log(`  ${(stall.durationUs / 1000).toFixed(1)} ms at ${(stall.startUs / 1e6).toFixed(2)} s: ${where}`);
  }
}
