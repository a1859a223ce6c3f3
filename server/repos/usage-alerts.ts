import type { KeyCapPeriod } from '@/domain/key-rules';
import type { AlertSettings, MinuteCalls } from '@/domain/usage-alerts';
import { normalizedThresholds } from '@/domain/usage-alerts';
import { lockSpace, lockUntilCommit } from '@server/db/advisory-locks';
import type { Db, Queryable } from '@server/db/db';
import { fromBigint, fromNullableBigint, type BigintColumn } from '@server/repos/columns';

/**
 * The project's owner now, joined as `o` to the project's row `u` (a project is its first owner's
 * users row): alerts go to whoever owns the project when they are sent, a transfer taking them along,
 * and only to a verified address of theirs.
 */
const OWNER_NOW =
  "JOIN project_members owner_now ON owner_now.project_id = u.id AND owner_now.role = 'owner' JOIN users o ON o.id = owner_now.user_id";

/** A user's alert settings; null when there is no such user. */
export async function findAlertSettings(q: Queryable, userId: number): Promise<AlertSettings | null> {
  const { rows } = await q.query<{ credit_alerts: number[]; error_alerts: boolean }>(
    'SELECT credit_alerts, error_alerts FROM users WHERE id = $1',
    [userId],
  );
  const row = rows[0];
  return row === undefined ? null : { creditThresholds: normalizedThresholds(row.credit_alerts.map(Number)), errorRate: row.error_alerts };
}

export async function saveAlertSettings(q: Queryable, userId: number, settings: AlertSettings): Promise<boolean> {
  const { rows } = await q.query<{ id: number }>('UPDATE users SET credit_alerts = $2, error_alerts = $3 WHERE id = $1 RETURNING id', [
    userId,
    [...settings.creditThresholds],
    settings.errorRate,
  ]);
  return rows.length > 0;
}

/** A user whose credits may have reached an alert: half their plan's credits or more counted, some alert on. */
export interface CreditAlertCandidate {
  readonly userId: number;
  readonly email: string;
  readonly anchor: Date;
  readonly creditsUsed: number;
  readonly countedCycleStart: Date;
  readonly creditLimit: number | null;
  readonly thresholds: readonly number[];
}

/**
 * Users past half their credits (the lowest threshold) with an alert on and a verified address: the
 * only ones that can owe one. An unverified address is owed nothing, then or later.
 */
export async function creditAlertCandidates(q: Queryable): Promise<CreditAlertCandidate[]> {
  const { rows } = await q.query<{
    id: number;
    email: string;
    cycle_start: Date;
    credits_used: BigintColumn;
    counted_cycle_start: Date;
    credits_per_month: BigintColumn | null;
    credit_alerts: number[];
  }>(
    `SELECT u.id, o.email, u.cycle_start, u.credits_used, GREATEST(COALESCE(u.credits_cycle_start, u.cycle_start), u.cycle_start) AS counted_cycle_start,
       p.credits_per_month, u.credit_alerts
     FROM users u JOIN plans p ON p.id = u.plan_id ${OWNER_NOW}
     WHERE p.credits_per_month > 0 AND u.credits_used * 2 >= p.credits_per_month AND cardinality(u.credit_alerts) > 0
       AND o.email_verified_at IS NOT NULL`,
  );
  return rows.map((row) => ({
    userId: row.id,
    email: row.email,
    anchor: row.cycle_start,
    creditsUsed: fromBigint(row.credits_used),
    countedCycleStart: row.counted_cycle_start,
    creditLimit: fromNullableBigint(row.credits_per_month),
    thresholds: row.credit_alerts.map(Number),
  }));
}

/** A key's minutes from `from` to `to` (whole minutes), for users with error alerts on. */
export interface KeyMinutes {
  readonly keyId: number;
  /** The key's value, for its masked form in the mail (its name is the user's text: never mailed). */
  readonly apiKey: string;
  readonly userId: number;
  readonly email: string;
  readonly minutes: MinuteCalls[];
}

/**
 * Keys with calls in every one of the minutes from `from` (inclusive) to `to` (exclusive), their
 * calls per minute; only of users with a verified address.
 */
