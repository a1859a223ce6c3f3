import type { Queryable } from '@server/db/db';
import type { SubscriptionSnapshot, SubscriptionStatus } from '@server/payments/billing-events';
import type { BillingFrequency } from '@/domain/plan-catalog';
import { frequencyOf, statusOf } from '@server/payments/local/store/narrow';

/** The test-mode provider's own subscription, as Stripe keeps one. */
export interface LocalSubscription {
  readonly id: string;
  readonly customerId: string;
  readonly userId: number;
  readonly planId: number;
  readonly frequency: BillingFrequency;
  readonly status: SubscriptionStatus;
  readonly anchor: Date;
  readonly periodIndex: number;
  readonly currentPeriodStart: Date;
  readonly currentPeriodEnd: Date;
  readonly cancelAtPeriodEnd: boolean;
  /** A lower plan (or the other frequency) that starts with the next period. */
  readonly scheduled: { readonly planId: number; readonly frequency: BillingFrequency } | null;
  readonly cardLast4: string;
}

interface SubscriptionRow {
  id: string;
  customer_id: string;
  user_id: number;
  plan_id: number;
  frequency: string;
  status: string;
  anchor: Date;
  period_index: number;
  current_period_start: Date;
  current_period_end: Date;
  cancel_at_period_end: boolean;
  scheduled_plan_id: number | null;
  scheduled_frequency: string | null;
  card_last4: string;
}

const columns =
  'id, customer_id, user_id, plan_id, frequency, status, anchor, period_index, current_period_start, current_period_end, cancel_at_period_end, scheduled_plan_id, scheduled_frequency, card_last4';

function toSubscription(row: SubscriptionRow): LocalSubscription {
  return {
    id: row.id,
    customerId: row.customer_id,
    userId: row.user_id,
    planId: row.plan_id,
    frequency: frequencyOf(row.frequency),
    status: statusOf(row.status),
    anchor: row.anchor,
    periodIndex: row.period_index,
    currentPeriodStart: row.current_period_start,
    currentPeriodEnd: row.current_period_end,
    cancelAtPeriodEnd: row.cancel_at_period_end,
    scheduled:
      row.scheduled_plan_id === null || row.scheduled_frequency === null
        ? null
        : { planId: row.scheduled_plan_id, frequency: frequencyOf(row.scheduled_frequency) },
    cardLast4: row.card_last4,
  };
}

/** What the billing service is told of a subscription. */
export function snapshotOf(subscription: LocalSubscription): SubscriptionSnapshot {
  return {
    id: subscription.id,
    customerId: subscription.customerId,
    userId: subscription.userId,
    planId: subscription.planId,
    frequency: subscription.frequency,
    status: subscription.status,
    currentPeriodStart: subscription.currentPeriodStart,
    currentPeriodEnd: subscription.currentPeriodEnd,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
  };
}

/** Inserts or replaces the whole subscription (the caller holds its row lock when it exists). */
export async function saveLocalSubscription(q: Queryable, subscription: LocalSubscription, now: Date): Promise<void> {
  await q.query(
    `INSERT INTO local_subscriptions (${columns}, created_at, canceled_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, CASE WHEN $6 = 'canceled' THEN $15::timestamptz END)
     ON CONFLICT (id) DO UPDATE SET
       plan_id = EXCLUDED.plan_id, frequency = EXCLUDED.frequency, status = EXCLUDED.status, anchor = EXCLUDED.anchor,
       period_index = EXCLUDED.period_index, current_period_start = EXCLUDED.current_period_start,
       current_period_end = EXCLUDED.current_period_end, cancel_at_period_end = EXCLUDED.cancel_at_period_end,
       scheduled_plan_id = EXCLUDED.scheduled_plan_id, scheduled_frequency = EXCLUDED.scheduled_frequency,
       card_last4 = EXCLUDED.card_last4,
       canceled_at = COALESCE(local_subscriptions.canceled_at, EXCLUDED.canceled_at)`,
    [
      subscription.id,
      subscription.customerId,
      subscription.userId,
      subscription.planId,
      subscription.frequency,
      subscription.status,
      subscription.anchor,
      subscription.periodIndex,
      subscription.currentPeriodStart,
      subscription.currentPeriodEnd,
      subscription.cancelAtPeriodEnd,
      subscription.scheduled?.planId ?? null,
      subscription.scheduled?.frequency ?? null,
      subscription.cardLast4,
      now,
    ],
  );
}

/** The subscription, locked until the transaction ends: one change of it at a time. */
export async function lockSubscription(q: Queryable, id: string): Promise<LocalSubscription | null> {
  const { rows } = await q.query<SubscriptionRow>(`SELECT ${columns} FROM local_subscriptions WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0] === undefined ? null : toSubscription(rows[0]);
}

/** The subscription as it is now (no lock: for showing it). */
export async function findSubscription(q: Queryable, id: string): Promise<LocalSubscription | null> {
  const { rows } = await q.query<SubscriptionRow>(`SELECT ${columns} FROM local_subscriptions WHERE id = $1`, [id]);
  return rows[0] === undefined ? null : toSubscription(rows[0]);
}

/** The customer's subscription that is not canceled (the newest, should a duplicate exist). */
export async function findLiveSubscriptionOf(q: Queryable, customerId: string): Promise<LocalSubscription | null> {
  const { rows } = await q.query<SubscriptionRow>(
    `SELECT ${columns} FROM local_subscriptions WHERE customer_id = $1 AND status <> 'canceled' ORDER BY created_at DESC, id LIMIT 1`,
    [customerId],
  );
  return rows[0] === undefined ? null : toSubscription(rows[0]);
}

/** Active subscriptions whose current period has ended at `now`: time to renew them. */
export async function listDueSubscriptionIds(q: Queryable, now: Date): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `SELECT id FROM local_subscriptions WHERE status = 'active' AND current_period_end <= $1 ORDER BY current_period_end, id`,
    [now],
  );
  return rows.map((row) => row.id);
}
