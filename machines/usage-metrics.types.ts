/** The RPC Metrics machine's data and events (machines/usage-metrics.ts). */
import type { components } from '@/api/schema';
import type { MetricsFilters } from '@/domain/usage-metrics';
import type { Network } from '@/domain/networks';
import type { SeriesRange } from '@/domain/usage-series';

/** GET /usage/series's answer, as the contract types it. */
export type UsageSeries = components['schemas']['UsageSeries'];

export interface UsageMetricsContext {
  filters: MetricsFilters;
  /** The last answer; kept on screen (marked as updating) while the next one loads. Null before the first. */
  series: UsageSeries | null;
  /** The methods the method filter offers (see methodChoices). */
  methods: string[];
  /** Why the last fetch failed, in the screen's words; null when it did not. */
  error: string | null;
}

export type UsageMetricsEvent =
  | { type: 'metrics.range'; range: SeriesRange }
  /** A key's server id, or null for all keys. */
  | { type: 'metrics.key'; keyId: number | null }
  | { type: 'metrics.network'; network: Network | null }
  | { type: 'metrics.method'; method: string | null }
  | { type: 'metrics.retry' };

/** A filter event: each sets one field of the filters. */
export type FilterEvent = Exclude<UsageMetricsEvent, { type: 'metrics.retry' }>;
