import { type BillingFrequency, type CatalogPlan, defaultPlan, listedPlans, planNamed, planRank } from './plan-catalog';
import { canUpgrade, dueToday, type DueToday } from './plan-change';

/** What these rules need of a plan of GET /plans. */
interface PricedPlan {
  name: string;
  billingFrequency: BillingFrequency;
}

/**
 * The plan cards for one frequency: the plan table's listed plans in its order, each once (GET /plans
 * answers every plan once per frequency). Plans the server does not offer are simply absent.
 */
export function plansToList<P extends PricedPlan>(plans: readonly P[], frequency: BillingFrequency): P[] {
  return listedPlans.flatMap(({ name }) => {
    const plan = plans.find((candidate) => candidate.name === name && candidate.billingFrequency === frequency);
    return plan ? [plan] : [];
  });
}

/**
 * Whether Upgrade is enabled on `target` for a user on `current`: only a plan above the current
 * one (the rule the server's subscribe applies too). While the user's plan is unknown, nothing is.
 */
export function upgradeEnabled(current: string | null | undefined, target: string): boolean {
  const from = planNamed(current);
  const to = planNamed(target);
  return from !== null && to !== null && canUpgrade(from.name, to.name);
}

/** SPEC.md §6: users on a plan sold by contract (Enterprise) see neither the plans list nor Upgrade. */
export function showsPlansList(current: string | null | undefined): boolean {
  return planNamed(current)?.sold !== 'contract';
}

/** The card of the user's own plan reads 'Current plan' instead of offering Upgrade. */
export function isCurrentPlan(current: string | null | undefined, target: string): boolean {
  return planNamed(current) !== null && current === target;
}

/**
 * What a plan card offers a user on `current`: Upgrade above it; 'current' on their own plan;
 * 'move-down' below it (through the customer portal: a lower plan from the end of the period, Free
 * by cancelling); 'none' while their plan is unknown, and for a plan sold by contract (Enterprise) on either side.
 */
export type PlanOffer = 'upgrade' | 'current' | 'move-down' | 'none';

export function planOffer(current: string | null | undefined, target: string): PlanOffer {
  const from = planNamed(current);
  const to = planNamed(target);
  if (from === null || to === null || [from, to].some(isContract)) return 'none';
  if (from === to) return 'current';
  if (canUpgrade(from.name, to.name)) return 'upgrade';
  return planRank(to) < planRank(from) ? 'move-down' : 'none';
}

/** How a lower plan is reached (the move-down button opens the customer portal). */
export function moveDownHint(target: string): string {
  return target === defaultPlan.name
    ? 'Cancel your plan in the customer portal: it stays until the end of the period, then you are on Free.'
    : `Switch to ${target} in the customer portal: it starts when your current period ends.`;
}

const isContract = (plan: CatalogPlan) => plan.sold === 'contract';

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