export async function keysFailingCandidates(q: Queryable, from: Date, to: Date, minutes: number): Promise<KeyMinutes[]> {
  const { rows } = await q.query<{
    key_id: number;
    key: string;
    user_id: number;
    email: string;
    calls: BigintColumn[];
    failed: BigintColumn[];
  }>(
    `SELECT m.api_key_id AS key_id, k.key, u.id AS user_id, o.email,
       array_agg(m.calls ORDER BY m.minute) AS calls, array_agg(m.failed ORDER BY m.minute) AS failed
     FROM (
       SELECT api_key_id, minute, SUM(requests + rate_limited + refused + upstream_errors + upstream_timeouts) AS calls,
         SUM(rate_limited + refused + upstream_errors + upstream_timeouts) AS failed
       FROM usage_minutes WHERE minute >= $1 AND minute < $2
       GROUP BY api_key_id, minute
     ) m
     JOIN api_keys k ON k.id = m.api_key_id JOIN users u ON u.id = k.user_id ${OWNER_NOW}
     WHERE u.error_alerts AND o.email_verified_at IS NOT NULL
     GROUP BY m.api_key_id, k.key, u.id, o.email
     HAVING count(*) = $3 AND SUM(m.failed) > 0`,
    [from, to, minutes],
  );
  return rows.map((row) => ({
    keyId: row.key_id,
    apiKey: row.key,
    userId: row.user_id,
    email: row.email,
    minutes: row.calls.map((calls, index) => ({ calls: fromBigint(calls), failed: fromBigint(row.failed[index] ?? 0) })),
  }));
}

/** A key whose spend in a period reached its cap there (019_key_spend_caps.sql), of a user with a verified address. */
export interface KeyCapCandidate {
  readonly keyId: number;
  /** The key's value, for its masked form in the mail (its name is the user's text: never mailed). */
  readonly apiKey: string;
  readonly userId: number;
  /** The owner's cycle anchor: whether a cycle's spend is of the current cycle. */
  readonly anchor: Date;
  readonly period: KeyCapPeriod;
  readonly periodStart: Date;
  readonly creditsUsed: number;
  readonly cap: number;
}

/** Keys at or over a cap in the period their spend was last counted for (the caller keeps those of the current period). */
export async function keyCapCandidates(q: Queryable): Promise<KeyCapCandidate[]> {
  const { rows } = await q.query<{
    key_id: number;
    key: string;
    user_id: number;
    cycle_start: Date;
    period: KeyCapPeriod;
    period_start: Date;
    credits_used: BigintColumn;
    cap: BigintColumn;
  }>(
    `SELECT k.id AS key_id, k.key, u.id AS user_id, u.cycle_start, c.period, c.period_start, c.credits_used,
       CASE c.period WHEN 'day' THEN r.credits_per_day ELSE r.credits_per_cycle END AS cap
     FROM key_credits c JOIN key_rules r ON r.api_key_id = c.api_key_id
       JOIN api_keys k ON k.id = c.api_key_id JOIN users u ON u.id = k.user_id ${OWNER_NOW}
     WHERE o.email_verified_at IS NOT NULL
       AND c.credits_used >= CASE c.period WHEN 'day' THEN r.credits_per_day ELSE r.credits_per_cycle END`,
  );
  return rows.map((row) => ({
    keyId: row.key_id,
    apiKey: row.key,
    userId: row.user_id,
    anchor: row.cycle_start,
    period: row.period,
    periodStart: row.period_start,
    creditsUsed: fromBigint(row.credits_used),
    cap: fromBigint(row.cap),
  }));
}

/** The kind of alert each cap raises (one per key and period). */
export const KEY_CAP_ALERTS = { day: 'key_day_cap', cycle: 'key_cycle_cap' } as const satisfies Record<KeyCapPeriod, string>;

export interface NewAlert {
  readonly userId: number;
  readonly kind: 'credits' | 'errors' | (typeof KEY_CAP_ALERTS)[KeyCapPeriod];
  readonly subject: number;
  readonly period: Date;
  readonly mailSubject: string;
  readonly mailText: string;
  /** 'covered': recorded so it is never sent, a higher one of the same moment being sent instead. */
  readonly state: 'pending' | 'covered';
}

