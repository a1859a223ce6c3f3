import type { SubscriptionStatus } from '@server/payments/billing-events';
import { parseBillingFrequency, type BillingFrequency } from '@/domain/plan-catalog';

/** The text columns of the local tables, checked back into their types (the tables' CHECKs say the same). */
export function frequencyOf(value: string): BillingFrequency {
  const frequency = parseBillingFrequency(value);
  if (frequency === null) throw new Error(`Unknown billing frequency in the test-mode tables: ${value}`);
  return frequency;
}

export function statusOf(value: string): SubscriptionStatus {
  if (value === 'active' || value === 'past_due' || value === 'canceled') return value;
  throw new Error(`Unknown subscription status in the test-mode tables: ${value}`);
}
