import type { Frequency } from './money';
import { canUpgrade } from './plan-change';
import { PLAN_ORDER, type RankedPlan } from './plan-rank';

/** SPEC.md §9: the yearly switch's label. */
export const YEARLY_DISCOUNT_LABEL = '- 10%';

/** SPEC.md §9: the plans /billing offers, in this order (Enterprise is by contact, never in the list). */
export const LISTED_PLANS: readonly RankedPlan[] = ['Free', 'Developer', 'Business', 'Professional'];

/** What these rules need of a plan of GET /plans. */
interface PricedPlan {
  name: string;
  billingFrequency: Frequency;
}

/** The plan name as one of the ranked names, or null for a name this dashboard does not know. */
export function rankedPlan(name: string | null | undefined): RankedPlan | null {
  return PLAN_ORDER.find((plan) => plan === name) ?? null;
}

/**
 * The plan cards for one frequency: the listed plans in SPEC.md's order, each once (GET /plans
 * answers every plan once per frequency). Plans the server does not offer are simply absent.
 */
export function plansToList<P extends PricedPlan>(plans: readonly P[], frequency: Frequency): P[] {
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
