import type { Queryable } from '@server/db/db';
import { billingPeriods, type BillingFrequency } from '@/domain/plan-catalog';
import { billingPeriod } from '@server/payments/local/billing-period';
import { localId } from '@server/payments/local/ids';
import { periodPriceCents, planName } from '@server/payments/local/price-list';
import type { CheckoutSession } from '@server/payments/local/store/checkout-sessions';
import { recordLocalEvent } from '@server/payments/local/store/events';
import { insertInvoice, payOpenInvoices, voidInvoices } from '@server/payments/local/store/invoices';
import { saveLocalSubscription, snapshotOf, type LocalSubscription } from '@server/payments/local/store/subscriptions';

/**
 * What happens to a test-mode subscription, each inside the caller's transaction (which holds the
 * subscription's row lock): the records change and the events for the billing service are written
 * to the outbox, to be delivered once the transaction commits.
 */

const describe = (planId: number, frequency: BillingFrequency) => `${planName(planId)} plan, billed ${billingPeriods[frequency].adverb}`;

/** A subscription whose periods count from `now`, on this plan and frequency. */
function fromNow(now: Date, planId: number, frequency: BillingFrequency) {
  const period = billingPeriod(now, frequency, 0);
  return { planId, frequency, anchor: now, periodIndex: 0, currentPeriodStart: period.start, currentPeriodEnd: period.end };
}

/** The period after the current one, counted from the same anchor. */
function nextPeriod(subscription: LocalSubscription, planId: number) {
  const periodIndex = subscription.periodIndex + 1;
  const period = billingPeriod(subscription.anchor, subscription.frequency, periodIndex);
  return {
    planId,
    frequency: subscription.frequency,
    anchor: subscription.anchor,
    periodIndex,
    currentPeriodStart: period.start,
    currentPeriodEnd: period.end,
  };
}

/** A paid checkout: a new subscription, or (kind 'change') the customer's one moved to the higher plan from today. */
export async function completeCheckout(
  tx: Queryable,
  session: CheckoutSession,
  changing: LocalSubscription | null,
  cardLast4: string,
  now: Date,
): Promise<LocalSubscription> {
  const subscription: LocalSubscription = {
    id: changing?.id ?? localId('lsub'),
    customerId: session.customerId,
    userId: session.userId,
    status: 'active',
    ...fromNow(now, session.planId, session.frequency),
    cancelAtPeriodEnd: false,
    scheduled: null,
    cardLast4,
  };
  await saveLocalSubscription(tx, subscription, now);
  // A past-due period's unpaid invoice was not credited in the change's price: it is no longer owed.
  if (changing?.status === 'past_due') await voidInvoices(tx, subscription.id, 'open');
  const description =
    session.kind === 'change'
      ? `Change to ${describe(session.planId, session.frequency)} (prorated)`
      : describe(session.planId, session.frequency);
  await insertInvoice(
    tx,
    { customerId: session.customerId, subscriptionId: subscription.id, description, amountCents: session.amountCents, paid: true },
    now,
  );
  await recordLocalEvent(tx, { kind: 'checkout-completed', checkoutId: session.id, subscription: snapshotOf(subscription) }, now);
  await recordLocalEvent(tx, { kind: 'invoice-paid', subscriptionId: subscription.id }, now);
  return subscription;
}

/**
 * The end of a period: a subscription cancelled at period end ends; any other renews on its
 * scheduled plan (if a switch waits) and is invoiced, paid or (declined) left open and past due.
 * `from` 'period-end' continues the periods from the anchor (time passed); 'now' is the test
 * clock, which ends the current period early, so the new one starts now.
 */
