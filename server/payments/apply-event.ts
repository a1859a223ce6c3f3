import type { Queryable } from '@server/db/db';
import { EventForUnknownUser, type BillingEvent, type SubscriptionSnapshot } from '@server/payments/billing-events';
import { findUserById } from '@server/repos/users';
import type { PlanCause } from '@/domain/plan-move';
import {
  completeChangeCheckouts,
  findCheckoutByProviderId,
  findLiveSubscription,
  findSubscriptionForUpdate,
  recordEvent,
  saveCustomerId,
  saveSubscription,
  setCheckoutStatus,
  type SubscriptionRecord,
} from '@server/repos/billing';
import { moveUserPlan } from '@server/repos/user-plan';
import { mayFollow } from '@server/payments/snapshot-order';
import { recordAudit, systemOrigin } from '@server/audit/record';
import { subscriptionTarget } from '@server/audit/targets';
import { findPlan } from '@server/repos/plans';

/** What applying an event did, and what must follow once its transaction committed. */
export interface EventOutcome {
  /** applied; duplicate = its id was handled before; stale = older than the state it would change. */
  readonly result: 'applied' | 'duplicate' | 'stale' | 'unknown-subscription';
  /** The user whose plan changed: the gateway's key cache must drop their keys. */
  readonly planChangedFor: number | null;
  /** A second subscription of a user who already pays for one: cancel it at the provider and refund it. */
  readonly duplicateSubscription: string | null;
}

const nothing = (result: EventOutcome['result']): EventOutcome => ({ result, planChangedFor: null, duplicateSubscription: null });

/** Older than the stored state; at the same second, ordered by the subscription's own fields (mayFollow). */
function isStale(stored: SubscriptionRecord, occurredAt: Date, snapshot: SubscriptionSnapshot): boolean {
  const order = stored.stateAt.getTime() - occurredAt.getTime();
  return order > 0 || (order === 0 && !mayFollow(stored, snapshot));
}

/** A snapshot newer than what is stored becomes the stored state, and the user's plan follows it. */
async function syncSubscription(
  tx: Queryable,
  event: BillingEvent & { subscription: SubscriptionSnapshot },
  now: Date,
): Promise<EventOutcome> {
  const snapshot = event.subscription;
  if ((await findUserById(tx, snapshot.userId)) === null) {
    throw new EventForUnknownUser(`The ${event.provider} event ${event.id} names user ${snapshot.userId}, who has no account here.`);
  }
  const stored = await findSubscriptionForUpdate(tx, event.provider, snapshot.id);
  if (stored !== null && isStale(stored, event.occurredAt, snapshot)) return nothing('stale');
  if (stored === null && snapshot.status !== 'canceled') {
    const live = await findLiveSubscription(tx, snapshot.userId);
    if (live !== null && live.id !== snapshot.id) {
      // Paid twice (two checkouts that both went through before either expired): keep the first.
      await saveSubscription(
        tx,
        { ...snapshot, provider: event.provider, status: 'canceled', pastDueSince: null, stateAt: event.occurredAt },
        event.occurredAt,
      );
      return { result: 'applied', planChangedFor: null, duplicateSubscription: snapshot.id };
    }
  }
  const record: SubscriptionRecord = {
    ...snapshot,
    provider: event.provider,
    pastDueSince: snapshot.status === 'past_due' ? (stored?.pastDueSince ?? event.occurredAt) : null,
    stateAt: event.occurredAt,
  };
  // A subscription this user's live one is not (a cancelled duplicate) never moves the plan.
  const wasLive = stored === null || stored.status !== 'canceled';
  await saveSubscription(tx, record, event.occurredAt);
  await saveCustomerId(tx, snapshot.userId, event.provider, snapshot.customerId, event.occurredAt);
  if (!wasLive) return nothing('applied');
  const cause: PlanCause =
    snapshot.status === 'canceled'
      ? { kind: 'subscription-ended' }
      : { kind: 'subscription', plan: { planId: snapshot.planId, frequency: snapshot.frequency } };
  const changed = await moveUserPlan(tx, snapshot.userId, cause, event.occurredAt, now);
  if (snapshot.status !== 'canceled') {
    await completeChangeCheckouts(tx, event.provider, snapshot.id, snapshot, event.occurredAt);
  }
  return { result: 'applied', planChangedFor: changed ? snapshot.userId : null, duplicateSubscription: null };
}

/**
 * A renewal's payment: failed → past due (from the first failure); paid → active again. Each one
 * applied is recorded in the audit log as the system's, with the subscription's status before and after.
 */
async function applyPayment(
  tx: Queryable,
  event: BillingEvent & { subscriptionId: string },
  paid: boolean,
  now: Date,
): Promise<EventOutcome> {
  const stored = await findSubscriptionForUpdate(tx, event.provider, event.subscriptionId);
  if (stored === null) return nothing('unknown-subscription');
  if (stored.stateAt.getTime() > event.occurredAt.getTime()) return nothing('stale');
  if (stored.status === 'canceled') return nothing('applied');
  const status = paid ? 'active' : 'past_due';
  const pastDueSince = paid ? null : (stored.pastDueSince ?? event.occurredAt);
  await saveSubscription(tx, { ...stored, status, pastDueSince, stateAt: event.occurredAt }, event.occurredAt);
  const plan = await findPlan(tx, stored.planId);
  await recordAudit(tx, systemOrigin(stored.userId, now), {
    action: paid ? 'payment.succeeded' : 'payment.failed',
    target: subscriptionTarget(stored.id, plan?.name ?? null),
    changes: { status: { before: stored.status, after: status } },
  });
  return nothing('applied');
}

/**
 * Applies one provider event inside the caller's transaction: each event id once (a replay is a
 * no-op), and no state older than the stored one (`occurredAt` against the subscription's
 * `state_at`), so Stripe's retries and out-of-order deliveries change nothing wrongly.
 */
export async function applyEvent(tx: Queryable, event: BillingEvent, now: Date): Promise<EventOutcome> {
  if (!(await recordEvent(tx, { provider: event.provider, id: event.id, kind: event.kind, occurredAt: event.occurredAt }, now))) {
    return nothing('duplicate');
  }
  switch (event.kind) {
    case 'checkout-completed': {
      const checkout = await findCheckoutByProviderId(tx, event.provider, event.checkoutId);
      if (checkout !== null && checkout.userId !== event.subscription.userId) {
        throw new Error(
          `Checkout ${checkout.id} belongs to user ${checkout.userId}, its subscription names user ${event.subscription.userId}`,
        );
      }
      if (checkout !== null) await setCheckoutStatus(tx, checkout.id, 'complete', event.occurredAt);
      return syncSubscription(tx, event, now);
    }
    case 'subscription-changed':
      return syncSubscription(tx, event, now);
    case 'invoice-paid':
      return applyPayment(tx, event, true, now);
    case 'invoice-payment-failed':
      return applyPayment(tx, event, false, now);
  }
}
