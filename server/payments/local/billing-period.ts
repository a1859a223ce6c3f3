import { addMonths } from '@server/metering/cycle';
import { billingPeriods, type BillingFrequency } from '@/domain/plan-catalog';

/**
 * Period `index` (0 = the first) of a subscription anchored at `anchor`: counted from the anchor,
 * not from the previous end, so a subscription started on the 31st ends on each month's last day
 * and comes back to the 31st (Jan 31 → Feb 28 → Mar 31), as Stripe's billing anchor does.
 */
export function billingPeriod(anchor: Date, frequency: BillingFrequency, index: number): { start: Date; end: Date } {
  const { months } = billingPeriods[frequency];
  return { start: addMonths(anchor, index * months), end: addMonths(anchor, (index + 1) * months) };
}
