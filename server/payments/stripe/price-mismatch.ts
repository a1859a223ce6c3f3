import type { PlanPrice } from '@server/payments/provider';
import { billingPeriods } from '@/domain/plan-catalog';

/** What of a Stripe price decides what it charges. */
export interface ChargedPrice {
  readonly id: string;
  readonly active: boolean;
  readonly currency: string;
  readonly unit_amount: number | null;
  readonly recurring: { readonly interval: string; readonly interval_count: number } | null;
}

/**
 * Why a Stripe price does not charge what our plan table says (the amount the dashboard showed),
 * or null when it does: USD, the same cents, recurring once a month or a year, active. A mismatch
 * is a configuration mistake; charging a customer another amount than shown is never right.
 */
export function priceMismatch(price: ChargedPrice, expected: PlanPrice): string | null {
  const what = `Stripe price ${price.id} (configured for ${expected.planName} ${expected.frequency})`;
  if (!price.active) return `${what} is archived.`;
  if (price.currency !== 'usd') return `${what} is in ${price.currency.toUpperCase()}; plans are billed in USD.`;
  if (price.unit_amount !== expected.amountCents) {
    return `${what} charges ${price.unit_amount ?? 'a variable amount of'} cents; the plan costs ${expected.amountCents} cents.`;
  }
  // Stripe names its intervals as our periods read: 'month', 'year'.
  const interval = billingPeriods[expected.frequency].period;
  if (price.recurring === null || price.recurring.interval !== interval || price.recurring.interval_count !== 1) {
    const actual = price.recurring === null ? 'once' : `every ${price.recurring.interval_count} ${price.recurring.interval}`;
    return `${what} is billed ${actual}; the plan is billed every 1 ${interval}.`;
  }
  return null;
}
