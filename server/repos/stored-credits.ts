import type { Queryable } from '@server/db/db';
import type { KeyCapPeriod } from '@/domain/key-rules';
import { fromBigint, fromNullableBigint, type BigintColumn } from '@server/repos/columns';

/**
 * Credits as stored: a user's in their cycle (the quota) and a key's in its periods (its spend caps),
 * read, added to by a metering batch (server/repos/usage.ts writeUsageBatch) and started afresh.
 */

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

export interface StoredCreditsRow {
  id: number;
  cycle_start: Date;
  credits_used: BigintColumn;
  counted_cycle_start: Date;
  credits_per_month: BigintColumn | null;
}

/** GREATEST(...): NULL means the first cycle; older than cycle_start means a plan change reset it. */
export const countedCycleStart = 'GREATEST(COALESCE(u.credits_cycle_start, u.cycle_start), u.cycle_start)';

export function toStoredCredits(row: StoredCreditsRow): StoredCredits {
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

/** Adds users' credits in the batch's transaction (see writeUsageBatch); returns them as now stored. */
export async function addUserCredits(tx: Queryable, deltas: readonly CreditDelta[]): Promise<StoredCredits[]> {
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

/** Adds keys' spend in the batch's transaction (see writeUsageBatch); returns it as now stored. */
export async function addKeyCredits(tx: Queryable, deltas: readonly KeyCreditDelta[]): Promise<StoredKeySpend[]> {
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
