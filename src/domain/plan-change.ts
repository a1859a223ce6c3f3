import { type PlanName, planOf, planRank } from './plan-catalog';

/**
 * Why a checkout to `target` is refused for a user on `current`, or null when it is an upgrade
 * that may be paid for: only a plan above the current one, never the default plan (Free: nothing to
 * pay; cancel in the portal) nor one sold by contract (Enterprise: arranged with sales), and nothing
 * for a user on a plan sold by contract.
 * The server refuses the same cases that the dashboard's Upgrade buttons disable.
 */
export type UpgradeRefusal = 'enterprise-user' | 'enterprise-plan' | 'free-plan' | 'same-plan' | 'lower-plan';

export function upgradeRefusal(currentName: PlanName, targetName: PlanName): UpgradeRefusal | null {
  const current = planOf(currentName);
  const target = planOf(targetName);
  if (current.sold === 'contract') return 'enterprise-user';
  if (target.sold === 'contract') return 'enterprise-plan';
  if (target.sold === 'default') return 'free-plan';
  if (target === current) return 'same-plan';
  if (planRank(target) < planRank(current)) return 'lower-plan';
  return null;
}

export const canUpgrade = (current: PlanName, target: PlanName): boolean => upgradeRefusal(current, target) === null;

/**
 * What a change to a higher plan charges now: the new plan's price for a whole new period (it
 * starts now) less the unused part of the period already paid for, in integer cents. The credit is
 * the old price times the unused share of its period; the result is floored (a fraction of a cent
 * goes to the customer) and never below zero (no credit balance is kept). The test-mode provider
 * charges it; the Upgrade modal shows it before the payment page does.
 */
export function proratedChangeCents(change: {
  readonly newPriceCents: number;
  readonly oldPriceCents: number;
  readonly periodStart: Date;
  readonly periodEnd: Date;
  readonly now: Date;
}): number {
  const { newPriceCents, oldPriceCents, periodStart, periodEnd, now } = change;
  const total = BigInt(Math.max(0, periodEnd.getTime() - periodStart.getTime()));
  if (total === 0n) return newPriceCents;
  const unused = BigInt(Math.min(Math.max(0, periodEnd.getTime() - now.getTime()), periodEnd.getTime() - periodStart.getTime()));
  // BigInt: a year's price in cents times a year in milliseconds is past 2^53.
  const numerator = BigInt(newPriceCents) * total - BigInt(oldPriceCents) * unused;
  if (numerator <= 0n) return 0;
  return Number(numerator / total);
}

/** The paid subscription an upgrade changes, as GET /users/subscription tells it, with its plan's price (cents a period). */
export interface PaidPeriod {
  readonly priceCents: number;
  readonly status: 'active' | 'past_due';
  readonly currentPeriodStart: string;
  readonly currentPeriodEnd: string;
}

export interface DueToday {
  readonly cents: number;
  /** Less the unused part of the current period (a paying user's change). */
  readonly prorated: boolean;
}

/**
 * What Upgrade to a plan costing `targetCents` a period charges today: the whole price for a new
 * subscriber; for a paying one, the price less the unused part of the current period (nothing of a
 * past-due period, which was never paid). Null when a date is unreadable.
 */
export function dueToday(targetCents: number, current: PaidPeriod | null, now: Date): DueToday | null {
  if (current === null) return { cents: targetCents, prorated: false };
  const periodStart = new Date(current.currentPeriodStart);
  const periodEnd = new Date(current.currentPeriodEnd);
  if (Number.isNaN(periodStart.getTime()) || Number.isNaN(periodEnd.getTime())) return null;
  const oldPriceCents = current.status === 'past_due' ? 0 : current.priceCents;
  return { cents: proratedChangeCents({ newPriceCents: targetCents, oldPriceCents, periodStart, periodEnd, now }), prorated: true };
}
