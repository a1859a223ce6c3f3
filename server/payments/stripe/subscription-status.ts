import type { SubscriptionStatus } from '@server/payments/billing-events';

/**
 * Our status of a Stripe subscription status; null = not a state billing acts on. 'incomplete' is a
 * first payment still under way (its outcome arrives as another event); a status this code does not
 * know is not guessed at.
 */
export function subscriptionStatusOf(stripeStatus: string): SubscriptionStatus | null {
  switch (stripeStatus) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
    // Paused: a trial ended without a payment method, so nothing is being paid.
    case 'paused':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    default:
      return null;
  }
}
