import type { BillingEvent } from '@server/payments/billing-events';
import type { OperationResult } from '@server/openapi/handler-types';
import type { components } from '@/api/schema';

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

/** The local test-mode provider's pages (mounted in local mode only). */
export interface TestModePages {
  checkoutPage(id: string): Promise<OperationResult<'testModeCheckoutPage'>>;
  pay(id: string, form: components['schemas']['TestModeCardForm']): Promise<OperationResult<'testModePay'>>;
  portalPage(token: string): Promise<OperationResult<'testModePortalPage'>>;
  portalAction(token: string, form: components['schemas']['TestModePortalForm']): Promise<OperationResult<'testModePortalAction'>>;
}
