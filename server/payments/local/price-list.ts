import {
  cardPlans,
  catalogPlan,
  planCatalog,
  planRank,
  priceCentsFor,
  type BillingFrequency,
  type CatalogPlan,
} from '@/domain/plan-catalog';

/** A plan of the provider's price list: the plan table's plans sold by card (not Free, not Enterprise). */
export function paidPlan(planId: number): CatalogPlan | null {
  return cardPlans.find((plan) => plan.id === planId) ?? null;
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
  return planRank(catalogPlan(target)) > planRank(catalogPlan(current));
}
