import type { Schemas } from '@/api/client';
import { type BillingFrequency, type PlanName, planOf, priceCentsFor } from '@/domain/plan-catalog';
import type { AccountPlan } from '@/domain/project-settings';

/** GET /users/plan's answer for a plan of the table, as the server gives it (figures and entitlements from src/domain/plan-catalog.ts). */
export function userPlanOf(name: PlanName, billingFrequency: BillingFrequency = 'MONTHLY'): Schemas['UserPlan'] {
  const plan = planOf(name);
  return {
    id: plan.id,
    name,
    description: plan.description,
    price: priceCentsFor(plan.monthlyPriceUsd, billingFrequency),
    credit: plan.creditsPerMonth,
    rate: plan.ratePerSecond,
    maxKey: plan.maxKeys,
    billingFrequency,
    entitlements: plan.entitlements,
  };
}

/** What the settings screen's machine is told of an account on `name`. */
export function accountPlanOf(name: PlanName): AccountPlan {
  return { name, entitlements: planOf(name).entitlements };
}
