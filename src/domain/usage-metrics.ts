/**
 * The RPC Metrics charts of the Usage screen: what their filters may be, which
 * outcomes count as errors, and the rows each chart and its table draw from GET /usage/series
 * (structural shapes of the contract's UsageSeries: src/domain imports nothing of ours).
 */
import { METERED_OUTCOMES, type MeteredOutcome } from './call-outcomes';
import type { Network } from './networks';
import type { SeriesGranularity, SeriesRange } from './usage-series';

/** What the charts are drawn for: a range, and all keys, networks and methods unless one is chosen. */
export interface MetricsFilters {
  range: SeriesRange;
  /** One key's calls (its server id); null for every key. */
  keyId: number | null;
  network: Network | null;
  method: string | null;
}

/** The filters the charts open with: the last month of every key, network and method (as Usage Breakdown's range). */
export const DEFAULT_METRICS_FILTERS: MetricsFilters = { range: '1m', keyId: null, network: null, method: null };

/** The outcomes the errors chart stacks: every metered outcome but an answer. */
export const ERROR_OUTCOMES = METERED_OUTCOMES.filter((outcome): outcome is ErrorOutcome => outcome !== 'answered');
export type ErrorOutcome = Exclude<MeteredOutcome, 'answered'>;

export type OutcomeCounts = Readonly<Record<MeteredOutcome, number>>;

export interface LatencyMs {
  p50: number | null;
  p95: number | null;
  p99: number | null;
}

/** One bucket of the series (openapi.yaml UsageSeriesPoint). */
export interface SeriesPoint {
  start: string;
  credits: number;
  outcomes: OutcomeCounts;
  latencyMs: LatencyMs;
}

/** One of the range's busiest methods (openapi.yaml UsageSeriesMethod). */
export interface SeriesMethod {
  method: string;
  calls: number;
  credits: number;
  outcomes: OutcomeCounts;
  latencyMs: LatencyMs;
}

/** Every call of a bucket or a method, whatever became of it. */
export function callCount(outcomes: OutcomeCounts): number {
  return METERED_OUTCOMES.reduce((sum, outcome) => sum + outcomes[outcome], 0);
}

/** The calls that got no answer from a node: refused by the gateway, or failed or timed out at the node. */
export function errorCount(outcomes: OutcomeCounts): number {
  return ERROR_OUTCOMES.reduce((sum, outcome) => sum + outcomes[outcome], 0);
}

/** A bucket of a chart: its start, its calls and credits, each error outcome, and the latency quantiles. */
export type MetricsRow = { start: string; calls: number; credits: number; errors: number; answered: number } & Record<
  ErrorOutcome,
  number
> &
  LatencyMs;

export function metricsRows(points: readonly SeriesPoint[]): MetricsRow[] {
  return points.map(({ start, credits, outcomes, latencyMs }) => ({
    start,
    calls: callCount(outcomes),
    credits,
    errors: errorCount(outcomes),
    answered: outcomes.answered,
    refused_allow_list: outcomes.refused_allow_list,
    refused_method: outcomes.refused_method,
    refused_quota: outcomes.refused_quota,
    refused_rate: outcomes.refused_rate,
    upstream_error: outcomes.upstream_error,
    upstream_timeout: outcomes.upstream_timeout,
    p50: latencyMs.p50,
    p95: latencyMs.p95,
    p99: latencyMs.p99,
  }));
}

/** A method of the top-methods chart: its calls, errors and credits. */
export interface MethodRow {
  method: string;
  calls: number;
  errors: number;
  credits: number;
}

export function methodRows(methods: readonly SeriesMethod[]): MethodRow[] {
  return methods.map(({ method, calls, credits, outcomes }) => ({ method, calls, errors: errorCount(outcomes), credits }));
}

/** Whether anything was called in the range (the charts, or 'No calls in this range.'). */
export function hasCalls(points: readonly SeriesPoint[]): boolean {
  return points.some((point) => callCount(point.outcomes) > 0);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * A bucket's name (its start, UTC like the server's buckets). Short for an axis: '14:00' for an
 * hour, 'Mar 3' for a day. Long for a tooltip or a table: 'Mar 3, 14:00 UTC', 'Mar 3, 2025'.
 */
export function bucketLabel(start: string, granularity: SeriesGranularity, form: 'short' | 'long'): string {
  const date = new Date(start);
  if (Number.isNaN(date.getTime())) return start;
  const day = `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
  if (granularity === 'hour') {
    const time = `${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}`;
    return form === 'short' ? time : `${day}, ${time} UTC`;
  }
  return form === 'short' ? day : `${day}, ${date.getUTCFullYear()}`;
}

/** The largest latency the series measures (openapi.yaml LatencyQuantiles: null past it). */
export const LATENCY_CEILING_MS = 10_000;

/**
 * A latency quantile in a table: '—' when nothing was answered, '> 10 s' when it was too slow to
 * measure (the contract's null past 10 s), else '120 ms' or '2 s'.
 */
export function latencyText(ms: number | null, answered: number): string {
  if (answered === 0) return '—';
  if (ms === null) return `> ${LATENCY_CEILING_MS / 1000} s`;
  return ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`;
}

/**
 * The methods the method filter offers after an answer: with every method asked for, the answer's
 * (most called first); with one method chosen the answer lists only it, so the earlier choices
 * stay, with the chosen one among them.
 */
export function methodChoices(previous: readonly string[], chosen: string | null, answered: readonly { method: string }[]): string[] {
  if (chosen === null) return answered.map(({ method }) => method);
  return previous.includes(chosen) ? [...previous] : [...previous, chosen];
}
