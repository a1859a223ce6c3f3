import type { BillingFrequency, PlanName } from '@/domain/plan-catalog';

/**
 * One payment provider, two adapters: Stripe (server/payments/stripe/) when STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET are set, and the local test-mode provider (server/payments/local/) otherwise.
 * The billing service (server/payments/billing.ts) is all the API talks to; it never learns which
 * adapter it has. Adapters report what happened as BillingEvents (billing-events.ts) through
 * `BillingEventSink`, Stripe from its verified webhooks, the local one from its own pages.
 * Every amount is in integer US cents.
 */

export type ProviderName = 'stripe' | 'local';

/** A paid plan at one billing frequency, priced from the plan table (src/domain/plan-catalog.ts). */
export interface PlanPrice {
  readonly planId: number;
  readonly planName: PlanName;
  readonly frequency: BillingFrequency;
  /** US cents for one billing period. */
  readonly amountCents: number;
}

export interface CustomerRequest {
  readonly userId: number;
  readonly email: string;
}

export interface CheckoutRequest {
  readonly userId: number;
  /** The provider's customer of this user (ensureCustomer). */
  readonly customerId: string;
  readonly price: PlanPrice;
  /** Where the browser goes once paid (the dashboard's return page, our checkout id in it). */
  readonly successUrl: string;
  /** Where it goes when the user gives up. */
  readonly cancelUrl: string;
}

/** A paying user's upgrade: their one subscription changes plan (never a second subscription). */
export interface ChangeRequest {
  readonly userId: number;
  readonly customerId: string;
  readonly subscriptionId: string;
  /** The plan the subscription is on now. */
  readonly current: PlanPrice;
  readonly price: PlanPrice;
  readonly successUrl: string;
  readonly cancelUrl: string;
}

export interface StartedCheckout {
  /** The provider's id of this checkout (Stripe: cs_… or the portal flow's bps_…; local: lco_…). */
  readonly id: string;
  /** Where the browser pays (or confirms the change). */
  readonly url: string;
  readonly expiresAt: Date;
}

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';

export interface InvoiceRecord {
  readonly id: string;
  readonly number: string | null;
  readonly date: Date;
  readonly amountCents: number;
  readonly currency: 'USD';
  readonly status: InvoiceStatus;
  readonly url: string | null;
  readonly pdfUrl: string | null;
}

/** Thrown by an adapter when the provider does not answer or refuses: the API answers 502 with the message. */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** The provider's customer for this user, created on first use. The billing service stores the id. */
  createCustomer(request: CustomerRequest): Promise<string>;
  /** A checkout that creates a subscription once paid (reported as a 'checkout-completed' event). */
  startCheckout(request: CheckoutRequest): Promise<StartedCheckout>;
  /** A page where a paying user confirms (and pays for) the change of their subscription to a higher plan. */
  startChange(request: ChangeRequest): Promise<StartedCheckout>;
  /** Ends an open checkout so it can no longer be paid (a newer one replaced it). Already ended: no error. */
  expireCheckout(checkoutId: string): Promise<void>;
  /**
   * Where a checkout stands at the provider: still payable, paid (its event is on its way or
   * applied), or ended without payment (timed out, or replaced, e.g. by a plan switch in the portal).
   */
  checkoutState(checkoutId: string): Promise<ProviderCheckoutState>;
  /** The customer portal: invoices, plan switch, cancel at period end. */
  portalUrl(customerId: string, returnUrl: string): Promise<string>;
  /** The customer's invoices, newest first. */
  listInvoices(customerId: string): Promise<InvoiceRecord[]>;
  /**
   * Cancels a subscription at once: a grace period ended unpaid, or a duplicate subscription
   * (`refund`: its first payment is given back). Reported later as a 'subscription-changed' event too.
   */
  cancelSubscription(subscriptionId: string, options: { readonly refund: boolean }): Promise<void>;
  /**
   * Ends a subscription whose grace period ran out, only if it is still unpaid at the provider:
   * 'not-past-due' when a payment (or a change to a paid plan) reached the provider first, whose
   * event is then on its way; 'canceled' when it is cancelled now or was already. The provider
   * decides under its own lock, so a retried payment and this cancellation never both succeed.
   */
  cancelUnpaid(subscriptionId: string): Promise<UnpaidCancellation>;
}

export type UnpaidCancellation = 'canceled' | 'not-past-due';

export type ProviderCheckoutState = 'open' | 'complete' | 'expired';
