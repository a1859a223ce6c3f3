import type { Db, Queryable } from '@server/db/db';
import { mergeHistograms } from '@/domain/latency-histogram';
import type { Network } from '@/domain/networks';
import { bucketStart, type Granularity } from '@/domain/usage-series';
import { fromBigint, type BigintColumn } from '@server/repos/columns';
import {
  addKeyCredits,
  addUserCredits,
  type CreditDelta,
  type KeyCreditDelta,
  type StoredCredits,
  type StoredKeySpend,
} from '@server/repos/stored-credits';

/** The counts of one key, network, method and minute (what metering aggregates in memory). */
export interface UsageCounts {
  requests: number;
  credits: number;
  rateLimited: number;
  refused: number;
}

/** What 009_usage_outcomes.sql adds: the outcomes 002's counters held together or did not count, and the node's latency. */
export interface UsageOutcomes {
  /** Of `refused`: refused by the method policy. */
  refusedMethod: number;
  /** Of `rateLimited`: refused for the credit quota. */
  refusedQuota: number;
  upstreamErrors: number;
  upstreamTimeouts: number;
  /** The answered calls' node latency (src/domain/latency-histogram.ts); empty until one is answered. */
  latency: number[];
}

export interface UsageMinute extends UsageCounts, UsageOutcomes {
  readonly apiKeyId: number;
  readonly userId: number;
  readonly network: Network;
  readonly method: string;
  /** The minute, as epoch milliseconds (a multiple of 60,000). */
  readonly minute: number;
}

/** Counts and outcomes of nothing: what a bucket holds before its first call. */
export function noUsage(): UsageCounts & UsageOutcomes {
  return {
    requests: 0,
    credits: 0,
    rateLimited: 0,
    refused: 0,
    refusedMethod: 0,
    refusedQuota: 0,
    upstreamErrors: 0,
    upstreamTimeouts: 0,
    latency: [],
  };
}

/** A minute's row with nothing counted yet. */
export function newUsageMinute(where: Pick<UsageMinute, 'apiKeyId' | 'userId' | 'network' | 'method' | 'minute'>): UsageMinute {
  return { ...where, ...noUsage() };
}

/** Where each granularity is stored, and the column holding a row's bucket start (010_usage_hours_days.sql). */
export const usageTables: Readonly<Record<Granularity, { readonly table: string; readonly start: string }>> = {
  minute: { table: 'usage_minutes', start: 'minute' },
  hour: { table: 'usage_hours', start: 'hour' },
  day: { table: 'usage_days', start: 'day' },
};

/** Adds one row's counts and histogram to another's (the same key, network, method and bucket). */
export function addUsage(into: UsageMinute, from: UsageCounts & UsageOutcomes): void {
  into.requests += from.requests;
  into.credits += from.credits;
  into.rateLimited += from.rateLimited;
  into.refused += from.refused;
  into.refusedMethod += from.refusedMethod;
  into.refusedQuota += from.refusedQuota;
  into.upstreamErrors += from.upstreamErrors;
  into.upstreamTimeouts += from.upstreamTimeouts;
  if (from.latency.length > 0) into.latency = into.latency.length === 0 ? [...from.latency] : mergeHistograms([into.latency, from.latency]);
}

/**
 * A batch's minutes summed per hour or per day, `minute` holding the bucket's start: one row per
 * bucket, since one upsert statement may not change a row twice.
 */
function sumPer(granularity: Granularity, minutes: readonly UsageMinute[]): UsageMinute[] {
  const buckets = new Map<string, UsageMinute>();
  for (const row of minutes) {
    const start = bucketStart(new Date(row.minute), granularity).getTime();
    const id = `${row.apiKeyId} ${row.network} ${start} ${row.method}`;
    let bucket = buckets.get(id);
    if (bucket === undefined) {
      bucket = newUsageMinute({ apiKeyId: row.apiKeyId, userId: row.userId, network: row.network, method: row.method, minute: start });
      buckets.set(id, bucket);
    }
    addUsage(bucket, row);
  }
  return [...buckets.values()];
}

