/**
 * What /billing and the dashboard say of a subscription's dates (SPEC.md is silent on these texts;
 * they follow the API's Subscription). Dates are ISO strings from the API; `timeZone` is the
 * reader's unless given (the tests fix it).
 */

/** 'March 7, 2025'; an unreadable date is shown as it came rather than as 'Invalid Date'. */
export function longDate(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', ...(timeZone ? { timeZone } : {}) }).format(date);
}

interface PeriodEnd {
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  status?: 'active' | 'past_due';
  graceEndsAt?: string | null;
}

/**
 * The current plan card's line: 'Renews on March 7, 2025', 'Ends on March 7, 2025 — back to Free'
 * once cancelled, and while a renewal is unpaid when the plan drops to Free (it renews no more).
 */
export function renewalText({ currentPeriodEnd, cancelAtPeriodEnd, status, graceEndsAt }: PeriodEnd, timeZone?: string): string {
  if (status === 'past_due') {
    return graceEndsAt ? `Payment due — back to Free on ${longDate(graceEndsAt, timeZone)} unless paid` : 'Payment due';
  }
  const day = longDate(currentPeriodEnd, timeZone);
  return cancelAtPeriodEnd ? `Ends on ${day} — back to Free` : `Renews on ${day}`;
}

export const PAST_DUE_TITLE = 'Your renewal payment failed';

/** The past-due banner's sentence: when the plan drops to Free unless the payment goes through. */
export function pastDueText(planName: string, graceEndsAt: string | null, timeZone?: string): string {
  const when = graceEndsAt === null ? 'soon' : `on ${longDate(graceEndsAt, timeZone)}`;
  return `We could not charge your card for the ${planName} plan. Update your payment method in the customer portal, or your plan drops to Free ${when}.`;
}
