import type { Queryable } from '@server/db/db';
import { fromBigint, type BigintColumn } from '@server/repos/columns';
import type { Network } from '@/domain/networks';
import { usageTables, type UsageCounts, type UsageOutcomes } from '@server/repos/usage';
import { BUCKETS } from '@/domain/latency-histogram';
import type { Granularity } from '@/domain/usage-series';

/** Whose calls a series counts: the user's, narrowed to one key, network or method when set. */
export interface SeriesFilter {
  readonly userId: number;
  readonly keyId: number | null;
  readonly network: Network | null;
  readonly method: string | null;
}

export type SeriesCounts = UsageCounts & UsageOutcomes;

export interface SeriesBucket extends SeriesCounts {
  readonly start: Date;
}

export interface SeriesMethod extends SeriesCounts {
  readonly method: string;
}

interface CountsRow {
  requests: BigintColumn;
  credits: BigintColumn;
  rate_limited: BigintColumn;
  refused: BigintColumn;
  refused_method: BigintColumn;
  refused_quota: BigintColumn;
  upstream_errors: BigintColumn;
  upstream_timeouts: BigintColumn;
  /** A bucket no row has counted yet is NULL. */
  latency: Array<BigintColumn | null>;
}

/**
 * The histograms are summed bucket by bucket, one plain SUM each (an empty histogram's buckets are
 * NULL, which SUM skips): several times faster than folding whole arrays with sum_histograms.
 */
const latencySums = Array.from({ length: BUCKETS }, (_, index) => `SUM(latency[${index + 1}])`).join(', ');

const sums = `SUM(requests) AS requests, SUM(credits) AS credits, SUM(rate_limited) AS rate_limited, SUM(refused) AS refused,
  SUM(refused_method) AS refused_method, SUM(refused_quota) AS refused_quota, SUM(upstream_errors) AS upstream_errors,
  SUM(upstream_timeouts) AS upstream_timeouts, ARRAY[${latencySums}] AS latency`;

/** Every metered call, whatever became of it (the columns of usage_minutes that count calls). */
const calls = 'SUM(requests + rate_limited + refused + upstream_errors + upstream_timeouts)';

function toCounts(row: CountsRow): SeriesCounts {
  return {
    requests: fromBigint(row.requests),
    credits: fromBigint(row.credits),
    rateLimited: fromBigint(row.rate_limited),
    refused: fromBigint(row.refused),
    refusedMethod: fromBigint(row.refused_method),
    refusedQuota: fromBigint(row.refused_quota),
    upstreamErrors: fromBigint(row.upstream_errors),
    upstreamTimeouts: fromBigint(row.upstream_timeouts),
    latency: row.latency.every((count) => count === null) ? [] : row.latency.map((count) => fromBigint(count ?? 0)),
  };
}

/** The WHERE of both queries: $1 user, $2 and $3 the first and last bucket starts, $4–$6 the filters (NULL = all). */
function where(start: string): string {
  return `user_id = $1 AND ${start} >= $2 AND ${start} <= $3
    AND ($4::integer IS NULL OR api_key_id = $4) AND ($5::text IS NULL OR network = $5) AND ($6::text IS NULL OR method = $6)`;
}

function parameters(filter: SeriesFilter, from: Date, to: Date): unknown[] {
  return [filter.userId, from, to, filter.keyId, filter.network, filter.method];
}

/** The buckets of `granularity` from `from` to `to` that hold calls, summed over the filter's keys, networks and methods. */
export async function seriesBuckets(
  q: Queryable,
  granularity: Granularity,
  filter: SeriesFilter,
  from: Date,
  to: Date,
): Promise<SeriesBucket[]> {
  const { table, start } = usageTables[granularity];
  const { rows } = await q.query<CountsRow & { start: Date }>(
    `SELECT ${start} AS start, ${sums} FROM ${table} WHERE ${where(start)} GROUP BY ${start} ORDER BY ${start}`,
    parameters(filter, from, to),
  );
  return rows.map((row) => ({ start: new Date(row.start), ...toCounts(row) }));
}

/** The `limit` methods with the most calls over the same buckets, most first (then by name). */
export async function seriesMethods(
  q: Queryable,
  granularity: Granularity,
  filter: SeriesFilter,
  from: Date,
  to: Date,
  limit: number,
): Promise<SeriesMethod[]> {
  const { table, start } = usageTables[granularity];
  const { rows } = await q.query<CountsRow & { method: string }>(
    `SELECT method, ${sums} FROM ${table} WHERE ${where(start)} GROUP BY method ORDER BY ${calls} DESC, method LIMIT $7`,
    [...parameters(filter, from, to), limit],
  );
  return rows.map((row) => ({ method: row.method, ...toCounts(row) }));
}
