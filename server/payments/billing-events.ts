import type { BillingFrequency } from '@/domain/plan-catalog';
import type { ProviderName } from '@server/payments/provider';

/**
 * What a payment provider reports, in one shape for both adapters: the Stripe adapter translates
 * its verified webhook events into these, the local test-mode provider emits them itself. The
 * billing service applies them (apply-event.ts): each event id once, and never a state older than
 * the one stored (`occurredAt`), so replays and out-of-order deliveries change nothing wrongly.
 */

export type SubscriptionStatus = 'active' | 'past_due' | 'canceled';

/** The subscription as the provider has it at `occurredAt`. */
export interface SubscriptionSnapshot {
  /** The provider's id (Stripe sub_…, local lsub_…). */
  readonly id: string;
  readonly customerId: string;
  /** Our user, as recorded in the subscription's metadata at checkout. */
  readonly userId: number;
  /** Our plan id, from the price (Stripe: the configured price ids; local: its own record). */
  readonly planId: number;
  readonly frequency: BillingFrequency;
  readonly status: SubscriptionStatus;
  readonly currentPeriodStart: Date;
  readonly currentPeriodEnd: Date;
  readonly cancelAtPeriodEnd: boolean;
}

interface EventBase {
  readonly provider: ProviderName;
  /** The provider's event id (Stripe evt_…): handled once. */
  readonly id: string;
  /** When the provider created the event (Stripe: `created`, whole seconds). */
  readonly occurredAt: Date;
}

/** A checkout was paid: the subscription exists and the user moves to its plan. */
export interface CheckoutCompleted extends EventBase {
  readonly kind: 'checkout-completed';
  /** The id StartedCheckout gave (Stripe cs_…, local lco_…). */
  readonly checkoutId: string;
  readonly subscription: SubscriptionSnapshot;
}

/** Created, updated (plan switch, renewal, cancel at period end, past due) or deleted (status canceled). */
export interface SubscriptionChanged extends EventBase {
  readonly kind: 'subscription-changed';
  readonly subscription: SubscriptionSnapshot;
}

export interface InvoicePaid extends EventBase {
  readonly kind: 'invoice-paid';
  readonly subscriptionId: string;
}

/** A renewal's payment failed: the subscription is past due (the grace period starts). */
export interface InvoicePaymentFailed extends EventBase {
  readonly kind: 'invoice-payment-failed';
  readonly subscriptionId: string;
}

export type BillingEvent = CheckoutCompleted | SubscriptionChanged | InvoicePaid | InvoicePaymentFailed;

/** What an adapter hands its events to (the billing service's applyEvent). Resolves once stored and applied. */
export type BillingEventSink = (event: BillingEvent) => Promise<void>;

/**
 * A verified event about a user this server does not have (deleted, or a subscription made for
 * another installation): nothing of it is applied (its transaction rolls back, so it is not recorded
 * as handled either); the webhook answers 400 and logs it for an operator, as for an unknown price.
 */
export class EventForUnknownUser extends Error {
  override readonly name = 'EventForUnknownUser';
}
