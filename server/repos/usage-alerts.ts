import type { AlertSettings, MinuteCalls } from '@/domain/usage-alerts';
import { normalizedThresholds } from '@/domain/usage-alerts';
import type { Queryable } from '@server/db/db';
import { fromBigint, fromNullableBigint, type BigintColumn } from '@server/repos/columns';

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

/** Users past half their credits (the lowest threshold) with an alert on: the only ones that can owe one. */
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
    `SELECT u.id, u.email, u.cycle_start, u.credits_used, GREATEST(COALESCE(u.credits_cycle_start, u.cycle_start), u.cycle_start) AS counted_cycle_start,
       p.credits_per_month, u.credit_alerts
     FROM users u JOIN plans p ON p.id = u.plan_id
     WHERE p.credits_per_month > 0 AND u.credits_used * 2 >= p.credits_per_month AND cardinality(u.credit_alerts) > 0`,
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
  readonly keyName: string;
  readonly userId: number;
  readonly email: string;
  readonly minutes: MinuteCalls[];
}

/** Keys with calls in every one of the minutes from `from` (inclusive) to `to` (exclusive), their calls per minute. */
export async function keysFailingCandidates(q: Queryable, from: Date, to: Date, minutes: number): Promise<KeyMinutes[]> {
  const { rows } = await q.query<{
    key_id: number;
    name: string;
    user_id: number;
    email: string;
    calls: BigintColumn[];
    failed: BigintColumn[];
  }>(
    `SELECT m.api_key_id AS key_id, k.name, u.id AS user_id, u.email,
       array_agg(m.calls ORDER BY m.minute) AS calls, array_agg(m.failed ORDER BY m.minute) AS failed
     FROM (
       SELECT api_key_id, minute, SUM(requests + rate_limited + refused + upstream_errors + upstream_timeouts) AS calls,
         SUM(rate_limited + refused + upstream_errors + upstream_timeouts) AS failed
       FROM usage_minutes WHERE minute >= $1 AND minute < $2
       GROUP BY api_key_id, minute
     ) m
     JOIN api_keys k ON k.id = m.api_key_id JOIN users u ON u.id = k.user_id
     WHERE u.error_alerts
     GROUP BY m.api_key_id, k.name, u.id, u.email
     HAVING count(*) = $3 AND SUM(m.failed) > 0`,
    [from, to, minutes],
  );
  return rows.map((row) => ({
    keyId: row.key_id,
    keyName: row.name,
    userId: row.user_id,
    email: row.email,
    minutes: row.calls.map((calls, index) => ({ calls: fromBigint(calls), failed: fromBigint(row.failed[index] ?? 0) })),
  }));
}

export interface NewAlert {
  readonly userId: number;
  readonly kind: 'credits' | 'errors';
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

/** Takes the pending alerts to send: each is 'sending' from here on, and no other run takes it. */
export async function claimPendingAlerts(q: Queryable): Promise<ClaimedAlert[]> {
  const { rows } = await q.query<{ id: BigintColumn; email: string; mail_subject: string; mail_text: string }>(
    `UPDATE usage_alerts a SET state = 'sending' FROM users u
     WHERE a.state = 'pending' AND u.id = a.user_id
     RETURNING a.id, u.email, a.mail_subject, a.mail_text`,
  );
  return rows.map((row) => ({ id: fromBigint(row.id), to: row.email, subject: row.mail_subject, text: row.mail_text }));
}

/** A claimed alert sent (`sent`) or to send again at the next run (its mail failed). */
export async function settleAlert(q: Queryable, id: number, sent: boolean, now: Date): Promise<void> {
  await q.query(
    sent ? "UPDATE usage_alerts SET state = 'sent', sent_at = $2 WHERE id = $1" : "UPDATE usage_alerts SET state = 'pending' WHERE id = $1",
    [id, ...(sent ? [now] : [])],
  );
}
