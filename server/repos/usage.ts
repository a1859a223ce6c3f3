import type { Db, Queryable } from '@server/db/db';
import { mergeHistograms } from '@/domain/latency-histogram';
import type { KeyCapPeriod } from '@/domain/key-rules';
import type { Network } from '@/domain/networks';
import { bucketStart, type Granularity } from '@/domain/usage-series';
import { fromBigint, fromNullableBigint, type BigintColumn } from '@server/repos/columns';

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

/** Credits to add to a user's cycle: only counted if the user's cycle anchor is still `anchor`. */
export interface CreditDelta {
  readonly userId: number;
  readonly anchor: Date;
  readonly cycleStart: Date;
  readonly credits: number;
}

/** Credits to add to a key's spend in one period (its day, or its owner's cycle): only counted in that period. */
export interface KeyCreditDelta {
  readonly keyId: number;
  readonly period: KeyCapPeriod;
  readonly periodStart: Date;
  readonly credits: number;
}

/** A key's spend in one period as stored (019_key_spend_caps.sql). */
export interface StoredKeySpend {
  readonly keyId: number;
  readonly period: KeyCapPeriod;
  readonly periodStart: Date;
  readonly creditsUsed: number;
}

/** What a key load reads of one period's spend: the key's cap, and what it has spent (periodStart null: nothing yet). */
export interface StoredPeriodSpend {
  readonly limit: number | null;
  readonly periodStart: Date | null;
  readonly creditsUsed: number;
}

export type StoredSpend = Readonly<Record<KeyCapPeriod, StoredPeriodSpend>>;

/** What the quota needs of a user, as stored (see 002_usage.sql for the meaning of the columns). */
export interface StoredCredits {
  readonly userId: number;
  readonly anchor: Date;
  readonly creditsUsed: number;
  /** The cycle creditsUsed counts; already resolved from NULL and from an older value after a plan change. */
  readonly countedCycleStart: Date;
  /** The plan's credits a month; null = unlimited. */
  readonly creditLimit: number | null;
}

interface StoredCreditsRow {
  id: number;
  cycle_start: Date;
  credits_used: BigintColumn;
  counted_cycle_start: Date;
  credits_per_month: BigintColumn | null;
}

/** GREATEST(...): NULL means the first cycle; older than cycle_start means a plan change reset it. */
const countedCycleStart = 'GREATEST(COALESCE(u.credits_cycle_start, u.cycle_start), u.cycle_start)';

function toStoredCredits(row: StoredCreditsRow): StoredCredits {
  return {
    userId: row.id,
    anchor: row.cycle_start,
    creditsUsed: fromBigint(row.credits_used),
    countedCycleStart: row.counted_cycle_start,
    creditLimit: fromNullableBigint(row.credits_per_month),
  };
}

export async function findStoredCredits(q: Queryable, userId: number): Promise<StoredCredits | null> {
  const { rows } = await q.query<StoredCreditsRow>(
    `SELECT u.id, u.cycle_start, u.credits_used, ${countedCycleStart} AS counted_cycle_start, p.credits_per_month
     FROM users u JOIN plans p ON p.id = u.plan_id WHERE u.id = $1`,
    [userId],
  );
  return rows[0] === undefined ? null : toStoredCredits(rows[0]);
}

/** What the gateway needs of an API key: its owner, the plan's rate and the owner's credits. */
export interface GatewayKeyRow {
  readonly keyId: number;
  readonly planId: number;
  /** Requests per second; null = unlimited. */
  readonly ratePerSecond: number | null;
  readonly credits: StoredCredits;
  /** The key's request log switch (011_request_log.sql). */
  readonly requestLog: boolean;
  /** When the key stops working (017_key_rules_lifecycle.sql); null: never. */
  readonly expiresAt: Date | null;
  /** The secret asked for is the key's previous one (it was rolled): when its grace ends. Null for the current secret. */
  readonly graceUntil: Date | null;
  /** The key's spend caps and what it spent in each period, read with the owner's credits. */
  readonly spend: StoredSpend;
}

/**
 * One query per key load (the gateway caches the answer; never one per call). A secret is the key's
 * current one or its previous one (rolled, perhaps still in its grace: the caller compares graceUntil
 * with its clock).
 */
