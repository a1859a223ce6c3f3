import type { components } from '@/api/schema';
import { latencyQuantile, type LatencyHistogram } from '@/domain/latency-histogram';
import { bucketStarts, type SeriesGranularity } from '@/domain/usage-series';
import { meteredOutcomes } from '@server/metering/usage-meter';
import { noUsage } from '@server/repos/usage';
import type { SeriesBucket, SeriesCounts, SeriesFilter, SeriesMethod } from '@server/repos/usage-series';

export type UsageSeries = components['schemas']['UsageSeries'];
type LatencyQuantiles = components['schemas']['LatencyQuantiles'];
type SeriesRange = components['schemas']['UsageRange'];

/** How many methods the series lists (the busiest): client-chosen names must not grow the answer. */
export const SERIES_METHODS = 25;

function quantiles(histogram: LatencyHistogram): LatencyQuantiles {
  return { p50: latencyQuantile(histogram, 0.5), p95: latencyQuantile(histogram, 0.95), p99: latencyQuantile(histogram, 0.99) };
}

const nothing: SeriesCounts = noUsage();

export interface SeriesInput {
  readonly range: SeriesRange;
  readonly granularity: SeriesGranularity;
  readonly filter: SeriesFilter;
  /** The first bucket's start. */
  readonly from: Date;
  readonly to: Date;
  /** The stored buckets, in order; those missing counted nothing. */
  readonly buckets: readonly SeriesBucket[];
  readonly methods: readonly SeriesMethod[];
}

/** GET /usage/series' answer: one point per bucket from `from` to `to`, zeros where nothing was called. */
export function usageSeries(input: SeriesInput): UsageSeries {
  const stored = new Map(input.buckets.map((bucket) => [bucket.start.getTime(), bucket]));
  return {
    range: input.range,
    granularity: input.granularity,
    from: input.from.toISOString(),
    to: input.to.toISOString(),
    keyId: input.filter.keyId,
    network: input.filter.network,
    method: input.filter.method,
    points: bucketStarts(input.from, input.to, input.granularity).map((start) => {
      const counts = stored.get(start.getTime()) ?? nothing;
      return {
        start: start.toISOString(),
        credits: counts.credits,
        outcomes: meteredOutcomes(counts),
        latencyMs: quantiles(counts.latency),
      };
    }),
    methods: input.methods.map((row) => {
      const outcomes = meteredOutcomes(row);
      return {
        method: row.method,
        calls: Object.values(outcomes).reduce((sum, count) => sum + count, 0),
        credits: row.credits,
        outcomes,
        latencyMs: quantiles(row.latency),
      };
    }),
  };
}
