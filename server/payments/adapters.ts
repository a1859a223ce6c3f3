import type { BillingEvent } from '@server/payments/billing-events';
import type { OperationResult } from '@server/openapi/handler-types';
import type { components, operations } from '@/api/schema';

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

/** The local test-mode provider's pages (mounted in local mode only). */
export interface TestModePages {
  checkoutPage(id: string): Promise<OperationResult<'testModeCheckoutPage'>>;
  pay(id: string, form: components['schemas']['TestModeCardForm']): Promise<OperationResult<'testModePay'>>;
  /** `notice`: what the action that led here did (its redirect names it). */
  portalPage(token: string, notice?: PortalNotice): Promise<OperationResult<'testModePortalPage'>>;
  portalAction(token: string, form: components['schemas']['TestModePortalForm']): Promise<OperationResult<'testModePortalAction'>>;
  /** An invoice as a receipt (the invoices' url). */
  receiptPage(invoiceId: string): Promise<OperationResult<'testModeReceiptPage'>>;
}

type PortalNotice = NonNullable<NonNullable<operations['testModePortalPage']['parameters']['query']>['notice']>;

/** The local test-mode provider as the API mounts it. */
export interface TestMode {
  readonly pages: TestModePages;
  /** The pages' own Content-Security-Policy (their stylesheet by hash; forms may go on to the dashboard). */
  readonly contentSecurityPolicy: string;
  /** Renews every subscription whose period ended (the server calls it every minute; tests when they move the clock). */
  renewDue(now?: Date): Promise<number>;
}