/** One multi-row upsert into a granularity's table, adding to what is stored. */
async function upsertUsage(tx: Queryable, granularity: Granularity, rows: readonly UsageMinute[]): Promise<void> {
  const { table, start } = usageTables[granularity];
  await tx.query(
    // The histograms travel as array literals, one per row: unnest of a 2-D array would flatten it.
    `INSERT INTO ${table} (api_key_id, user_id, network, method, ${start}, requests, credits, rate_limited, refused,
       refused_method, refused_quota, upstream_errors, upstream_timeouts, latency)
     SELECT a, u, n, m, t, r, c, rl, rf, rm, rq, ue, ut, h::bigint[]
     FROM unnest($1::integer[], $2::integer[], $3::text[], $4::text[], $5::timestamptz[], $6::bigint[], $7::bigint[], $8::bigint[],
       $9::bigint[], $10::bigint[], $11::bigint[], $12::bigint[], $13::bigint[], $14::text[]) AS x(a, u, n, m, t, r, c, rl, rf, rm, rq, ue, ut, h)
     ON CONFLICT (api_key_id, network, method, ${start}) DO UPDATE SET
       requests = ${table}.requests + EXCLUDED.requests,
       credits = ${table}.credits + EXCLUDED.credits,
       rate_limited = ${table}.rate_limited + EXCLUDED.rate_limited,
       refused = ${table}.refused + EXCLUDED.refused,
       refused_method = ${table}.refused_method + EXCLUDED.refused_method,
       refused_quota = ${table}.refused_quota + EXCLUDED.refused_quota,
       upstream_errors = ${table}.upstream_errors + EXCLUDED.upstream_errors,
       upstream_timeouts = ${table}.upstream_timeouts + EXCLUDED.upstream_timeouts,
       latency = add_histograms(${table}.latency, EXCLUDED.latency)`,
    [
      rows.map((row) => row.apiKeyId),
      rows.map((row) => row.userId),
      rows.map((row) => row.network),
      rows.map((row) => row.method),
      rows.map((row) => new Date(row.minute)),
      rows.map((row) => row.requests),
      rows.map((row) => row.credits),
      rows.map((row) => row.rateLimited),
      rows.map((row) => row.refused),
      rows.map((row) => row.refusedMethod),
      rows.map((row) => row.refusedQuota),
      rows.map((row) => row.upstreamErrors),
      rows.map((row) => row.upstreamTimeouts),
      rows.map((row) => `{${row.latency.join(',')}}`),
    ],
  );
}

/** The credits one batch adds: the users' (their quota) and the keys' (their spend caps). */
export interface BatchCredits {
  readonly deltas: readonly CreditDelta[];
  readonly keyDeltas: readonly KeyCreditDelta[];
}

/** A batch that adds no credits (only minutes). */
export const NO_CREDITS: BatchCredits = { deltas: [], keyDeltas: [] };

/**
 * One batch of metering in one transaction: the minutes upserted into usage_minutes, and summed into
 * usage_hours and usage_days (so the three agree at every commit), then the users' and the keys'
 * credits. A user's delta of an older cycle than the stored one, or for a changed anchor (a plan
 * change started a new cycle meanwhile), is not added; nor is a key's delta of an older period than
 * its stored one (a newer one starts the period afresh), or of a key deleted meanwhile. Returns the
 * credits as now stored of those it added to.
 */
export async function writeUsageBatch(
  db: Db,
  minutes: readonly UsageMinute[],
  credits: BatchCredits,
): Promise<{ users: StoredCredits[]; keys: StoredKeySpend[] }> {
  return db.transaction(async (tx) => {
    if (minutes.length > 0) {
      await upsertUsage(tx, 'minute', minutes);
      await upsertUsage(tx, 'hour', sumPer('hour', minutes));
      await upsertUsage(tx, 'day', sumPer('day', minutes));
    }
    return { users: await addUserCredits(tx, credits.deltas), keys: await addKeyCredits(tx, credits.keyDeltas) };
  });
}

export interface MethodUsage extends UsageCounts {
  readonly method: string;
}

interface MethodUsageRow {
  method: string;
  requests: BigintColumn;
  credits: BigintColumn;
  rate_limited: BigintColumn;
  refused: BigintColumn;
}

/**
 * The user's usage over all their keys (deleted ones too) and both networks, per method, from the
 * table of `granularity`: the buckets that start from `from` to `to`.
 */
export async function usageByMethod(q: Queryable, userId: number, granularity: Granularity, from: Date, to: Date): Promise<MethodUsage[]> {
  const { table, start } = usageTables[granularity];
  const { rows } = await q.query<MethodUsageRow>(
    `SELECT method, SUM(requests) AS requests, SUM(credits) AS credits, SUM(rate_limited) AS rate_limited, SUM(refused) AS refused
     FROM ${table} WHERE user_id = $1 AND ${start} >= $2 AND ${start} <= $3
     GROUP BY method`,
    [userId, from, to],
  );
  return rows.map((row) => ({
    method: row.method,
    requests: fromBigint(row.requests),
    credits: fromBigint(row.credits),
    rateLimited: fromBigint(row.rate_limited),
    refused: fromBigint(row.refused),
  }));
}

/** Deletes the minutes and hours the retention rules no longer keep (src/domain/usage-series.ts); returns how many of each. */
export async function deleteExpiredUsage(
  q: Queryable,
  before: { readonly minutes: Date; readonly hours: Date },
): Promise<{ minutes: number; hours: number }> {
  const { rows } = await q.query<{ minutes: BigintColumn; hours: BigintColumn }>(
    `WITH minutes AS (DELETE FROM usage_minutes WHERE minute < $1 RETURNING 1), hours AS (DELETE FROM usage_hours WHERE hour < $2 RETURNING 1)
     SELECT (SELECT count(*) FROM minutes) AS minutes, (SELECT count(*) FROM hours) AS hours`,
    [before.minutes, before.hours],
  );
  return { minutes: fromBigint(rows[0]?.minutes ?? 0), hours: fromBigint(rows[0]?.hours ?? 0) };
}
