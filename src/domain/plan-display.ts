import { defaultPlan, planNamed } from './plan-catalog';

/**
 * How a plan's figures read on screen (SPEC.md "/ Dashboard", §9). In the contract null means
 * unlimited for credit, rate and maxKey, never a magic number.
 */
export const UNLIMITED = 'Unlimited';

const numbers = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 'Developer Plan'; 'Free Plan' while the plan is unknown (not loaded, or the user has none). */
export function planLabel(planName: string | null | undefined): string {
  return `${planName || defaultPlan.name} Plan`;
}

/** 1500000 → '1,500,000'; null → 'Unlimited'. */
export function formatLimit(value: number | null): string {
  return value === null ? UNLIMITED : numbers.format(value);
}

/** Credits left in the cycle, never negative; null when the plan's credit is unlimited. */
export function creditsAvailable(credit: number | null, used: number): number | null {
  return credit === null ? null : Math.max(0, credit - Math.max(0, used));
}

/** Share of the plan's credits used, 0-100 (capped: SPEC.md §9); null when credit is unlimited. */
export function usagePercent(used: number, credit: number | null): number | null {
  if (credit === null) return null;
  const spent = Math.max(0, used);
  if (credit <= 0) return spent > 0 ? 100 : 0;
  return Math.min(100, (spent / credit) * 100);
}

/**
 * The share of the plan's credits used, as every screen writes it: '0%' when nothing is used, '<1%'
 * for a little (2,220 of 1,500,000 is not 0%), whole percents from 1 to 99, '>99%' while some credit
 * remains above 99 % (99.6 % must not read 100% while calls still go through), and '100%' only once
 * the credits are used up. Null when the credit is unlimited.
 */
export function formatUsagePercent(used: number, credit: number | null): string | null {
  const percent = usagePercent(used, credit);
  if (percent === null) return null;
  if (percent === 0) return '0%';
  if (percent < 1) return '<1%';
  if (percent >= 100) return '100%';
  if (percent > 99) return '>99%';
  return `${Math.round(percent)}%`;
}

/** Upgrade Plan leads to /billing for every plan except one sold by contract (Enterprise). */
export function canUpgrade(planName: string | null | undefined): boolean {
  return planNamed(planName)?.sold !== 'contract';
}
