/**
 * The arithmetic of the WebSocket row (bench/gateway-websocket.ts), kept apart from its sockets:
 * which block each subscriber heard when, turned into delays and into what was lost or repeated.
 */

/** What one subscriber heard: the block numbers of its newHeads notifications and when each arrived, in order. */
export interface Heard {
  readonly blocks: readonly number[];
  /** performance.now() of each arrival (ms, this process's monotonic clock), index for index with `blocks`. */
  readonly times: readonly number[];
}

/** How well every subscriber of one group was served. */
export interface Delivery {
  readonly subscribers: number;
  /** Notifications received inside the measured blocks (what the delays are taken over). */
  readonly measured: number;
  /** Delays in ms behind the first direct arrival of the same block, sorted. */
  readonly delaysMs: readonly number[];
  /** Blocks a subscriber never heard, from its first to the last mined, all subscribers together. */
  readonly missing: number;
  /** Blocks heard more than once (each extra time counts one). */
  readonly duplicates: number;
  /** Notifications that came with a lower number than the one before (a reorder; anvil does not reorg here). */
  readonly outOfOrder: number;
  /** Subscribers with at least one block missing. */
  readonly short: number;
}

/** The first arrival of each block among `reference` (the direct subscribers): the node's notification as near as we see it. */
export function firstArrivals(reference: readonly Heard[]): Map<number, number> {
  const first = new Map<number, number>();
  for (const heard of reference)
    for (const [index, block] of heard.blocks.entries()) {
      const time = heard.times[index] ?? Number.NaN;
      const known = first.get(block);
      if (known === undefined || time < known) first.set(block, time);
    }
  return first;
}

/**
 * One group's delivery: delays over blocks `from`..`to` (every subscriber connected and subscribed)
 * behind `first`; losses from each subscriber's first block (or `from`, if earlier or none) to `to`.
 */
export function deliveryOf(group: readonly Heard[], first: ReadonlyMap<number, number>, from: number, to: number): Delivery {
  const delaysMs: number[] = [];
  let missing = 0;
  let duplicates = 0;
  let outOfOrder = 0;
  let short = 0;
  for (const heard of group) {
    const seen = new Set<number>();
    let previous = Number.NEGATIVE_INFINITY;
    for (const [index, block] of heard.blocks.entries()) {
      if (seen.has(block)) duplicates += 1;
      else seen.add(block);
      if (block < previous) outOfOrder += 1;
      previous = block;
      const reference = first.get(block);
      if (block >= from && block <= to && reference !== undefined) delaysMs.push((heard.times[index] ?? Number.NaN) - reference);
    }
    const start = Math.min(from, heard.blocks[0] ?? from);
    let lost = 0;
    for (let block = start; block <= to; block += 1) if (!seen.has(block)) lost += 1;
    missing += lost;
    if (lost > 0) short += 1;
  }
  delaysMs.sort((a, b) => a - b);
  return { subscribers: group.length, measured: delaysMs.length, delaysMs, missing, duplicates, outOfOrder, short };
}

/** The value at quantile `q` of sorted values (nearest rank); NaN for none. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}

/**
 * For each block `from`..`to`: when the first (`pick` 'first') or the last ('last') subscriber of
 * `group` heard it, behind the first direct arrival `first`; sorted. Blocks nobody in the group heard are left out.
 */
export function perBlock(
  group: readonly Heard[],
  first: ReadonlyMap<number, number>,
  from: number,
  to: number,
  pick: 'first' | 'last',
): number[] {
  const chosen = new Map<number, number>();
  for (const heard of group)
    for (const [index, block] of heard.blocks.entries()) {
      const time = heard.times[index] ?? Number.NaN;
      const known = chosen.get(block);
      if (known === undefined || (pick === 'first' ? time < known : time > known)) chosen.set(block, time);
    }
  const delays: number[] = [];
  for (let block = from; block <= to; block += 1) {
    const time = chosen.get(block);
    const reference = first.get(block);
    if (time !== undefined && reference !== undefined) delays.push(time - reference);
  }
  return delays.sort((a, b) => a - b);
}