/** Records alerts not recorded yet (the unique row decides); returns how many were new. */
export async function recordAlerts(q: Queryable, alerts: readonly NewAlert[], now: Date): Promise<number> {
  if (alerts.length === 0) return 0;
  const { rows } = await q.query<{ id: BigintColumn }>(
    `INSERT INTO usage_alerts (user_id, kind, subject, period, mail_subject, mail_text, state, created_at)
     SELECT *, $8::timestamptz FROM unnest($1::integer[], $2::text[], $3::integer[], $4::timestamptz[], $5::text[], $6::text[], $7::text[])
     ON CONFLICT (user_id, kind, subject, period) DO NOTHING RETURNING id`,
    [
      alerts.map((alert) => alert.userId),
      alerts.map((alert) => alert.kind),
      alerts.map((alert) => alert.subject),
      alerts.map((alert) => alert.period),
      alerts.map((alert) => alert.mailSubject),
      alerts.map((alert) => alert.mailText),
      alerts.map((alert) => alert.state),
      now,
    ],
  );
  return rows.length;
}

/** The thresholds already recorded for the user's cycle starting at `period`. */
export async function recordedThresholds(q: Queryable, userId: number, period: Date): Promise<number[]> {
  const { rows } = await q.query<{ subject: number }>(
    "SELECT subject FROM usage_alerts WHERE user_id = $1 AND kind = 'credits' AND period = $2",
    [userId, period],
  );
  return rows.map((row) => row.subject);
}

export interface ClaimedAlert {
  readonly id: number;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/**
 * Takes the pending alerts to send: each is 'sending' from here on, and no other run takes it. At
 * most `perDay` are claimed per account in any 24 hours (those claimed before count; a failed mail
 * gives its place back); the pending ones past that are 'capped' and never sent. Only verified
 * addresses are taken. One transaction under one lock: two claims at once (two replicas) count
 * each other's, so the cap is exact.
 */
export async function claimPendingAlerts(db: Db, now: Date, perDay: number): Promise<ClaimedAlert[]> {
  return db.transaction(async (tx) => {
    await lockUntilCommit(tx, lockSpace.alertClaims, 0);
    const { rows } = await tx.query<{ id: BigintColumn; email: string; mail_subject: string; mail_text: string }>(
      `WITH recent AS (
         SELECT user_id, count(*) AS claimed FROM usage_alerts WHERE claimed_at > $1::timestamptz - interval '24 hours' GROUP BY user_id
       ),
       ranked AS (
         SELECT a.id, COALESCE(r.claimed, 0) + row_number() OVER (PARTITION BY a.user_id ORDER BY a.created_at, a.id) AS nth
         FROM usage_alerts a JOIN users u ON u.id = a.user_id ${OWNER_NOW} LEFT JOIN recent r ON r.user_id = a.user_id
         WHERE a.state = 'pending' AND o.email_verified_at IS NOT NULL
       ),
       capped AS (
         UPDATE usage_alerts a SET state = 'capped' FROM ranked r WHERE a.id = r.id AND r.nth > $2
       )
       UPDATE usage_alerts a SET state = 'sending', claimed_at = $1 FROM ranked r, project_members owner_now, users o
       WHERE a.id = r.id AND r.nth <= $2 AND owner_now.project_id = a.user_id AND owner_now.role = 'owner' AND o.id = owner_now.user_id
       RETURNING a.id, o.email, a.mail_subject, a.mail_text`,
      [now, perDay],
    );
    return rows.map((row) => ({ id: fromBigint(row.id), to: row.email, subject: row.mail_subject, text: row.mail_text }));
  });
}

/** A claimed alert sent (`sent`) or to send again at the next run (its mail failed). */
export async function settleAlert(q: Queryable, id: number, sent: boolean, now: Date): Promise<void> {
  await q.query(
    sent
      ? "UPDATE usage_alerts SET state = 'sent', sent_at = $2 WHERE id = $1"
      : "UPDATE usage_alerts SET state = 'pending', claimed_at = NULL WHERE id = $1",
    [id, ...(sent ? [now] : [])],
  );
}
