import type { Queryable } from '@server/db/db';
import type { BillingFrequency } from '@/domain/plan-catalog';
import { frequencyOf } from '@server/payments/local/store/narrow';

export type SessionStatus = 'open' | 'complete' | 'expired';

/** A checkout session: a new subscription once paid, or (kind 'change') a higher plan for an existing one. */
export interface CheckoutSession {
  readonly id: string;
  readonly customerId: string;
  readonly userId: number;
  readonly kind: 'new' | 'change';
  readonly subscriptionId: string | null;
  /** The period the change was priced against: a renewal since then makes the session stale. */
  readonly basisPeriodStart: Date | null;
  readonly planId: number;
  readonly frequency: BillingFrequency;
  /** The plan's price for one period. */
  readonly priceCents: number;
  /** What paying charges now (a change: prorated). */
  readonly amountCents: number;
  readonly successUrl: string;
  readonly cancelUrl: string;
  readonly status: SessionStatus;
  readonly expiresAt: Date;
}

interface SessionRow {
  id: string;
  customer_id: string;
  user_id: number;
  kind: string;
  subscription_id: string | null;
  basis_period_start: Date | null;
  plan_id: number;
  frequency: string;
  price_cents: number;
  amount_cents: number;
  success_url: string;
  cancel_url: string;
  status: string;
  expires_at: Date;
}

const columns =
  'id, customer_id, user_id, kind, subscription_id, basis_period_start, plan_id, frequency, price_cents, amount_cents, success_url, cancel_url, status, expires_at';

function statusOf(value: string): SessionStatus {
  if (value === 'open' || value === 'complete' || value === 'expired') return value;
  throw new Error(`Unknown checkout session status in the test-mode tables: ${value}`);
}

function toSession(row: SessionRow): CheckoutSession {
  return {
    id: row.id,
    customerId: row.customer_id,
    userId: row.user_id,
    kind: row.kind === 'change' ? 'change' : 'new',
    subscriptionId: row.subscription_id,
    basisPeriodStart: row.basis_period_start,
    planId: row.plan_id,
    frequency: frequencyOf(row.frequency),
    priceCents: row.price_cents,
    amountCents: row.amount_cents,
    successUrl: row.success_url,
    cancelUrl: row.cancel_url,
    status: statusOf(row.status),
    expiresAt: row.expires_at,
  };
}

export async function insertSession(q: Queryable, session: CheckoutSession, now: Date): Promise<void> {
  await q.query(
    `INSERT INTO local_checkout_sessions (${columns}, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
    [
      session.id,
      session.customerId,
      session.userId,
      session.kind,
      session.subscriptionId,
      session.basisPeriodStart,
      session.planId,
      session.frequency,
      session.priceCents,
      session.amountCents,
      session.successUrl,
      session.cancelUrl,
      session.status,
      session.expiresAt,
      now,
    ],
  );
}

export async function findSession(q: Queryable, id: string): Promise<CheckoutSession | null> {
  const { rows } = await q.query<SessionRow>(`SELECT ${columns} FROM local_checkout_sessions WHERE id = $1`, [id]);
  return rows[0] === undefined ? null : toSession(rows[0]);
}

/** The session, locked until the transaction ends: two payments of one session run one after the other. */
export async function lockSession(q: Queryable, id: string): Promise<CheckoutSession | null> {
  const { rows } = await q.query<SessionRow>(`SELECT ${columns} FROM local_checkout_sessions WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0] === undefined ? null : toSession(rows[0]);
}

export async function completeSession(q: Queryable, id: string, now: Date): Promise<void> {
  await q.query(`UPDATE local_checkout_sessions SET status = 'complete', completed_at = $2 WHERE id = $1`, [id, now]);
}

/** Ends an open session; one already paid or ended stays as it is. */
export async function expireSession(q: Queryable, id: string): Promise<void> {
  await q.query(`UPDATE local_checkout_sessions SET status = 'expired' WHERE id = $1 AND status = 'open'`, [id]);
}

/** A new change of a subscription replaces the open ones before it. */
export async function expireOpenChanges(q: Queryable, subscriptionId: string): Promise<void> {
  await q.query(`UPDATE local_checkout_sessions SET status = 'expired' WHERE subscription_id = $1 AND status = 'open'`, [subscriptionId]);
}
