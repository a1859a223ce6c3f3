import type { Queryable } from '@server/db/db';
import type { BillingFrequency } from '@/domain/plan-catalog';
import { findPlan } from '@server/repos/plans';
import { findUserForUpdate, setUserPlan } from '@server/repos/users';

/**
 * Who changes a user's plan: the payment provider's events (a checkout, a switch, a renewal on
 * another plan, the end of a subscription, the grace sweep's cancellation), or an operator with the
 * admin command (Enterprise after a sales contract, or any correction).
 */
export type PlanMover = 'payments' | 'operator';

export interface PlanChoice {
  readonly planId: number;
  readonly frequency: BillingFrequency;
}

/**
 * The one rule that decides whether a user's plan moves. Payments never touch an Enterprise plan
 * (it is arranged with sales, outside the provider) and leave the same plan and frequency alone (a
 * renewal keeps its quota cycle, which already runs monthly from its anchor). An operator's command
 * always applies and starts a new cycle, as the command says.
 */
export function planMoves(current: PlanChoice & { readonly planName: string | null }, target: PlanChoice, by: PlanMover): boolean {
  if (by === 'operator') return true;
  if (current.planName === 'Enterprise') return false;
  return current.planId !== target.planId || current.frequency !== target.frequency;
}

/**
 * Moves the user to `target` when `planMoves` says so, inside the caller's transaction, with the
 * user's row locked from the read to the write: two events (or an event and the sweep) for one user
 * apply one after the other, each on the plan the other left. A moved plan starts a new quota cycle
 * at `cycleStart`. True when the plan changed (the gateway's key cache must then drop the user's keys).
 */
export async function moveUserPlan(tx: Queryable, userId: number, target: PlanChoice, cycleStart: Date, by: PlanMover): Promise<boolean> {
  const user = await findUserForUpdate(tx, userId);
  if (user === null) return false;
  const plan = await findPlan(tx, user.planId);
  const current = { planId: user.planId, frequency: user.billingFrequency, planName: plan?.name ?? null };
  if (!planMoves(current, target, by)) return false;
  await setUserPlan(tx, userId, { planId: target.planId, frequency: target.frequency, now: cycleStart });
  return true;
}
