import { planRank } from '@/domain/plan-rank';
import { planCatalog, priceCentsFor, type BillingFrequency, type CatalogPlan } from '@/domain/plan-catalog';

/** The provider's price list: the server's plan table, the paid plans sold at a price (not Free, not Enterprise). */
export const paidPlans: readonly CatalogPlan[] = planCatalog.filter((plan) => plan.monthlyPriceUsd !== null && plan.monthlyPriceUsd > 0);

export function paidPlan(planId: number): CatalogPlan | null {
  return paidPlans.find((plan) => plan.id === planId) ?? null;
}

export function planName(planId: number): string {
  return planCatalog.find((plan) => plan.id === planId)?.name ?? `plan ${planId}`;
}

/** US cents for one period of a paid plan. */
export function periodPriceCents(planId: number, frequency: BillingFrequency): number {
  const cents = priceCentsFor(paidPlan(planId)?.monthlyPriceUsd ?? null, frequency);
  if (cents === null) throw new Error(`Plan ${planId} has no price in the plan table`);
  return cents;
}

/** Is `target` above `current` in plan order (an upgrade, paid now)? */
export function isHigherPlan(target: number, current: number): boolean {
  return planRank(planName(target)) > planRank(planName(current));
}
