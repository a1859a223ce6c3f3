import type { Queryable } from '@server/db/db';
import type { SubscriptionSnapshot, SubscriptionStatus } from '@server/payments/billing-events';
import type { ProviderName } from '@server/payments/provider';
import { parseBillingFrequency, type BillingFrequency } from '@/domain/plan-catalog';

/** The dashboard's mirror of a user's subscription at the provider. */
export interface SubscriptionRecord extends SubscriptionSnapshot {
  readonly provider: ProviderName;
  readonly pastDueSince: Date | null;
  readonly stateAt: Date;
}

export type CheckoutStatus = 'open' | 'complete' | 'expired';
export type CheckoutKind = 'new' | 'change';

export interface CheckoutRecord {
  readonly id: string;
  readonly provider: ProviderName;
  readonly providerCheckoutId: string;
  readonly userId: number;
  readonly kind: CheckoutKind;
  readonly subscriptionId: string | null;
  readonly planId: number;
  readonly frequency: BillingFrequency;
  readonly amountCents: number;
  readonly status: CheckoutStatus;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

function frequencyOf(value: string): BillingFrequency {
  const frequency = parseBillingFrequency(value);
  if (frequency === null) throw new Error(`Unknown billing frequency in the billing tables: ${value}`);
  return frequency;
}

function providerOf(value: string): ProviderName {
  if (value === 'stripe' || value === 'local') return value;
  throw new Error(`Unknown payment provider in the billing tables: ${value}`);
}

function statusOf(value: string): SubscriptionStatus {
  if (value === 'active' || value === 'past_due' || value === 'canceled') return value;
  throw new Error(`Unknown subscription status in the billing tables: ${value}`);
}

function checkoutStatusOf(value: string): CheckoutStatus {
  if (value === 'open' || value === 'complete' || value === 'expired') return value;
  throw new Error(`Unknown checkout status in the billing tables: ${value}`);
}

// --- customers ---

export async function findCustomerId(q: Queryable, userId: number, provider: ProviderName): Promise<string | null> {
  const { rows } = await q.query<{ customer_id: string }>(
    'SELECT customer_id FROM billing_customers WHERE user_id = $1 AND provider = $2',
    [userId, provider],
  );
  return rows[0]?.customer_id ?? null;
}

/** Records the user's customer (a user switched to another provider gets the new one). */
export async function saveCustomerId(q: Queryable, userId: number, provider: ProviderName, customerId: string, now: Date): Promise<void> {
  await q.query(
    `INSERT INTO billing_customers (user_id, provider, customer_id, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id) DO UPDATE SET provider = EXCLUDED.provider, customer_id = EXCLUDED.customer_id, created_at = EXCLUDED.created_at`,
    [userId, provider, customerId, now],
  );
}

// --- subscriptions ---

interface SubscriptionRow {
  provider: string;
  provider_subscription_id: string;
  user_id: number;
  customer_id: string;
  plan_id: number;
  frequency: string;
  status: string;
  current_period_start: Date;
  current_period_end: Date;
  cancel_at_period_end: boolean;
  past_due_since: Date | null;
  state_at: Date;
}

const subscriptionColumns =
  'provider, provider_subscription_id, user_id, customer_id, plan_id, frequency, status, current_period_start, current_period_end, cancel_at_period_end, past_due_since, state_at';

function toSubscription(row: SubscriptionRow): SubscriptionRecord {
  return {
    provider: providerOf(row.provider),
    id: row.provider_subscription_id,
    userId: row.user_id,
    customerId: row.customer_id,
    planId: row.plan_id,
    frequency: frequencyOf(row.frequency),
    status: statusOf(row.status),
    currentPeriodStart: row.current_period_start,
    currentPeriodEnd: row.current_period_end,
    cancelAtPeriodEnd: row.cancel_at_period_end,
    pastDueSince: row.past_due_since,
    stateAt: row.state_at,
  };
}

/** The subscription, locked until the transaction ends (events for it apply one at a time). */
export async function findSubscriptionForUpdate(q: Queryable, provider: ProviderName, id: string): Promise<SubscriptionRecord | null> {
  const { rows } = await q.query<SubscriptionRow>(
    `SELECT ${subscriptionColumns} FROM subscriptions WHERE provider = $1 AND provider_subscription_id = $2 FOR UPDATE`,
    [provider, id],
  );
  return rows[0] === undefined ? null : toSubscription(rows[0]);
}

/** The subscription the user pays for now (active or past due), if any. */
export async function findLiveSubscription(q: Queryable, userId: number): Promise<SubscriptionRecord | null> {
  const { rows } = await q.query<SubscriptionRow>(
    `SELECT ${subscriptionColumns} FROM subscriptions WHERE user_id = $1 AND status <> 'canceled'`,
    [userId],
  );
  return rows[0] === undefined ? null : toSubscription(rows[0]);
}

export async function saveSubscription(q: Queryable, record: SubscriptionRecord, now: Date): Promise<void> {
  await q.query(
    `INSERT INTO subscriptions (${subscriptionColumns}, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     ON CONFLICT (provider, provider_subscription_id) DO UPDATE SET
       user_id = EXCLUDED.user_id, customer_id = EXCLUDED.customer_id, plan_id = EXCLUDED.plan_id,
       frequency = EXCLUDED.frequency, status = EXCLUDED.status, current_period_start = EXCLUDED.current_period_start,
       current_period_end = EXCLUDED.current_period_end, cancel_at_period_end = EXCLUDED.cancel_at_period_end,
       past_due_since = EXCLUDED.past_due_since, state_at = EXCLUDED.state_at`,
    [
      record.provider,
      record.id,
      record.userId,
      record.customerId,
      record.planId,
      record.frequency,
      record.status,
      record.currentPeriodStart,
      record.currentPeriodEnd,
      record.cancelAtPeriodEnd,
      record.pastDueSince,
      record.stateAt,
      now,
    ],
  );
}

/** Past-due subscriptions whose grace period ended at or before `since` + grace (their first failure before `since`). */
export async function listPastDueSince(q: Queryable, before: Date): Promise<SubscriptionRecord[]> {
  const { rows } = await q.query<SubscriptionRow>(
    `SELECT ${subscriptionColumns} FROM subscriptions WHERE status = 'past_due' AND past_due_since <= $1 ORDER BY past_due_since`,
    [before],
  );
  return rows.map(toSubscription);
}

// --- checkouts ---

interface CheckoutRow {
  id: string;
  provider: string;
  provider_checkout_id: string;
  user_id: number;
  kind: string;
  subscription_id: string | null;
  plan_id: number;
  frequency: string;
  amount_cents: number;
  status: string;
  created_at: Date;
  expires_at: Date;
}

const checkoutColumns =
  'id, provider, provider_checkout_id, user_id, kind, subscription_id, plan_id, frequency, amount_cents, status, created_at, expires_at';

function toCheckout(row: CheckoutRow): CheckoutRecord {
  return {
    id: row.id,
    provider: providerOf(row.provider),
    providerCheckoutId: row.provider_checkout_id,
    userId: row.user_id,
    kind: row.kind === 'change' ? 'change' : 'new',
    subscriptionId: row.subscription_id,
    planId: row.plan_id,
    frequency: frequencyOf(row.frequency),
    amountCents: row.amount_cents,
    status: checkoutStatusOf(row.status),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}

export async function insertCheckout(q: Queryable, checkout: CheckoutRecord): Promise<void> {
  await q.query(`INSERT INTO checkouts (${checkoutColumns}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`, [
    checkout.id,
    checkout.provider,
    checkout.providerCheckoutId,
    checkout.userId,
    checkout.kind,
    checkout.subscriptionId,
    checkout.planId,
    checkout.frequency,
    checkout.amountCents,
    checkout.status,
    checkout.createdAt,
    checkout.expiresAt,
  ]);
}

/** A checkout of this user (another user's is not found). */
export async function findUserCheckout(q: Queryable, userId: number, id: string): Promise<CheckoutRecord | null> {
  const { rows } = await q.query<CheckoutRow>(`SELECT ${checkoutColumns} FROM checkouts WHERE id = $1 AND user_id = $2`, [id, userId]);
  return rows[0] === undefined ? null : toCheckout(rows[0]);
}

export async function findCheckoutByProviderId(
  q: Queryable,
  provider: ProviderName,
  providerCheckoutId: string,
): Promise<CheckoutRecord | null> {
  const { rows } = await q.query<CheckoutRow>(
    `SELECT ${checkoutColumns} FROM checkouts WHERE provider = $1 AND provider_checkout_id = $2 FOR UPDATE`,
    [provider, providerCheckoutId],
  );
  return rows[0] === undefined ? null : toCheckout(rows[0]);
}

export async function listOpenCheckouts(q: Queryable, userId: number): Promise<CheckoutRecord[]> {
  const { rows } = await q.query<CheckoutRow>(`SELECT ${checkoutColumns} FROM checkouts WHERE user_id = $1 AND status = 'open'`, [userId]);
  return rows.map(toCheckout);
}

export async function setCheckoutStatus(q: Queryable, id: string, status: CheckoutStatus, at: Date): Promise<void> {
  await q.query(
    `UPDATE checkouts SET status = $2, completed_at = CASE WHEN $2 = 'complete' THEN $3::timestamptz ELSE completed_at END
     WHERE id = $1 AND status = 'open'`,
    [id, status, at],
  );
}

/** Open change checkouts of a subscription that the snapshot's plan fulfils (Stripe reports those as a subscription update). */
export async function completeChangeCheckouts(
  q: Queryable,
  provider: ProviderName,
  subscriptionId: string,
  plan: { planId: number; frequency: BillingFrequency },
  at: Date,
): Promise<void> {
  await q.query(
    `UPDATE checkouts SET status = 'complete', completed_at = $5
     WHERE provider = $1 AND subscription_id = $2 AND kind = 'change' AND status = 'open' AND plan_id = $3 AND frequency = $4`,
    [provider, subscriptionId, plan.planId, plan.frequency, at],
  );
}

// --- events ---

/** Records an event as handled; false when it had been already (a replay). */
export async function recordEvent(
  q: Queryable,
  event: { provider: ProviderName; id: string; kind: string; occurredAt: Date },
  now: Date,
): Promise<boolean> {
  const { rows } = await q.query<{ event_id: string }>(
    `INSERT INTO billing_events (provider, event_id, kind, occurred_at, received_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (provider, event_id) DO NOTHING RETURNING event_id`,
    [event.provider, event.id, event.kind, event.occurredAt, now],
  );
  return rows.length === 1;
}
