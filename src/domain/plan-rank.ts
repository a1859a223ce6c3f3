/**
 * Plan order and gating of SPEC.md §6 and §9: Free < Developer < Business < Professional <
 * Enterprise. "Paid" means any plan above Free. A plan that is unknown or not loaded yet ranks as
 * Free, so nothing is unlocked before the user's plan is known.
 */
export const PLAN_ORDER = ['Free', 'Developer', 'Business', 'Professional', 'Enterprise'] as const;
export type RankedPlan = (typeof PLAN_ORDER)[number];

/** 0 for Free (and for any unknown name), up to 4 for Enterprise. */
export function planRank(plan: string | null | undefined): number {
  const names: readonly (string | null | undefined)[] = PLAN_ORDER;
  return Math.max(0, names.indexOf(plan));
}

/** True when the plan is `minimum` or a higher one. */
export function atLeast(plan: string | null | undefined, minimum: RankedPlan): boolean {
  return planRank(plan) >= planRank(minimum);
}

/** Any plan above Free. */
export function isPaid(plan: string | null | undefined): boolean {
  return atLeast(plan, 'Developer');
}
