import { describe, expect, it } from 'vitest';
import { addLatency, BUCKETS, bucketOf, emptyHistogram, latencyQuantile, mergeHistograms } from '@/domain/latency-histogram';

function histogramOf(latencies: readonly number[]): number[] {
  const histogram = emptyHistogram();
  for (const ms of latencies) addLatency(histogram, ms);
  return histogram;
}

describe('bucketOf', () => {
  it.each([
    [0, 0],
    [0.4, 0],
    [1, 0],
    [1.01, 1],
    [2, 1],
    [4.9, 2],
    [10_000, 12],
    [10_000.5, 13],
    [600_000, 13],
  ])('%f ms falls in bucket %i', (ms, bucket) => {
    expect(bucketOf(ms)).toBe(bucket);
  });
});

describe('latencyQuantile', () => {
  it.each([
    ['no calls', [], 0.5, null],
    ['one call of 3 ms: every quantile is its bucket, 5', [3], 0.99, 5],
    ['99 fast and one slow: p99 fast, p100 slow', [...Array(99).fill(0.5), 700], 0.99, 1],
    ['99 fast and one slow: the slowest', [...Array(99).fill(0.5), 700], 1, 1_000],
    ['half 1 ms, half 50 ms: p50 the fast half', [...Array(50).fill(1), ...Array(50).fill(50)], 0.5, 1],
    ['half 1 ms, half 50 ms: p51 the slow half', [...Array(50).fill(1), ...Array(50).fill(50)], 0.51, 50],
    ['slower than every bound: unknown beyond 10 s', [20_000], 0.5, null],
  ])('%s', (_case, latencies, q, expected) => {
    expect(latencyQuantile(histogramOf(latencies), q)).toBe(expected);
  });
});

describe('mergeHistograms', () => {
  it('adds minutes into an hour: the merged quantiles are those of all the calls together', () => {
    const first = [0.5, 3, 3, 40];
    const second = [150, 150, 2_500];
    const merged = mergeHistograms([histogramOf(first), histogramOf(second)]);
    expect(merged).toEqual(histogramOf([...first, ...second]));
    expect(latencyQuantile(merged, 0.5)).toBe(50);
  });

  it('merges nothing into an empty histogram', () => {
    expect(mergeHistograms([])).toEqual(Array(BUCKETS).fill(0));
  });

  it('refuses a histogram of another shape rather than misread it', () => {
    expect(() => mergeHistograms([[1, 2, 3]])).toThrow(`a latency histogram has ${BUCKETS} buckets, not 3`);
  });
});
