import { billingPeriods, type BillingFrequency } from './plan-catalog';

/**
 * Money as the API gives it: integer US cents (Plan.price, Invoice.amount, Checkout.amount).
 * Formatted with Intl, never with string arithmetic, so separators and the sign are right.
 */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 4900 → '$49.00'; 52920 → '$529.20'; 1234567 → '$12,345.67'. Not whole cents: a broken answer, shown as such. */
export function formatUsd(cents: number): string {
  if (!Number.isSafeInteger(cents)) return '—';
  // Divided once, for display only: every sum stays in integer cents.
  return usd.format(cents / 100);
}

/** What the plan cards say where a plan has no price: it is sold by contract. */
export const CONTACT_SALES = 'Contact sales';

/** 4900, MONTHLY → '$49.00 / month'; null (contact sales) → 'Contact sales'. */
export function priceLabel(cents: number | null, frequency: BillingFrequency): string {
  return cents === null ? CONTACT_SALES : `${formatUsd(cents)} / ${billingPeriods[frequency].period}`;
}

/**
 * Beside a yearly price, what it comes to a month: 52920, ANNUALY → '$44.10 / month'. Null for a
 * monthly price, a free plan or one by contract (nothing to compare).
 */
export function monthlyEquivalentLabel(cents: number | null, frequency: BillingFrequency): string | null {
  const { months } = billingPeriods[frequency];
  if (months === 1 || cents === null || cents <= 0) return null;
  return `${formatUsd(Math.round(cents / months))} / month`;
}
