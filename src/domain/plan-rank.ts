import { type PlanName, planCatalog, planNamed, planRank as rankOf } from './plan-catalog';

/**
 * Plan order and gating of SPEC.md §6 and §9, as the plan table (plan-catalog.ts) orders it. "Paid"
 * means any plan above the default one. A plan that is unknown or not loaded yet ranks as the
 * default plan, so nothing is unlocked before the user's plan is known.
 */
export const PLAN_ORDER: readonly PlanName[] = planCatalog.map((plan) => plan.name);
export type RankedPlan = PlanName;

/** 0 for the first plan (and for any unknown name), up to the last. */
export function planRank(plan: string | null | undefined): number {
  const row = planNamed(plan);
  return row === null ? 0 : rankOf(row);
}

/** True when the plan is `minimum` or a higher one. */
export function atLeast(plan: string | null | undefined, minimum: RankedPlan): boolean {
  return planRank(plan) >= planRank(minimum);
}

/** Any plan above the default one. */
export function isPaid(plan: string | null | undefined): boolean {
  return planRank(plan) > 0;
}
