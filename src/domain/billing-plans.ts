import type { BillingFrequency } from './plan-catalog';
import { canUpgrade, dueToday, type DueToday } from './plan-change';
import { PLAN_ORDER, planRank, type RankedPlan } from './plan-rank';

/** SPEC.md §9: the yearly switch's label. */
export const YEARLY_DISCOUNT_LABEL = '- 10%';

/** SPEC.md §9: the plans /billing offers, in this order (Enterprise is by contact, never in the list). */
export const LISTED_PLANS: readonly RankedPlan[] = ['Free', 'Developer', 'Business', 'Professional'];

/** What these rules need of a plan of GET /plans. */
interface PricedPlan {
  name: string;
  billingFrequency: BillingFrequency;
}

/** The plan name as one of the ranked names, or null for a name this dashboard does not know. */
export function rankedPlan(name: string | null | undefined): RankedPlan | null {
  return PLAN_ORDER.find((plan) => plan === name) ?? null;
}

/**
 * The plan cards for one frequency: the listed plans in SPEC.md's order, each once (GET /plans
 * answers every plan once per frequency). Plans the server does not offer are simply absent.
 */
export function plansToList<P extends PricedPlan>(plans: readonly P[], frequency: BillingFrequency): P[] {
  return LISTED_PLANS.flatMap((name) => {
    const plan = plans.find((candidate) => candidate.name === name && candidate.billingFrequency === frequency);
    return plan ? [plan] : [];
  });
}

/**
 * Whether Upgrade is enabled on `target` for a user on `current`: only a plan above the current
 * one (the rule the server's subscribe applies too). While the user's plan is unknown, nothing is.
 */
export function upgradeEnabled(current: string | null | undefined, target: string): boolean {
  const from = rankedPlan(current);
  const to = rankedPlan(target);
  return from !== null && to !== null && canUpgrade(from, to);
}

/** SPEC.md §6: Enterprise users see neither the plans list nor Upgrade. */
export function showsPlansList(current: string | null | undefined): boolean {
  return rankedPlan(current) !== 'Enterprise';
}

/** The card of the user's own plan reads 'Current plan' instead of offering Upgrade. */
export function isCurrentPlan(current: string | null | undefined, target: string): boolean {
  return rankedPlan(current) !== null && current === target;
}

/**
 * What a plan card offers a user on `current`: Upgrade above it; 'current' on their own plan;
 * 'move-down' below it (through the customer portal: a lower plan from the end of the period, Free
 * by cancelling); 'none' while their plan is unknown, and for Enterprise on either side.
 */
export type PlanOffer = 'upgrade' | 'current' | 'move-down' | 'none';

export function planOffer(current: string | null | undefined, target: string): PlanOffer {
  const from = rankedPlan(current);
  const to = rankedPlan(target);
  if (from === null || to === null || from === 'Enterprise' || to === 'Enterprise') return 'none';
  if (from === to) return 'current';
  if (canUpgrade(from, to)) return 'upgrade';
  return planRank(to) < planRank(from) ? 'move-down' : 'none';
}

/** How a lower plan is reached (the move-down button opens the customer portal). */
export function moveDownHint(target: string): string {
  return target === 'Free'
    ? 'Cancel your plan in the customer portal: it stays until the end of the period, then you are on Free.'
    : `Switch to ${target} in the customer portal: it starts when your current period ends.`;
}

/** What these rules need of GET /users/subscription's subscription. */
interface SubscribedPeriod {
  planId: number;
  frequency: BillingFrequency;
  status: 'active' | 'past_due';
  currentPeriodStart: string;
  currentPeriodEnd: string;
}

/**
 * What the Upgrade modal says is due today for `target`, as the payment page will charge it: the
 * price for a new subscriber (`subscription` null), the prorated change for a paying one (their
 * plan's price from the same plans list). Null while the subscription or a price is not known.
 */
export function upgradeDueToday(
  target: { price: number | null },
  plans: readonly { id: number; billingFrequency: BillingFrequency; price: number | null }[] | undefined,
  subscription: SubscribedPeriod | null | undefined,
  now: Date,
): DueToday | null {
  if (target.price === null || subscription === undefined) return null;
  if (subscription === null) return dueToday(target.price, null, now);
  const paying = plans?.find((plan) => plan.id === subscription.planId && plan.billingFrequency === subscription.frequency);
  if (paying === undefined || paying.price === null) return null;
  return dueToday(target.price, { ...subscription, priceCents: paying.price }, now);
}