export async function findGatewayKey(q: Queryable, apiKey: string): Promise<GatewayKeyRow | null> {
  const { rows } = await q.query<
    StoredCreditsRow & {
      key_id: number;
      plan_id: number;
      rate_per_second: number | null;
      request_log: boolean;
      expires_at: Date | null;
      grace_until: Date | null;
      credits_per_day: BigintColumn | null;
      credits_per_cycle: BigintColumn | null;
      day_start: Date | null;
      day_used: BigintColumn | null;
      cycle_start_spent: Date | null;
      cycle_used: BigintColumn | null;
    }
  >(
    `SELECT k.id AS key_id, p.id AS plan_id, p.rate_per_second, k.request_log, k.expires_at,
       CASE WHEN k.key = $1 THEN NULL ELSE k.previous_key_until END AS grace_until,
       u.id, u.cycle_start, u.credits_used, ${countedCycleStart} AS counted_cycle_start, p.credits_per_month,
       r.credits_per_day, r.credits_per_cycle, d.period_start AS day_start, d.credits_used AS day_used,
       c.period_start AS cycle_start_spent, c.credits_used AS cycle_used
     FROM api_keys k JOIN users u ON u.id = k.user_id JOIN plans p ON p.id = u.plan_id
       LEFT JOIN key_rules r ON r.api_key_id = k.id
       LEFT JOIN key_credits d ON d.api_key_id = k.id AND d.period = 'day'
       LEFT JOIN key_credits c ON c.api_key_id = k.id AND c.period = 'cycle'
     WHERE k.key = $1 OR k.previous_key = $1
     ORDER BY k.key = $1 DESC LIMIT 1`,
    [apiKey],
  );
  const row = rows[0];
  return row === undefined
    ? null
    : {
        keyId: row.key_id,
        planId: row.plan_id,
        ratePerSecond: row.rate_per_second,
        credits: toStoredCredits(row),
        requestLog: row.request_log,
        expiresAt: row.expires_at,
        graceUntil: row.grace_until,
        spend: {
          day: { limit: fromNullableBigint(row.credits_per_day), periodStart: row.day_start, creditsUsed: fromBigint(row.day_used ?? 0) },
          cycle: {
            limit: fromNullableBigint(row.credits_per_cycle),
            periodStart: row.cycle_start_spent,
            creditsUsed: fromBigint(row.cycle_used ?? 0),
          },
        },
      };
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

async function addUserCredits(tx: Queryable, deltas: readonly CreditDelta[]): Promise<StoredCredits[]> {
  if (deltas.length === 0) return [];
  const { rows } = await tx.query<StoredCreditsRow>(
    `UPDATE users u SET
       credits_used = CASE WHEN ${countedCycleStart} = d.cycle_start THEN u.credits_used + d.credits ELSE d.credits END,
       credits_cycle_start = d.cycle_start
     FROM unnest($1::integer[], $2::timestamptz[], $3::timestamptz[], $4::bigint[]) AS d(user_id, anchor, cycle_start, credits),
       plans p
     WHERE u.id = d.user_id AND u.cycle_start = d.anchor AND ${countedCycleStart} <= d.cycle_start AND p.id = u.plan_id
     RETURNING u.id, u.cycle_start, u.credits_used, u.credits_cycle_start AS counted_cycle_start, p.credits_per_month`,
    [
      deltas.map((delta) => delta.userId),
      deltas.map((delta) => delta.anchor),
      deltas.map((delta) => delta.cycleStart),
      deltas.map((delta) => delta.credits),
    ],
  );
  return rows.map(toStoredCredits);
}

async function addKeyCredits(tx: Queryable, deltas: readonly KeyCreditDelta[]): Promise<StoredKeySpend[]> {
  if (deltas.length === 0) return [];
  const { rows } = await tx.query<{ api_key_id: number; period: KeyCapPeriod; period_start: Date; credits_used: BigintColumn }>(
    `INSERT INTO key_credits AS s (api_key_id, period, period_start, credits_used)
     SELECT d.key_id, d.period, d.period_start, d.credits
     FROM unnest($1::integer[], $2::text[], $3::timestamptz[], $4::bigint[]) AS d(key_id, period, period_start, credits)
       JOIN api_keys k ON k.id = d.key_id
     ON CONFLICT (api_key_id, period) DO UPDATE SET
       credits_used = CASE WHEN s.period_start = EXCLUDED.period_start THEN s.credits_used + EXCLUDED.credits_used ELSE EXCLUDED.credits_used END,
       period_start = EXCLUDED.period_start
     WHERE s.period_start <= EXCLUDED.period_start
     RETURNING s.api_key_id, s.period, s.period_start, s.credits_used`,
    [
      deltas.map((delta) => delta.keyId),
      deltas.map((delta) => delta.period),
      deltas.map((delta) => delta.periodStart),
      deltas.map((delta) => delta.credits),
    ],
  );
  return rows.map((row) => ({
    keyId: row.api_key_id,
    period: row.period,
    periodStart: row.period_start,
    creditsUsed: fromBigint(row.credits_used),
  }));
}

/** Starts the stored cycle afresh when `cycleStart` (the current cycle) is newer than the counted one. */
export async function rollOverCycle(q: Queryable, userId: number, anchor: Date, cycleStart: Date): Promise<void> {
  await q.query(
    `UPDATE users u SET credits_used = 0, credits_cycle_start = $3
     WHERE u.id = $1 AND u.cycle_start = $2 AND ${countedCycleStart} < $3`,
    [userId, anchor, cycleStart],
  );
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
