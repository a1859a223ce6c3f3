/**
 * The gateway's upstream latency as a small fixed histogram: counts per bucket, kept per
 * key, network, method and minute with the metering batch, merged into hours and days, and read as
 * p50/p95/p99. Fixed bounds make merging a sum of arrays, exact at any granularity; a quantile is
 * then known to within its bucket (read as the bucket's upper bound, never as better than it was).
 */

/** Upper bounds (ms, inclusive) of every bucket but the last, which holds everything slower. */
export const LATENCY_BOUNDS_MS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000] as const;

/** Counts per bucket: LATENCY_BOUNDS_MS.length + 1 of them. */
export type LatencyHistogram = readonly number[];

export const BUCKETS = LATENCY_BOUNDS_MS.length + 1;

export function emptyHistogram(): number[] {
  return Array.from({ length: BUCKETS }, () => 0);
}

/** The bucket of a latency: the first bound at or above it; the last bucket past every bound. */
export function bucketOf(ms: number): number {
  const index = LATENCY_BOUNDS_MS.findIndex((bound) => ms <= bound);
  return index < 0 ? LATENCY_BOUNDS_MS.length : index;
}

/** One more call of `ms` into `histogram` (changed in place: the meter's own array). */
export function addLatency(histogram: number[], ms: number): void {
  const bucket = bucketOf(ms);
  histogram[bucket] = (histogram[bucket] ?? 0) + 1;
}

/** The sum of histograms (minutes into an hour, hours into a day). A histogram of another length is refused. */
export function mergeHistograms(histograms: readonly LatencyHistogram[]): number[] {
  const merged = emptyHistogram();
  for (const histogram of histograms) {
    if (histogram.length !== BUCKETS) throw new Error(`a latency histogram has ${BUCKETS} buckets, not ${histogram.length}`);
    for (const [index, count] of histogram.entries()) merged[index] = (merged[index] ?? 0) + count;
  }
  return merged;
}

/**
 * The latency below which a share `q` (0 < q ≤ 1) of the calls fell, as the upper bound of its
 * bucket (ms); null without calls, or when it is in the last bucket (slower than every bound: "over
 * 10 s" is all that is known).
 */
export function latencyQuantile(histogram: LatencyHistogram, q: number): number | null {
  const total = histogram.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = Math.ceil(q * total);
  let seen = 0;
  for (const [index, count] of histogram.entries()) {
    seen += count;
    if (seen >= rank) return LATENCY_BOUNDS_MS[index] ?? null;
  }
  return null;
}
