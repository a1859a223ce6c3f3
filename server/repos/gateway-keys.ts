import type { Queryable } from '@server/db/db';
import { fromBigint, fromNullableBigint, type BigintColumn } from '@server/repos/columns';
import {
  countedCycleStart,
  type StoredCredits,
  type StoredCreditsRow,
  type StoredSpend,
  toStoredCredits,
} from '@server/repos/stored-credits';

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
