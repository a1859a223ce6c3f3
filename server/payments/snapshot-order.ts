import type { SubscriptionSnapshot } from '@server/payments/billing-events';

type Ordered = Pick<SubscriptionSnapshot, 'status' | 'currentPeriodStart' | 'currentPeriodEnd'>;

/**
 * Of two states of one subscription stamped with the same second (Stripe's `created` has no finer
 * grain, and it delivers out of order), whether `incoming` cannot have come before `stored`, by the
 * subscription's own fields: a cancellation is final (nothing follows it), and periods only move
 * forward (a renewal starts a later one). States these fields cannot tell apart keep the order they
 * arrived in. Events of different seconds are ordered by their time, before this is asked.
 */
export function mayFollow(stored: Ordered, incoming: Ordered): boolean {
  if (stored.status === 'canceled' && incoming.status !== 'canceled') return false;
  if (incoming.status === 'canceled' && stored.status !== 'canceled') return true;
  const start = incoming.currentPeriodStart.getTime() - stored.currentPeriodStart.getTime();
  if (start !== 0) return start > 0;
  return incoming.currentPeriodEnd.getTime() >= stored.currentPeriodEnd.getTime();
}
