import type { BillingEvent } from '@server/payments/billing-events';

/** What the webhook operation needs of the Stripe adapter. */
export interface StripeWebhook {
  /**
   * Verifies the Stripe-Signature header over the raw body and translates the event; null for an
   * event type billing does not use. Throws WebhookRefused for a missing, bad or stale signature.
   */
  verifyEvent(rawBody: string, signature: string): Promise<BillingEvent | null>;
}

/** A webhook that is not Stripe's (or not for this endpoint's secret): answered 400, never applied. */
export class WebhookRefused extends Error {
  override readonly name = 'WebhookRefused';
}

/**
 * A verified Stripe event billing cannot translate (a price this server was not configured with, a
 * subscription without our user in its metadata): a configuration mistake to fix, not a request to
 * ignore, so the webhook answers an error and Stripe delivers the event again later.
 */
export class UntranslatableStripeEvent extends Error {
  override readonly name = 'UntranslatableStripeEvent';
}
