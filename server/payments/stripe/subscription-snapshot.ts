import type Stripe from 'stripe';
import type { SubscriptionSnapshot, SubscriptionStatus } from '@server/payments/billing-events';
import type { PriceIds } from '@server/payments/stripe/price-ids';
import { UntranslatableStripeEvent } from '@server/payments/stripe/stripe-errors';
import { subscriptionStatusOf } from '@server/payments/stripe/subscription-status';

/** The metadata key our checkouts put on the subscription (subscription_data.metadata). */
export const userIdKey = 'userId';

export function idOf(value: string | { readonly id: string }): string {
  return typeof value === 'string' ? value : value.id;
}

/** The largest id a users row can have (PostgreSQL integer). */
const maxUserId = 2_147_483_647;

function userIdOf(subscription: Stripe.Subscription, fallback: string | null): number {
  const raw = subscription.metadata[userIdKey] ?? fallback;
  // Only the digits our checkouts write: "1e3", " 12", "12.0" or "0x1f" name no user of ours.
  const userId = raw !== null && /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(userId <= maxUserId)) {
    throw new UntranslatableStripeEvent(
      `Stripe subscription ${subscription.id} names no user of ours (metadata ${userIdKey}: ${raw ?? 'missing'}).`,
    );
  }
  return userId;
}

/** A Unix time of Stripe's as a Date; anything that is not one (1e20, -1, 1.5) makes the event untranslatable. */
export function stripeTime(seconds: number, what: string): Date {
  const date = new Date(seconds * 1000);
  if (!Number.isSafeInteger(seconds) || seconds < 0 || Number.isNaN(date.getTime())) {
    throw new UntranslatableStripeEvent(`The Stripe event's ${what} (${seconds}) is not a time.`);
  }
  return date;
}

/** Our subscriptions have one item: the plan's price. */
export function onlyItemOf(subscription: Stripe.Subscription): Stripe.SubscriptionItem {
  const [item, ...others] = subscription.items.data;
  if (item === undefined || others.length > 0) {
    throw new UntranslatableStripeEvent(
      `Stripe subscription ${subscription.id} has ${subscription.items.data.length} items; ours have one (the plan's price).`,
    );
  }
  return item;
}

/**
 * The subscription as billing-events.ts describes it; null when its status is not one billing acts
 * on ('incomplete'). The plan comes from the item's price, not from the metadata: a switch in the
 * customer portal changes the price and leaves the checkout's metadata as it was.
 * `forcedStatus`: a deleted subscription is canceled whatever the object says.
 */
export function snapshotOf(
  subscription: Stripe.Subscription,
  prices: PriceIds,
  options: { readonly userIdFallback?: string | null; readonly forcedStatus?: SubscriptionStatus } = {},
): SubscriptionSnapshot | null {
  const status = options.forcedStatus ?? subscriptionStatusOf(subscription.status);
  if (status === null) return null;
  const item = onlyItemOf(subscription);
  const plan = prices.planOf(item.price.id);
  if (plan === null) {
    throw new UntranslatableStripeEvent(
      `Stripe subscription ${subscription.id} is on price ${item.price.id}, which is none of the configured STRIPE_PRICE_* ids.`,
    );
  }
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer),
    userId: userIdOf(subscription, options.userIdFallback ?? null),
    planId: plan.planId,
    frequency: plan.frequency,
    status,
    currentPeriodStart: stripeTime(item.current_period_start, 'current_period_start'),
    currentPeriodEnd: stripeTime(item.current_period_end, 'current_period_end'),
    // cancel_at: the portal may schedule the end as a date instead of the period-end flag.
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
  };
}