export async function renewSubscription(
  tx: Queryable,
  subscription: LocalSubscription,
  options: { readonly declined: boolean; readonly from: 'period-end' | 'now' },
  now: Date,
): Promise<LocalSubscription> {
  if (subscription.status === 'canceled') return subscription;
  if (subscription.cancelAtPeriodEnd) {
    const ended: LocalSubscription = { ...subscription, status: 'canceled', scheduled: null };
    await saveLocalSubscription(tx, ended, now);
    await voidInvoices(tx, subscription.id, 'open');
    await recordLocalEvent(tx, { kind: 'subscription-changed', subscription: snapshotOf(ended) }, now);
    return ended;
  }
  const planId = subscription.scheduled?.planId ?? subscription.planId;
  const frequency = subscription.scheduled?.frequency ?? subscription.frequency;
  const periods =
    options.from === 'now'
      ? fromNow(now, planId, frequency)
      : frequency === subscription.frequency
        ? nextPeriod(subscription, planId)
        : fromNow(subscription.currentPeriodEnd, planId, frequency);
  const renewed: LocalSubscription = {
    ...subscription,
    ...periods,
    status: options.declined ? 'past_due' : 'active',
    scheduled: null,
  };
  await saveLocalSubscription(tx, renewed, now);
  await insertInvoice(
    tx,
    {
      customerId: subscription.customerId,
      subscriptionId: subscription.id,
      description: `Renewal: ${describe(planId, frequency)}`,
      amountCents: periodPriceCents(planId, frequency),
      paid: !options.declined,
    },
    now,
  );
  if (options.declined) {
    await recordLocalEvent(tx, { kind: 'invoice-payment-failed', subscriptionId: subscription.id }, now);
    await recordLocalEvent(tx, { kind: 'subscription-changed', subscription: snapshotOf(renewed) }, now);
  } else {
    await recordLocalEvent(tx, { kind: 'subscription-changed', subscription: snapshotOf(renewed) }, now);
    await recordLocalEvent(tx, { kind: 'invoice-paid', subscriptionId: subscription.id }, now);
  }
  return renewed;
}

/** Saves a change of the subscription's terms and tells the billing service. */
async function change(tx: Queryable, changed: LocalSubscription, now: Date): Promise<void> {
  await saveLocalSubscription(tx, changed, now);
  await recordLocalEvent(tx, { kind: 'subscription-changed', subscription: snapshotOf(changed) }, now);
}

/** Cancel at period end: the plan stays until then (a scheduled switch no longer applies). */
export async function cancelAtPeriodEnd(tx: Queryable, subscription: LocalSubscription, now: Date): Promise<void> {
  await change(tx, { ...subscription, cancelAtPeriodEnd: true, scheduled: null }, now);
}

export async function resumeSubscription(tx: Queryable, subscription: LocalSubscription, now: Date): Promise<void> {
  await change(tx, { ...subscription, cancelAtPeriodEnd: false }, now);
}

/** A lower plan (or the other frequency) from the next period; the current plan and frequency: no switch waits. */
export async function scheduleSwitch(
  tx: Queryable,
  subscription: LocalSubscription,
  target: { readonly planId: number; readonly frequency: BillingFrequency },
  now: Date,
): Promise<void> {
  const same = target.planId === subscription.planId && target.frequency === subscription.frequency;
  // Choosing a plan to continue on undoes a cancellation at period end.
  await change(tx, { ...subscription, cancelAtPeriodEnd: false, scheduled: same ? null : target }, now);
}

/** Pays the open invoice with the card on file (it succeeds): active again. */
export async function retryPayment(tx: Queryable, subscription: LocalSubscription, now: Date): Promise<void> {
  await payOpenInvoices(tx, subscription.id, now);
  const active: LocalSubscription = { ...subscription, status: 'active' };
  await saveLocalSubscription(tx, active, now);
  await recordLocalEvent(tx, { kind: 'invoice-paid', subscriptionId: subscription.id }, now);
  await recordLocalEvent(tx, { kind: 'subscription-changed', subscription: snapshotOf(active) }, now);
}

/** Ends the subscription at once; `refund` gives its paid invoices back (they become void), else open ones are dropped. */
export async function cancelNow(tx: Queryable, subscription: LocalSubscription, refund: boolean, now: Date): Promise<void> {
  if (subscription.status === 'canceled') return;
  await voidInvoices(tx, subscription.id, refund ? 'paid-and-open' : 'open');
  await change(tx, { ...subscription, status: 'canceled', cancelAtPeriodEnd: false, scheduled: null }, now);
}

/** A new card on file (the renewals are charged to it); a past-due subscription's open invoice is paid with it at once. */
export async function replaceCard(tx: Queryable, subscription: LocalSubscription, cardLast4: string, now: Date): Promise<void> {
  const replaced: LocalSubscription = { ...subscription, cardLast4 };
  await saveLocalSubscription(tx, replaced, now);
  if (subscription.status === 'past_due') await retryPayment(tx, replaced, now);
}
