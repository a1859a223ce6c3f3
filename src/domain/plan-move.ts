import { defaultPlanId, planNamed, type BillingFrequency } from './plan-catalog';

/**
 * The one rule that decides a user's plan, whoever moves it: the payment provider's events, the
 * grace sweep, or an operator with the admin command. The server applies it to the user's row,
 * locked, in the transaction that records the cause (server/repos/user-plan.ts).
 */

export interface PlanChoice {
  readonly planId: number;
  readonly frequency: BillingFrequency;
}

/** The user's plan now; its name as the plans table spells it (null when the id is not there). */
export interface CurrentPlan extends PlanChoice {
  readonly planName: string | null;
}

/** Why a plan may move. */
export type PlanCause =
  /** The provider's live subscription is on `plan`: a checkout, a switch, a renewal. */
  | { readonly kind: 'subscription'; readonly plan: PlanChoice }
  /** The subscription ended: cancelled at the provider, or by the grace sweep after a failed renewal. */
  | { readonly kind: 'subscription-ended' }
  /** An operator's command: Enterprise after a sales contract, or any correction. */
  | { readonly kind: 'operator'; readonly plan: PlanChoice };

/** Where an ended subscription leaves its user. */
export const planAfterSubscription: PlanChoice = { planId: defaultPlanId, frequency: 'MONTHLY' };

/**
 * The plan the user moves to, or null when it stays. Payments never touch a plan sold by contract
 * (Enterprise: arranged with sales, outside the provider) and leave the same plan and frequency alone (a
 * renewal keeps its quota cycle, which already runs monthly from its anchor). An operator's command
 * applies to any plan, Enterprise included, and is idempotent: the same plan and frequency again
 * changes nothing (the credit cycle goes on), so a command run twice does no more than once.
 */
export function nextPlan(current: CurrentPlan, cause: PlanCause): PlanChoice | null {
  const same = (target: PlanChoice) => current.planId === target.planId && current.frequency === target.frequency;
  if (cause.kind === 'operator') return same(cause.plan) ? null : cause.plan;
  if (planNamed(current.planName)?.sold === 'contract') return null;
  const target = cause.kind === 'subscription' ? cause.plan : planAfterSubscription;
  return same(target) ? null : target;
}
