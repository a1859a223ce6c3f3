import { planRank, type RankedPlan } from './plan-rank';

/**
 * Why a checkout to `target` is refused for a user on `current`, or null when it is an upgrade
 * that may be paid for: only a plan above the current one, never Free (nothing to pay; cancel in
 * the portal) nor Enterprise (by contract with sales), and nothing for an Enterprise user.
 * The server refuses the same cases that the dashboard's Upgrade buttons disable.
 */
export type UpgradeRefusal = 'enterprise-user' | 'enterprise-plan' | 'free-plan' | 'same-plan' | 'lower-plan';

export function upgradeRefusal(current: RankedPlan, target: RankedPlan): UpgradeRefusal | null {
  if (current === 'Enterprise') return 'enterprise-user';
  if (target === 'Enterprise') return 'enterprise-plan';
  if (target === 'Free') return 'free-plan';
  if (target === current) return 'same-plan';
  if (planRank(target) < planRank(current)) return 'lower-plan';
  return null;
}

export const canUpgrade = (current: RankedPlan, target: RankedPlan): boolean => upgradeRefusal(current, target) === null;
