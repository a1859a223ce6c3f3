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

function userIdOf(subscription: Stripe.Subscription, fallback: string | null): number {
  const raw = subscription.metadata[userIdKey] ?? fallback;
  const userId = raw === null ? Number.NaN : Number(raw);
  if (!Number.isSafeInteger(userId) || userId <= 0) {
    throw new UntranslatableStripeEvent(
      `Stripe subscription ${subscription.id} names no user of ours (metadata ${userIdKey}: ${raw ?? 'missing'}).`,
    );
  }
  return userId;
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
    currentPeriodStart: new Date(item.current_period_start * 1000),
    currentPeriodEnd: new Date(item.current_period_end * 1000),
    // cancel_at: the portal may schedule the end as a date instead of the period-end flag.
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
  };
}
