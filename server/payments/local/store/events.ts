import type { Queryable } from '@server/db/db';
import type { BillingEvent, SubscriptionSnapshot } from '@server/payments/billing-events';
import { localId } from '@server/payments/local/ids';
import { frequencyOf, statusOf } from '@server/payments/local/store/narrow';

/**
 * The outbox of events for the billing service: written in the transaction that made the change,
 * delivered after it commits, in order, and again until delivered (as Stripe retries a webhook).
 */

interface EventRow {
  id: string;
  kind: string;
  checkout_id: string | null;
  subscription_id: string;
  snapshot: unknown;
  occurred_at: Date;
}

type EventFields =
  | { readonly kind: 'checkout-completed'; readonly checkoutId: string; readonly subscription: SubscriptionSnapshot }
  | { readonly kind: 'subscription-changed'; readonly subscription: SubscriptionSnapshot }
  | { readonly kind: 'invoice-paid' | 'invoice-payment-failed'; readonly subscriptionId: string };

/** Stored as JSON: its dates as ISO text. */
function snapshotJson(snapshot: SubscriptionSnapshot): string {
  return JSON.stringify({
    ...snapshot,
    currentPeriodStart: snapshot.currentPeriodStart.toISOString(),
    currentPeriodEnd: snapshot.currentPeriodEnd.toISOString(),
  });
}

function field(record: object, name: string): unknown {
  return Object.entries(record).find(([key]) => key === name)?.[1];
}

function text(record: object, name: string): string {
  const value = field(record, name);
  if (typeof value !== 'string') throw new Error(`A stored test-mode event's snapshot lacks ${name}`);
  return value;
}

function integer(record: object, name: string): number {
  const value = field(record, name);
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new Error(`A stored test-mode event's snapshot lacks ${name}`);
  return value;
}

function parseSnapshot(value: unknown): SubscriptionSnapshot {
  // PGlite and node-postgres both hand jsonb back parsed; a string would be JSON text.
  const record: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (typeof record !== 'object' || record === null) throw new Error('A stored test-mode event has no subscription snapshot');
  const cancel = field(record, 'cancelAtPeriodEnd');
  if (typeof cancel !== 'boolean') throw new Error("A stored test-mode event's snapshot lacks cancelAtPeriodEnd");
  return {
    id: text(record, 'id'),
    customerId: text(record, 'customerId'),
    userId: integer(record, 'userId'),
    planId: integer(record, 'planId'),
    frequency: frequencyOf(text(record, 'frequency')),
    status: statusOf(text(record, 'status')),
    currentPeriodStart: new Date(text(record, 'currentPeriodStart')),
    currentPeriodEnd: new Date(text(record, 'currentPeriodEnd')),
    cancelAtPeriodEnd: cancel,
  };
}

function toEvent(row: EventRow): BillingEvent {
  const base = { provider: 'local' as const, id: row.id, occurredAt: row.occurred_at };
  switch (row.kind) {
    case 'checkout-completed':
      if (row.checkout_id === null) throw new Error(`Test-mode event ${row.id} completes no checkout`);
      return { ...base, kind: 'checkout-completed', checkoutId: row.checkout_id, subscription: parseSnapshot(row.snapshot) };
    case 'subscription-changed':
      return { ...base, kind: 'subscription-changed', subscription: parseSnapshot(row.snapshot) };
    case 'invoice-paid':
    case 'invoice-payment-failed':
      return { ...base, kind: row.kind, subscriptionId: row.subscription_id };
    default:
      throw new Error(`Unknown test-mode event kind ${row.kind}`);
  }
}

/** Records an event in the caller's transaction (levt_ id, occurring `now`). */
export async function recordLocalEvent(q: Queryable, fields: EventFields, now: Date): Promise<void> {
  const checkoutId = fields.kind === 'checkout-completed' ? fields.checkoutId : null;
  const subscriptionId = 'subscription' in fields ? fields.subscription.id : fields.subscriptionId;
  const snapshot = 'subscription' in fields ? snapshotJson(fields.subscription) : null;
  await q.query(
    'INSERT INTO local_events (id, kind, checkout_id, subscription_id, snapshot, occurred_at) VALUES ($1, $2, $3, $4, $5::jsonb, $6)',
    [localId('levt'), fields.kind, checkoutId, subscriptionId, snapshot, now],
  );
}

/** Events not delivered yet, oldest first. */
export async function pendingEvents(q: Queryable): Promise<BillingEvent[]> {
  const { rows } = await q.query<EventRow>(
    'SELECT id, kind, checkout_id, subscription_id, snapshot, occurred_at FROM local_events WHERE delivered_at IS NULL ORDER BY seq',
  );
  return rows.map(toEvent);
}

export async function markDelivered(q: Queryable, id: string, now: Date): Promise<void> {
  await q.query('UPDATE local_events SET delivered_at = $2 WHERE id = $1 AND delivered_at IS NULL', [id, now]);
}
